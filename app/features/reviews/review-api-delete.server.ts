import { and, count, inArray, isNull, or, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { reviews, type ReviewType } from "#db/schema";
import { wholePeerRounds } from "~/features/peer-reviews/peer-review-admin.server";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import { can, type TenantContext } from "~/utils/tenant.server";
import { peerReviewVisibility, requireClusterWide, selfReviewVisibility } from "./review-access.server";
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
 * 404; a type whose right or module ctx lacks a 403 — and then all are removed (soft, decision 0641), checks and
 * removal in one transaction with one audit row, one statement per type whatever the number of ids. A team review alone is not deletable: it goes with its round.
 */
export async function deleteReviewsForApi(ctx: TenantContext, ids: string[]): Promise<DeleteAnswer> {
  const unique = [...new Set(ids)];
  if (unique.length === 0 || unique.some((id) => !isUuid(id))) notFound();
  // Checks and removal in one transaction, one statement per type (not one per id): what was checked is removed.
  return getDb().transaction(async (tx): Promise<DeleteAnswer> => {
    const found = await tx
      .select({ id: reviews.id, type: reviews.type })
      .from(reviews)
      .where(and(inCluster(reviews, ctx), inArray(reviews.id, unique), isNull(reviews.deletedAt)));
    if (found.length !== unique.length || found.some((r) => !isDeletable(r.type))) notFound();
    if (found.some((r) => !mayDeleteType(ctx, r.type as keyof typeof deletable))) return { ok: false, forbidden: true };
    const idsOf = (type: ReviewType) => found.filter((r) => r.type === type).map((r) => r.id);
    const roundIds = idsOf("team-summary");
    if (roundIds.length > 0) requireClusterWide(ctx);
    await requireAllOpen(tx, idsOf("self"), selfReviewVisibility(ctx));
    await requireAllOpen(tx, idsOf("peer"), and(peerReviewVisibility(ctx), wholePeerRounds(ctx)));
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
    return { ok: true, deleted: unique.length };
  });
}

/** A 404 unless every one of `ids` (already read: live, of ctx's cluster) meets `rule` — one statement for all. */
async function requireAllOpen(tx: DbOrTx, ids: string[], rule: SQL | undefined) {
  if (ids.length === 0 || !rule) return;
  const [{ n }] = await tx
    .select({ n: count() })
    .from(reviews)
    .where(and(inArray(reviews.id, ids), rule));
  if (n !== ids.length) notFound();
}

function isDeletable(type: ReviewType): type is keyof typeof deletable {
  return type in deletable;
}

function mayDeleteType(ctx: TenantContext, type: keyof typeof deletable) {
  const { right, module } = deletable[type];
  return can(ctx, right) && ctx.modules.has(module);
}
