import type { DbOrTx } from "#db/client.server";
import { auditBy, recordAudit, type AuditDetail } from "~/features/audit/audit.server";
import type { AuditAction } from "~/features/audit/audit-actions";
import type { TenantContext } from "~/utils/tenant.server";

/** Records what ctx did to reviews, on `db`: inside a transaction the record goes with the change. */
export async function auditReviews(
  db: DbOrTx,
  ctx: TenantContext,
  action: AuditAction,
  reviewIds: readonly string[],
  data?: AuditDetail,
) {
  await recordAudit(
    db,
    reviewIds.map((reviewId) => ({
      ...auditBy(ctx),
      subjectType: "review" as const,
      subjectId: reviewId,
      action,
      data,
    })),
  );
}
