import { and, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import {
  accountSsoConfigs,
  accounts,
  auditEvents,
  clusters,
  invitations,
  memberships,
  userSsoIdentities,
  users,
} from "#db/schema";
import { ssoProviders as allSsoProviders, type SsoProvider } from "#db/schema/enums-sso";
import { firstAccessibleClusterId, recordSuccessfulLogin } from "~/features/auth/login.server";
import { hashPassword } from "~/features/auth/password.server";
import { throttledTokenCheck } from "~/features/auth/throttle.server";
import { hashSecret, newSecret } from "~/features/auth/tokens.server";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { isUuid } from "~/utils/scope.server";
import { createSession } from "~/utils/session.server";
import type { TenantContext } from "~/utils/tenant.server";

export type InvitationStatus = "pending" | "accepted" | "expired";

/** What inviting needs of the signed-in context; the personnel screens pass their TenantContext. */
export type InviterContext = Pick<TenantContext, "accountId" | "clusterId"> & { user: { id: string } };

/** Days an invitation link stays valid: INVITATION_EXPIRY_DAYS, default 7. */
export function invitationExpiryDays(): number {
  const days = Number(process.env.INVITATION_EXPIRY_DAYS);
  return Number.isFinite(days) && days > 0 ? days : 7;
}

/** A reminder goes out once, this many days after the invitation, while it is still pending. */
export const REMINDER_AFTER_DAYS = 3;

function validIds(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => isUuid(id)))];
}

/** Voids the open invitations of these memberships (in the caller's transaction). */
async function voidOpenInvitations(tx: DbOrTx, accountId: string, membershipIds: string[]) {
  await tx
    .update(invitations)
    .set({ voidedAt: new Date() })
    .where(
      and(
        eq(invitations.accountId, accountId),
        inArray(invitations.membershipId, membershipIds),
        isNull(invitations.acceptedAt),
        isNull(invitations.voidedAt),
      ),
    );
}

/**
 * Invites employees of the current cluster: sets access and invited, voids any earlier link and sends
 * a new invitation e-mail in each person's language. Ids of other clusters or accounts are skipped.
 */
export async function inviteMemberships(
  ctx: InviterContext,
  membershipIds: string[],
): Promise<{ invited: string[]; skipped: string[] }> {
  const ids = validIds(membershipIds);
  if (ids.length === 0) return { invited: [], skipped: membershipIds };
  const db = getDb();
  const { invited, emailIds } = await db.transaction(async (tx) => {
    const rows = await tx
      .select({
        membershipId: memberships.id,
        userId: users.id,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
        clusterName: clusters.name,
      })
      .from(memberships)
      .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)))
      .innerJoin(clusters, eq(clusters.id, memberships.clusterId))
      .where(
        and(
          eq(memberships.accountId, ctx.accountId),
          eq(memberships.clusterId, ctx.clusterId),
          inArray(memberships.id, ids),
          isNull(memberships.deletedAt),
        ),
      );
    if (rows.length === 0) return { invited: [] as string[], emailIds: [] as string[] };
    const found = rows.map((r) => r.membershipId);
    const now = new Date();
    await tx
      .update(memberships)
      .set({ access: true, invited: true, invitedAt: now, updatedAt: now })
      .where(and(eq(memberships.accountId, ctx.accountId), inArray(memberships.id, found)));
    await voidOpenInvitations(tx, ctx.accountId, found);
    const expiresAt = new Date(now.getTime() + invitationExpiryDays() * 86_400_000);
    const secrets = rows.map(() => newSecret());
    await tx.insert(invitations).values(
      rows.map((row, i) => ({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        membershipId: row.membershipId,
        invitedByUserId: ctx.user.id,
        secretHash: secrets[i].hash,
        expiresAt,
      })),
    );
    await tx.insert(auditEvents).values(
      rows.map((row) => ({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        actorUserId: ctx.user.id,
        subjectType: "membership",
        subjectId: row.membershipId,
        action: "invitation.send",
      })),
    );
    const emailIds: string[] = [];
    for (const [i, row] of rows.entries()) {
      emailIds.push(
        await queueEmail(tx, {
          accountId: ctx.accountId,
          to: row.email,
          template: "invitation",
          locale: row.language,
          props: { firstName: row.firstName, path: `/invitation/${secrets[i].secret}`, organisation: row.clusterName },
        }),
      );
    }
    return { invited: found, emailIds };
  });
  for (const id of emailIds) await enqueueEmailDelivery(id);
  return { invited, skipped: membershipIds.filter((id) => !invited.includes(id)) };
}

