import { recordAudit } from "~/features/audit/audit.server";
import { and, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { accounts, clusters, invitations, memberships, users } from "#db/schema";
import { newSecret } from "~/features/auth/tokens.server";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { inCluster, uniqueUuids } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";

/** What inviting needs of the signed-in context; the personnel screens pass their TenantContext. */
export type InviterContext = Pick<TenantContext, "accountId" | "clusterId"> & { user: { id: string } };

/** Days an invitation link stays valid: INVITATION_EXPIRY_DAYS, default 7. */
export function invitationExpiryDays(): number {
  const days = Number(process.env.INVITATION_EXPIRY_DAYS);
  return Number.isFinite(days) && days > 0 ? days : 7;
}

/** A reminder goes out once, this many days after the invitation, while it is still pending. */
export const REMINDER_AFTER_DAYS = 3;

/** Records what ctx did to the invitations of these memberships, on `db` (the caller's transaction). */
async function auditInvitations(
  db: DbOrTx,
  ctx: InviterContext,
  action: "invitation.send" | "invitation.revoke",
  membershipIds: readonly string[],
) {
  await recordAudit(
    db,
    membershipIds.map((membershipId) => ({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      actorUserId: ctx.user.id,
      subjectType: "membership",
      subjectId: membershipId,
      action,
    })),
  );
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
  const ids = uniqueUuids(membershipIds);
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
      .where(and(inCluster(memberships, ctx), inArray(memberships.id, ids), isNull(memberships.deletedAt)));
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
    await auditInvitations(tx, ctx, "invitation.send", found);
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
  const ids = uniqueUuids(membershipIds);
  if (ids.length === 0) return { uninvited: [], skipped: membershipIds };
  const uninvited = await getDb().transaction(async (tx) => {
    const rows = await tx
      .update(memberships)
      .set({ access: false, invited: false, invitedAt: null, updatedAt: new Date() })
      .where(and(inCluster(memberships, ctx), inArray(memberships.id, ids), isNull(memberships.deletedAt)))
      .returning({ id: memberships.id });
    const found = rows.map((r) => r.id);
    if (found.length === 0) return found;
    await voidOpenInvitations(tx, ctx.accountId, found);
    await auditInvitations(tx, ctx, "invitation.revoke", found);
    return found;
  });
  return { uninvited, skipped: membershipIds.filter((id) => !uninvited.includes(id)) };
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
