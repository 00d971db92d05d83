import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { reviews, type ReviewType } from "#db/schema";
import { inCluster } from "~/utils/scope.server";
import { can, type TenantContext } from "~/utils/tenant.server";
import { liveReviews } from "./live-reviews.server";
import {
  managesAllReviews,
  peerReviewVisibility,
  selfReviewVisibility,
  teamReviewVisibility,
} from "./review-access.server";

/**
 * Which review types the reviews JSON API serves ctx (docs/decisions/1660): team reviews and their rounds
 * with reviews.manage and the team-review module, self reviews with selfReviews.manage and self-review,
 * peer rounds with reviews.manage and peer-review — the rights of the pages that open them.
 */
export type ReviewApiAccess = Record<ReviewType, boolean>;

export function reviewApiAccess(ctx: TenantContext): ReviewApiAccess {
  const team = can(ctx, "reviews.manage") && ctx.modules.has("team-review");
  return {
    team,
    "team-summary": team,
    self: can(ctx, "selfReviews.manage") && ctx.modules.has("self-review"),
    peer: can(ctx, "reviews.manage") && ctx.modules.has("peer-review"),
  };
}

export const mayUseReviewsApi = (access: ReviewApiAccess) => Object.values(access).some(Boolean);

/** A round ctx may open: one of its live team reviews is one ctx may open (as `mayOpenReview`). */
function roundVisibility(ctx: TenantContext): SQL | undefined {
  if (managesAllReviews(ctx)) return undefined;
  // The subquery's own `reviews` shadows the outer one: its columns are the team reviews'.
  const teamReviewRounds = getDb()
    .select({ parentId: reviews.parentId })
    .from(reviews)
    .where(and(liveReviews(ctx, "team"), teamReviewVisibility(ctx)));
  return inArray(reviews.id, teamReviewRounds);
}

/**
 * Every review of ctx's cluster (not removed) the API serves ctx, as a condition on `reviews`: the
 * review-access rules of each type it has access to, so the list holds exactly what GET api/reviews/{id}
 * opens.
 */
export function apiReviewVisibility(ctx: TenantContext, access: ReviewApiAccess): SQL {
  const ofType = (type: ReviewType, visible: SQL | undefined) =>
    access[type] ? and(eq(reviews.type, type), visible) : undefined;
  return and(
    inCluster(reviews, ctx),
    isNull(reviews.deletedAt),
    or(
      ofType("team", teamReviewVisibility(ctx)),
      ofType("team-summary", roundVisibility(ctx)),
      ofType("self", selfReviewVisibility(ctx)),
      ofType("peer", peerReviewVisibility(ctx)),
    ) ?? sql`false`,
  )!;
}
