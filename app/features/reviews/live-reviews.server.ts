import { and, eq, isNull, type SQL } from "drizzle-orm";
import { reviews, type ReviewType } from "#db/schema";
import { inCluster, type Tenant } from "~/utils/scope.server";

/**
 * Reviews of this type in the tenant's cluster that are not removed: where every query of a review type
 * starts (who may open one is `review-access.server.ts`, on top of it).
 */
export function liveReviews(tenant: Tenant, type: ReviewType): SQL {
  return and(inCluster(reviews, tenant), eq(reviews.type, type), isNull(reviews.deletedAt))!;
}

/** What every list of reviews shows of one (besides its id): name, deadline and whether it is locked or finished. */
export const reviewListColumns = {
  name: reviews.name,
  deadline: reviews.deadline,
  lockedAt: reviews.lockedAt,
  isFinished: reviews.isFinished,
};