/** Clears access and invited and voids the open links. Ids of other clusters or accounts are skipped. */
export async function uninviteMemberships(
  ctx: InviterContext,
  membershipIds: string[],
): Promise<{ uninvited: string[]; skipped: string[] }> {
  const ids = validIds(membershipIds);
  if (ids.length === 0) return { uninvited: [], skipped: membershipIds };
  const uninvited = await getDb().transaction(async (tx) => {
    const rows = await tx
      .update(memberships)
      .set({ access: false, invited: false, invitedAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(memberships.accountId, ctx.accountId),
          eq(memberships.clusterId, ctx.clusterId),
          inArray(memberships.id, ids),
          isNull(memberships.deletedAt),
        ),
      )
      .returning({ id: memberships.id });
    const found = rows.map((r) => r.id);
    if (found.length === 0) return found;
    await voidOpenInvitations(tx, ctx.accountId, found);
    await tx.insert(auditEvents).values(
      found.map((id) => ({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        actorUserId: ctx.user.id,
        subjectType: "membership",
        subjectId: id,
        action: "invitation.revoke",
      })),
    );
    return found;
  });
  return { uninvited, skipped: membershipIds.filter((id) => !uninvited.includes(id)) };
}

/**
 * The state of the latest (not voided) invitation per membership, for HR's lists; memberships never
 * invited (or uninvited) are absent. One indexed query for a whole page of people.
 */
