import type { DbOrTx } from "#db/client.server";
import { auditBy, recordAudit, type AuditDetail } from "~/features/audit/audit.server";
import type { AuditAction } from "~/features/audit/audit-actions";
import type { TenantContext } from "~/utils/tenant.server";

/** One audit event about an employee (a membership of the current cluster), written with the change. */
export async function auditMembership(
  db: DbOrTx,
  ctx: TenantContext,
  action: AuditAction,
  subjectId: string | null,
  data?: AuditDetail,
) {
  await recordAudit(db, { ...auditBy(ctx), subjectType: "membership", subjectId, action, data });
}
