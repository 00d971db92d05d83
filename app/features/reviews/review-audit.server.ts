import { eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "#db/client.server";
import { reviews } from "#db/schema";
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

/**
 * Records that scores or answers of a review changed after it had been finished, confirmed or locked (it was
 * rolled back or unlocked since: `reopened_at`), in the transaction of the change. Counts only, never a score
 * (decision 1670). Nothing is recorded for a review that was never reopened, or when nothing changed.
 */
export async function auditChangeAfterFinish(
  tx: Tx,
  ctx: TenantContext,
  reviewId: string,
  counts: { scores: number; subjects?: number; criteria?: number; goals?: number },
) {
  if (!Object.values(counts).some((n) => n)) return;
  const [review] = await tx.select({ reopenedAt: reviews.reopenedAt }).from(reviews).where(eq(reviews.id, reviewId));
  if (!review?.reopenedAt) return;
  await auditReviews(tx, ctx, "review.scoresChangedAfterFinish", [reviewId], counts);
}