export async function invitationStatusOf(
  ctx: Pick<TenantContext, "accountId" | "clusterId">,
  membershipIds: string[],
  now: Date = new Date(),
): Promise<Map<string, InvitationStatus>> {
  const ids = validIds(membershipIds);
  const result = new Map<string, InvitationStatus>();
  if (ids.length === 0) return result;
  const rows = await getDb()
    .selectDistinctOn([invitations.membershipId], {
      membershipId: invitations.membershipId,
      acceptedAt: invitations.acceptedAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .where(
      and(
        eq(invitations.accountId, ctx.accountId),
        eq(invitations.clusterId, ctx.clusterId),
        inArray(invitations.membershipId, ids),
        isNull(invitations.voidedAt),
      ),
    )
    .orderBy(invitations.membershipId, sql`${invitations.createdAt} desc`);
  for (const row of rows) {
    result.set(
      row.membershipId,
      row.acceptedAt ? "accepted" : row.expiresAt.getTime() <= now.getTime() ? "expired" : "pending",
    );
  }
  return result;
}

function bySecret(secret: string) {
  const hash = hashSecret(secret);
  return or(eq(invitations.secretHash, hash), eq(invitations.reminderSecretHash, hash));
}

export type InvitationLookup =
  | {
      status: "valid";
      firstName: string;
      email: string;
      organisation: string;
      /** Providers the invitee may accept with: their login type allows SSO and the account configured them. */
      ssoProviders: SsoProvider[];
      /** False for an SSO-only invitee whose account has SSO: a password would never be usable. */
      passwordAllowed: boolean;
    }
  | { status: "expired" | "invalid" };

const ssoLoginTypes = ["sso", "emailAndSSO"];

async function findInvitation(secret: string) {
  if (!secret || secret.length > 200) return null;
  const [row] = await getDb()
    .select({
      id: invitations.id,
      accountId: invitations.accountId,
      acceptedAt: invitations.acceptedAt,
      voidedAt: invitations.voidedAt,
      expiresAt: invitations.expiresAt,
      firstName: users.firstName,
      email: users.email,
      loginType: users.loginType,
      organisation: clusters.name,
    })
    .from(invitations)
    .innerJoin(memberships, eq(memberships.id, invitations.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(clusters, eq(clusters.id, invitations.clusterId))
    .where(bySecret(secret))
    .limit(1);
  return row ?? null;
}

/** What /invitation/{token} shows: the form, the expired message, or the invalid-link message. */
export async function lookupInvitation(secret: string): Promise<InvitationLookup> {
  const row = await findInvitation(secret);
  if (!row || row.acceptedAt || row.voidedAt) return { status: "invalid" };
  if (row.expiresAt.getTime() <= Date.now()) return { status: "expired" };
  let ssoProviders: SsoProvider[] = [];
  if (ssoLoginTypes.includes(row.loginType)) {
    const configured = await getDb()
      .select({ provider: accountSsoConfigs.provider })
      .from(accountSsoConfigs)
      .where(eq(accountSsoConfigs.accountId, row.accountId));
    ssoProviders = allSsoProviders.filter((p) => configured.some((c) => c.provider === p));
  }
  return {
    status: "valid",
    firstName: row.firstName,
    email: row.email,
    organisation: row.organisation,
    ssoProviders,
    passwordAllowed: row.loginType !== "sso" || ssoProviders.length === 0,
  };
}

/** The pending invitation an SSO sign-in may accept (docs/decisions/0431). */
export async function invitationForSso(
  secret: string,
  provider: SsoProvider,
): Promise<
  | { ok: true; invitationId: string; accountId: string; email: string }
  | { ok: false; code: "expired" | "invalid" | "notAvailable" }
> {
  const lookup = await lookupInvitation(secret);
  if (lookup.status !== "valid") return { ok: false, code: lookup.status };
  if (!lookup.ssoProviders.includes(provider)) return { ok: false, code: "notAvailable" };
  const row = (await findInvitation(secret))!;
  return { ok: true, invitationId: row.id, accountId: row.accountId, email: row.email };
}

export type SsoAcceptResult =
  { ok: true; setCookie: string } | { ok: false; code: "emailMismatch" | "invalid" | "identityTaken" };

/**
 * Accepts an invitation with a completed SSO sign-in, once: the provider's verified e-mail must be the
 * invited address. Marks the invitation accepted, links (issuer, subject) to the invitee, marks the address
 * verified and starts a session, like a password acceptance. A mismatch changes nothing.
 */
export async function acceptInvitationWithSso(
  request: Request,
  input: {
    invitationId: string;
    email: string | null;
    identity: { provider: SsoProvider; issuer: string; subject: string };
    ip: string;
  },
): Promise<SsoAcceptResult> {
  const outcome = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({
        invitation: invitations,
        userId: users.id,
        email: users.email,
        loginType: users.loginType,
      })
      .from(invitations)
      .innerJoin(memberships, eq(memberships.id, invitations.membershipId))
      .innerJoin(
        users,
        and(eq(users.id, memberships.userId), eq(users.accountId, invitations.accountId), isNull(users.deletedAt)),
      )
      .where(
        and(
          eq(invitations.id, input.invitationId),
          isNull(invitations.acceptedAt),
          isNull(invitations.voidedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .for("update", { of: invitations });
    if (!row || !ssoLoginTypes.includes(row.loginType)) return { ok: false as const, code: "invalid" as const };
    if (!input.email || row.email.trim().toLowerCase() !== input.email) {
      return { ok: false as const, code: "emailMismatch" as const };
    }
    const { invitation } = row;
    const [linked] = await tx
      .select({ userId: userSsoIdentities.userId })
      .from(userSsoIdentities)
      .where(
        and(eq(userSsoIdentities.issuer, input.identity.issuer), eq(userSsoIdentities.subject, input.identity.subject)),
      );
    if (linked && linked.userId !== row.userId) return { ok: false as const, code: "identityTaken" as const };
    if (!linked) {
      await tx.insert(userSsoIdentities).values({
        accountId: invitation.accountId,
        userId: row.userId,
        provider: input.identity.provider,
        issuer: input.identity.issuer,
        subject: input.identity.subject,
        lastUsedAt: new Date(),
      });
    }
    await tx.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.id, invitation.id));
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, row.userId));
    await tx
      .update(memberships)
      .set({ invited: false, updatedAt: new Date() })
      .where(eq(memberships.id, invitation.membershipId));
    await tx.insert(auditEvents).values([
      {
        accountId: invitation.accountId,
        clusterId: invitation.clusterId,
        actorUserId: row.userId,
        subjectType: "membership",
        subjectId: invitation.membershipId,
        action: "invitation.accept",
        ip: input.ip,
      },
      {
        accountId: invitation.accountId,
        actorUserId: row.userId,
        subjectType: "user",
        subjectId: row.userId,
        action: "sso-login",
        ip: input.ip,
      },
    ]);
    return {
      ok: true as const,
      userId: row.userId,
      accountId: invitation.accountId,
      clusterId: invitation.clusterId,
    };
  });
  if (!outcome.ok) return outcome;
  await recordSuccessfulLogin({ userId: outcome.userId, accountId: outcome.accountId, ip: input.ip });
  const clusterId = (await firstAccessibleClusterId(outcome.userId)) ?? outcome.clusterId;
  const { setCookie } = await createSession(request, {
    userId: outcome.userId,
    accountId: outcome.accountId,
    currentClusterId: clusterId,
    ip: input.ip,
  });
  return { ok: true, setCookie };
}

export type AcceptResult =
  | { ok: true; setCookie: string }
  | { ok: false; code: "expired" | "invalid" | "ssoOnly" }
  | { ok: false; code: "tooManyAttempts"; retryAfter: number };

/** /invitation/{token}'s lookup, behind the per-IP counter of link checks (a guessed token counts). */
export async function lookupInvitationFrom(
  secret: string,
  ip: string,
): Promise<InvitationLookup | { status: "tooManyAttempts"; retryAfter: number }> {
  const checked = await throttledTokenCheck(
    ip,
    () => lookupInvitation(secret),
    (lookup) => lookup.status !== "invalid",
  );
  return checked.limited ? { status: "tooManyAttempts", retryAfter: checked.retryAfter } : checked.value;
}

/**
 * Accepts once: sets the password, marks the address verified (the link reached it), records the
 * sign-in and starts a session in the invitation's cluster. Wrong links count against the IP.
 */
export async function acceptInvitation(
  request: Request,
  input: { secret: string; password: string; ip: string },
): Promise<AcceptResult> {
  const checked = await throttledTokenCheck(
    input.ip,
    () => acceptInvitationOnce(request, input),
    (result) => result.ok || result.code !== "invalid",
  );
  return checked.limited ? { ok: false, code: "tooManyAttempts", retryAfter: checked.retryAfter } : checked.value;
}

async function acceptInvitationOnce(
  request: Request,
  input: { secret: string; password: string; ip: string },
): Promise<AcceptResult> {
  const lookup = await lookupInvitation(input.secret);
  if (lookup.status !== "valid") return { ok: false, code: lookup.status };
  if (!lookup.passwordAllowed) return { ok: false, code: "ssoOnly" };
  const passwordHash = await hashPassword(input.password);
  const accepted = await getDb().transaction(async (tx) => {
    const [invitation] = await tx
      .update(invitations)
      .set({ acceptedAt: new Date() })
      .where(
        and(
          bySecret(input.secret),
          isNull(invitations.acceptedAt),
          isNull(invitations.voidedAt),
          gt(invitations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!invitation) return null;
    const [membership] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.id, invitation.membershipId), eq(memberships.accountId, invitation.accountId)));
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(users.id, membership.userId), eq(users.accountId, invitation.accountId)));
    await tx
      .update(memberships)
      .set({ invited: false, updatedAt: new Date() })
      .where(eq(memberships.id, invitation.membershipId));
    await tx.insert(auditEvents).values({
      accountId: invitation.accountId,
      clusterId: invitation.clusterId,
      actorUserId: membership.userId,
      subjectType: "membership",
      subjectId: invitation.membershipId,
      action: "invitation.accept",
      ip: input.ip,
    });
    return { userId: membership.userId, accountId: invitation.accountId, clusterId: invitation.clusterId };
  });
  if (!accepted) return { ok: false, code: "invalid" };
  await recordSuccessfulLogin({ userId: accepted.userId, accountId: accepted.accountId, ip: input.ip });
  const clusterId = (await firstAccessibleClusterId(accepted.userId)) ?? accepted.clusterId;
  const { setCookie } = await createSession(request, {
    userId: accepted.userId,
    accountId: accepted.accountId,
    currentClusterId: clusterId,
    ip: input.ip,
  });
  return { ok: true, setCookie };
}

