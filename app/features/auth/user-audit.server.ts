import type { DbOrTx } from "#db/client.server";
import { auditEvents } from "#db/schema";

/**
 * One audit event a user caused about themselves (sign-in, sign-out, password, 2FA, e-mail), written on
 * `db`: inside a transaction the record goes with the change.
 */
export async function auditOwnAction(
  db: DbOrTx,
  event: { accountId: string; userId: string; action: string; ip?: string; data?: Record<string, unknown> },
) {
  await db.insert(auditEvents).values({
    accountId: event.accountId,
    actorUserId: event.userId,
    subjectType: "user",
    subjectId: event.userId,
    action: event.action,
    ip: event.ip,
    data: event.data,
  });
}
