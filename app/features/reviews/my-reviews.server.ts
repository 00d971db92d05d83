import { and, desc, eq, sql } from "drizzle-orm";

import { liveReviews, reviewListColumns } from "./live-reviews.server";
import { getDb } from "#db/client.server";
import { reviews, reviewSubjects } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * The signed-in person's self reviews in the current cluster (my/reviews): deadline, progress (answers
 * given of both parts) and state, newest first.
 */
export async function listMyReviews(ctx: TenantContext) {
  if (!ctx.membershipId) return [];
  const rows = await getDb()
    .select({
      reviewId: reviews.id,
      type: reviews.type,
      ...reviewListColumns,
      finishedAt: reviewSubjects.finishedAt,
      membershipId: reviewSubjects.membershipId,
      answered: sql<number>`((select count(*) from review_scores s where s.subject_id = ${reviewSubjects.id})
        + (select count(*) from review_team_answers a where a.subject_id = ${reviewSubjects.id}))::int`,
      questions: sql<number>`(2 * (select count(*) from review_criteria c where c.review_id = ${reviews.id}))::int`,
    })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .where(and(liveReviews(ctx, "self"), eq(reviewSubjects.membershipId, ctx.membershipId)))
    .orderBy(desc(reviews.createdAt));
  return rows.map((r) => ({
    ...r,
    state: r.finishedAt || r.isFinished ? ("finished" as const) : r.lockedAt ? ("locked" as const) : ("open" as const),
  }));
}
