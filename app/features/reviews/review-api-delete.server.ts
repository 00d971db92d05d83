import { and, inArray, isNull, or } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { reviews, type ReviewType } from "#db/schema";
import { requireWholePeerRound } from "~/features/peer-reviews/peer-review-admin.server";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import { can, type TenantContext } from "~/utils/tenant.server";
import { requireClusterWide, requireReview } from "./review-access.server";
import { auditReviews } from "./review-audit.server";

/** What each deletable type needs: the right and module of the page that deletes it (spec §6). */
const deletable = {
  "team-summary": { right: "teamReviews.manage", module: "team-review" },
  self: { right: "selfReviews.manage", module: "self-review" },
  peer: { right: "reviews.manage", module: "peer-review" },
} as const;

type DeleteAnswer = { ok: true; deleted: number } | { ok: false; forbidden: true };

/**
 * DELETE /api/reviews (spec §7, docs/decisions/1762): rounds (with their team reviews), self reviews and
 * peer rounds, each under the rule of the page that deletes it. Every id is checked before anything is
 * deleted — one that is not a live round, self or peer review of ctx's cluster, or one ctx may not open, is a
 * 404; a type whose right or module ctx lacks a 403 — and then all are removed (soft, decision 0641) in one
 * transaction with one audit row. A team review alone is not deletable: it goes with its round.
 */
export async function deleteReviewsForApi(ctx: TenantContext, ids: string[]): Promise<DeleteAnswer> {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.some((id) => !isUuid(id))) notFound();
  const db = getDb();
  const found = await db
    .select({ id: reviews.id, type: reviews.type })
    .from(reviews)
    .where(and(inCluster(reviews, ctx), inArray(reviews.id, unique), isNull(reviews.deletedAt)));
  if (found.length !== unique.length || found.some((r) => !isDeletable(r.type))) notFound();
  if (found.some((r) => !mayDeleteType(ctx, r.type as keyof typeof deletable))) return { ok: false, forbidden: true };
  for (const review of found) {
    if (review.type === "team-summary") requireClusterWide(ctx);
    else if (review.type === "self") await requireReview(ctx, review.id, "self");
    else await requireWholePeerRound(ctx, review.id);
  }
  const roundIds = found.filter((r) => r.type === "team-summary").map((r) => r.id);
  await db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(reviews)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        and(
          inCluster(reviews, ctx),
          isNull(reviews.deletedAt),
          or(inArray(reviews.id, unique), roundIds.length ? inArray(reviews.parentId, roundIds) : undefined),
        ),
      );
    await auditReviews(tx, ctx, "review.delete", unique);
  });
  return { ok: true, deleted: unique.length };
}

function isDeletable(type: ReviewType): type is keyof typeof deletable {
  return type in deletable;
}

function mayDeleteType(ctx: TenantContext, type: keyof typeof deletable) {
  const { right, module } = deletable[type];
  return can(ctx, right) && ctx.modules.has(module);
}
