import type { DbOrTx } from "#db/client.server";
import { recordAudit, type AuditDetail } from "~/features/audit/audit.server";
import type { AuditAction } from "~/features/audit/audit-actions";

/**
 * One audit event a user caused about themselves (sign-in, sign-out, password, 2FA, e-mail), written on
 * `db`: inside a transaction the record goes with the change.
 */
export async function auditOwnAction(
  db: DbOrTx,
  event: { accountId: string; userId: string; action: AuditAction; ip?: string; data?: AuditDetail },
) {
  await recordAudit(db, {
    accountId: event.accountId,
    actorUserId: event.userId,
    subjectType: "user",
    subjectId: event.userId,
    action: event.action,
    ip: event.ip,
    data: event.data,
  });
}
