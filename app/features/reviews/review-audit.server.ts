import type { DbOrTx } from "#db/client.server";
import { auditEvents } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";

/** Records what ctx did to reviews, on `db`: inside a transaction the record goes with the change. */
export async function auditReviews(
  db: DbOrTx,
  ctx: TenantContext,
  action: string,
  reviewIds: readonly string[],
  data?: Record<string, unknown>,
) {
  if (reviewIds.length === 0) return;
  await db.insert(auditEvents).values(
    reviewIds.map((reviewId) => ({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      actorUserId: ctx.user.id,
      subjectType: "review",
      subjectId: reviewId,
      action,
      data,
    })),
  );
}