/**
 * Sends the one reminder for invitations pending for REMINDER_AFTER_DAYS. Each row is claimed with
 * FOR UPDATE SKIP LOCKED and marked reminded in the same transaction as its e-mail, so a rerun or a
 * second worker never sends twice.
 */
export async function sendInvitationReminders(limit = 200, now: Date = new Date()): Promise<number> {
  const db = getDb();
  const dueBefore = new Date(now.getTime() - REMINDER_AFTER_DAYS * 86_400_000);
  const emailIds = await db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: invitations.id,
        accountId: invitations.accountId,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
        organisation: clusters.name,
      })
      .from(invitations)
      .innerJoin(memberships, eq(memberships.id, invitations.membershipId))
      .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)))
      .innerJoin(clusters, eq(clusters.id, invitations.clusterId))
      .innerJoin(accounts, eq(accounts.id, invitations.accountId))
      .where(
        and(
          isNull(invitations.acceptedAt),
          isNull(invitations.voidedAt),
          isNull(invitations.remindedAt),
          lt(invitations.createdAt, dueBefore),
          gt(invitations.expiresAt, now),
        ),
      )
      .orderBy(invitations.createdAt)
      .limit(limit)
      .for("update", { of: invitations, skipLocked: true });
    const ids: string[] = [];
    for (const row of due) {
      const { secret, hash } = newSecret();
      await tx.update(invitations).set({ remindedAt: now, reminderSecretHash: hash }).where(eq(invitations.id, row.id));
      ids.push(
        await queueEmail(tx, {
          accountId: row.accountId,
          to: row.email,
          template: "invitation-reminder",
          locale: row.language,
          props: { firstName: row.firstName, path: `/invitation/${secret}`, organisation: row.organisation },
        }),
      );
    }
    return ids;
  });
  for (const id of emailIds) await enqueueEmailDelivery(id);
  return emailIds.length;
}
