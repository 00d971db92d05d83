import { recordAudit } from "~/features/audit/audit.server";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { joinPerson } from "~/features/people/person-query.server";
import { getDb, type DbOrTx } from "#db/client.server";
import { accountSsoConfigs, clusters, invitations, memberships, users } from "#db/schema";
import { ssoProviders as allSsoProviders, type SsoProvider } from "#db/schema/enums-sso";
import { firstAccessibleClusterId, recordSuccessfulLogin } from "~/features/auth/login.server";
import { hashPassword } from "~/features/auth/password.server";
import { throttledTokenCheck } from "~/features/auth/throttle.server";
import { hashSecret } from "~/features/auth/tokens.server";
import { createSession } from "~/utils/session.server";

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

export const ssoLoginTypes = ["sso", "emailAndSSO"];

export async function findInvitation(secret: string) {
  if (!secret || secret.length > 200) return null;
  const [row] = await joinPerson(
    getDb()
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
      .$dynamic(),
    invitations.membershipId,
  )
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

/** An accepted invitation: who accepted, in which account and cluster. */
type Accepted = { userId: string; accountId: string; clusterId: string };

/**
 * The writes every acceptance makes, in its transaction: the address is verified (the link reached it),
 * the membership is no longer "invited", and the acceptance is audited. `passwordHash` is set when given.
 */
export async function completeAcceptance(
  tx: DbOrTx,
  invitation: { accountId: string; clusterId: string; membershipId: string },
  userId: string,
  ip: string,
  passwordHash?: string,
) {
  await tx
    .update(users)
    .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.accountId, invitation.accountId)));
  await tx
    .update(memberships)
    .set({ invited: false, updatedAt: new Date() })
    .where(eq(memberships.id, invitation.membershipId));
  await recordAudit(tx, {
    accountId: invitation.accountId,
    clusterId: invitation.clusterId,
    actorUserId: userId,
    subjectType: "membership",
    subjectId: invitation.membershipId,
    action: "invitation.accept",
    ip,
  });
}

/** Records the sign-in and starts the invitee's session in their first cluster (else the invitation's). */
export async function signInInvitee(request: Request, accepted: Accepted, ip: string) {
  await recordSuccessfulLogin({ userId: accepted.userId, accountId: accepted.accountId, ip });
  const clusterId = (await firstAccessibleClusterId(accepted.userId)) ?? accepted.clusterId;
  return createSession(request, {
    userId: accepted.userId,
    accountId: accepted.accountId,
    currentClusterId: clusterId,
    ip,
  });
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
    secret,
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
    input.secret,
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
    await completeAcceptance(tx, invitation, membership.userId, input.ip, passwordHash);
    return { userId: membership.userId, accountId: invitation.accountId, clusterId: invitation.clusterId };
  });
  if (!accepted) return { ok: false, code: "invalid" };
  const { setCookie } = await signInInvitee(request, accepted, input.ip);
  return { ok: true, setCookie };
}
