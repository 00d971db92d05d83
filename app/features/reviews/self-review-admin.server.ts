import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { liveReviews, reviewListColumns } from "./live-reviews.server";
import { joinPerson } from "~/features/people/person-query.server";
import * as z from "zod";
import { getDb } from "#db/client.server";
import { reviewReviewers, reviews, reviewSubjects, reviewTags, reviewTeams, tags, users } from "#db/schema";
import { teamInScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { requireReview, selfReviewScope, selfReviewVisibility } from "./review-access.server";
import { auditReviews } from "./review-audit.server";
import { reopenedWhenUnlocked } from "./review-state.server";

/** The self review overview and a self review's tabs (docs/decisions/0943): list, details, lock, delete. */

export const selfReviewFilterSchema = z.object({
  teamId: z.uuid().optional().catch(undefined),
  tagId: z.uuid().optional().catch(undefined),
  state: z.enum(["open", "locked", "finished"]).optional().catch(undefined),
});
export type SelfReviewFilter = z.infer<typeof selfReviewFilterSchema>;

// Qualified by hand: in a one-table select list drizzle renders ${reviews.id} as a bare "id", which
// inside these subqueries would name the subquery's own column.
const reviewId = sql.raw(`"reviews"."id"`);
const participantCount = sql<number>`(select count(*) from review_subjects s where s.review_id = ${reviewId})::int`;
const finishedCount = sql<number>`(select count(*) from review_subjects s where s.review_id = ${reviewId} and s.finished_at is not null)::int`;

/** The self reviews ctx manages, newest first, with participants and how many finished. */
export async function listSelfReviews(ctx: TenantContext, filter: SelfReviewFilter) {
  const rows = await getDb()
    .select({
      id: reviews.id,
      ...reviewListColumns,
      sourceReviewId: reviews.sourceReviewId,
      participants: participantCount,
      finished: finishedCount,
      teams: sql<
        string[]
      >`coalesce((select array_agg(rt.team_name order by lower(rt.team_name)) from review_teams rt where rt.review_id = ${reviewId}), '{}')`,
    })
    .from(reviews)
    .where(
      and(
        liveReviews(ctx, "self"),
        selfReviewVisibility(ctx),
        filter.teamId
          ? sql`exists (select 1 from review_teams rt where rt.review_id = ${reviews.id} and rt.team_id = ${filter.teamId})`
          : undefined,
        filter.tagId
          ? sql`exists (select 1 from review_tags rg where rg.review_id = ${reviews.id} and rg.tag_id = ${filter.tagId})`
          : undefined,
        filter.state === "locked" ? sql`${reviews.lockedAt} is not null` : undefined,
        filter.state === "finished" ? eq(reviews.isFinished, true) : undefined,
        filter.state === "open" ? and(isNull(reviews.lockedAt), eq(reviews.isFinished, false)) : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt))
    .limit(200);
  return rows;
}

/** One self review ctx manages, with its teams, tags, source round and participants' progress. */
export async function getSelfReviewDetails(ctx: TenantContext, reviewId: string) {
  const db = getDb();
  const review = await requireReview(ctx, reviewId, "self", db);
  const [teamRows, tagRows, source, people, [{ criteriaCount }]] = await Promise.all([
    db
      .select({ id: reviewTeams.teamId, name: reviewTeams.teamName })
      .from(reviewTeams)
      .where(eq(reviewTeams.reviewId, review.id))
      .orderBy(asc(sql`lower(${reviewTeams.teamName})`)),
    db
      .select({ name: tags.name })
      .from(reviewTags)
      .innerJoin(tags, eq(tags.id, reviewTags.tagId))
      .where(eq(reviewTags.reviewId, review.id)),
    review.sourceReviewId
      ? db.select({ id: reviews.id, name: reviews.name }).from(reviews).where(eq(reviews.id, review.sourceReviewId))
      : Promise.resolve([]),
    joinPerson(
      db
        .select({
          membershipId: reviewSubjects.membershipId,
          teamId: reviewSubjects.teamId,
          firstName: users.firstName,
          lastName: users.lastName,
          finishedAt: reviewSubjects.finishedAt,
          performance: reviewSubjects.performance,
          potential: reviewSubjects.potential,
          employability: reviewSubjects.employability,
          invitedAt: reviewReviewers.invitedAt,
          answered: sql<number>`((select count(*) from review_scores s where s.subject_id = ${reviewSubjects.id})
          + (select count(*) from review_team_answers a where a.subject_id = ${reviewSubjects.id}))::int`,
        })
        .from(reviewSubjects)
        .leftJoin(
          reviewReviewers,
          and(
            eq(reviewReviewers.reviewId, reviewSubjects.reviewId),
            eq(reviewReviewers.membershipId, reviewSubjects.membershipId),
          ),
        )
        .$dynamic(),
      reviewSubjects.membershipId,
    )
      .where(eq(reviewSubjects.reviewId, review.id))
      .orderBy(asc(users.lastNameSort), asc(sql`lower(${users.firstName})`)),
    db
      .select({ criteriaCount: sql<number>`count(*)::int` })
      .from(sql`review_criteria`)
      .where(sql`review_id = ${review.id}`),
  ]);
  const teamName = new Map(teamRows.map((t) => [t.id, t.name]));
  // A team leader sees the participants of the teams they lead (a review can span other leaders' teams).
  const scope = selfReviewScope(ctx);
  const visible = people.filter((p) => teamInScope(scope, p.teamId));
  return {
    review,
    teams: teamRows,
    tags: tagRows.map((t) => t.name),
    source: source[0] ?? null,
    questions: criteriaCount * 2,
    participants: visible.map((p) => ({ ...p, teamName: p.teamId ? (teamName.get(p.teamId) ?? "") : "" })),
  };
}

/**
 * Confirms a self review as complete (every questionnaire read-only, no more mail) or rolls that back;
 * the participants' own finished state is kept either way.
 */
export async function setSelfReviewCompleted(ctx: TenantContext, reviewId: string, completed: boolean) {
  const review = await requireReview(ctx, reviewId, "self");
  const at = completed ? new Date() : null;
  await getDb().transaction(async (tx) => {
    await tx
      .update(reviews)
      .set({
        isFinished: completed,
        finishedAt: at,
        completionConfirmedAt: at,
        ...(completed ? {} : { reopenedAt: new Date() }),
        updatedAt: new Date(),
      })
      .where(eq(reviews.id, review.id));
    await auditReviews(tx, ctx, completed ? "review.confirm" : "review.rollback", [review.id]);
  });
}

/** Locks or unlocks a self review: locked, no participant can change their answers. */
export function setSelfReviewLocked(ctx: TenantContext, reviewId: string, locked: boolean) {
  return setQuestionnaireReviewLocked(ctx, reviewId, "self", locked);
}

/** Deletes a self review (soft: its answers are history, decision 0641); gone from every list and page. */
export function deleteSelfReview(ctx: TenantContext, reviewId: string) {
  return softDeleteQuestionnaireReview(ctx, reviewId, "self");
}

/** Locking shared by the questionnaire reviews (self and peer, docs/decisions/1021). */
export async function setQuestionnaireReviewLocked(
  ctx: TenantContext,
  reviewId: string,
  type: "self" | "peer",
  locked: boolean,
) {
  const review = await requireReview(ctx, reviewId, type);
  await getDb().transaction(async (tx) => {
    await tx
      .update(reviews)
      .set({ lockedAt: locked ? new Date() : null, ...reopenedWhenUnlocked(locked), updatedAt: new Date() })
      .where(eq(reviews.id, review.id));
    await auditReviews(tx, ctx, locked ? "review.lock" : "review.unlock", [review.id]);
  });
}

/** Soft delete shared by the questionnaire reviews (self and peer). */
export async function softDeleteQuestionnaireReview(ctx: TenantContext, reviewId: string, type: "self" | "peer") {
  const review = await requireReview(ctx, reviewId, type);
  await getDb().transaction(async (tx) => {
    await tx.update(reviews).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(reviews.id, review.id));
    await auditReviews(tx, ctx, "review.delete", [review.id]);
  });
}
