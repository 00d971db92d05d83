import { and, eq } from "drizzle-orm";
import { liveReviews } from "./live-reviews.server";
import { getDb, type DbOrTx } from "#db/client.server";
import { reviews, reviewSubjects, type ReviewType } from "#db/schema";
import { isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * "This reviewed person in this review of type X of my cluster, or a 404" — one loader for every review
 * type with subjects (docs/architecture.md "Review family"). Who may open it (the person, or whoever
 * manages their team) is the caller's rule, asked after.
 */
export async function requireReviewSubject(
  ctx: TenantContext,
  type: ReviewType,
  reviewId: string,
  membershipId: string | null | undefined,
  db: DbOrTx = getDb(),
) {
  if (!isUuid(reviewId) || !membershipId || !isUuid(membershipId)) notFound();
  const [row] = await db
    .select({ review: reviews, subject: reviewSubjects })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .where(and(liveReviews(ctx, type), eq(reviews.id, reviewId), eq(reviewSubjects.membershipId, membershipId)));
  return row ?? notFound();
}
