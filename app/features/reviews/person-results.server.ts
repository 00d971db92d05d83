import { and, asc, desc, eq, isNull, lt, ne, sql } from "drizzle-orm";
import { joinPerson } from "~/features/people/person-query.server";
import { getDb } from "#db/client.server";
import { reviewReviewers, reviews, reviewScores, reviewSubjects, users } from "#db/schema";
import type { Characteristics } from "#db/schema";
import type { Dimension } from "~/features/criteria/scales";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { levelNameOf } from "./results";
import {
  requireRound,
  requireTeamReview,
  roundOf,
  type Review,
  teamReviewsInScope,
  teamReviewVisibility,
} from "./review-access.server";
import { auditReviews } from "./review-audit.server";
import { reviewCriteriaRows } from "./review-criteria.server";
import { subjectResultColumns } from "./review-scores.server";
import { scaleOf } from "./review-scoring";
import { personName } from "~/utils/person-name";

/** One person's results in a team review: the compare page, the printable report and their development goal. */

/**
 * The team review and subject row of a person: `id` may be the team review or the round (then the
 * person's team review in it that ctx may see). 404 when the person is not reviewed there.
 */
async function requireSubject(ctx: TenantContext, id: string, membershipId: string) {
  if (!isUuid(id) || !isUuid(membershipId)) notFound();
  const db = getDb();
  const [row] = await db
    .select({ type: reviews.type })
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.id, id), isNull(reviews.deletedAt)));
  if (!row) notFound();
  let reviewId = id;
  if (row.type === "team-summary") {
    const round = await requireRound(ctx, id, db);
    const [found] = await db
      .select({ reviewId: reviewSubjects.reviewId })
      .from(reviewSubjects)
      .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
      .where(and(teamReviewsInScope(ctx, round.id), eq(reviewSubjects.membershipId, membershipId)));
    if (!found) notFound();
    reviewId = found.reviewId;
  }
  const review = await requireTeamReview(ctx, reviewId, db);
  const [subject] = await joinPerson(
    db
      .select({ id: reviewSubjects.id, ...subjectResultColumns })
      .from(reviewSubjects)
      .$dynamic(),
    reviewSubjects.membershipId,
  ).where(
    and(
      eq(reviewSubjects.reviewId, review.id),
      eq(reviewSubjects.membershipId, membershipId),
      eq(reviewSubjects.clusterId, ctx.clusterId),
    ),
  );
  if (!subject) notFound();
  return { review, round: await roundOf(db, review), subject };
}

/** The review's criteria in the questionnaire's order, each under its criterion id. */
async function criteriaOfReview(reviewId: string) {
  const rows = await reviewCriteriaRows(getDb(), reviewId);
  return rows.map((c) => ({ ...c, id: c.criterionId }));
}

async function scoresOf(subjectId: string) {
  const rows = await getDb()
    .select({ criterionId: reviewScores.criterionId, score: reviewScores.score })
    .from(reviewScores)
    .where(eq(reviewScores.subjectId, subjectId));
  return new Map(rows.map((r) => [r.criterionId, r.score]));
}

/**
 * A person's criteria scores in a team review next to the team's average per criterion (not-rated
 * left out) and their score in their previous finished team review of the cluster that ctx may also
 * see (matched on criterion id).
 */
export async function compareSubject(ctx: TenantContext, reviewId: string, subjectMembershipId: string) {
  const { review, round, subject } = await requireSubject(ctx, reviewId, subjectMembershipId);
  const db = getDb();
  const [criteriaRows, own, averages, teamDimensions, earlier] = await Promise.all([
    criteriaOfReview(review.id),
    scoresOf(subject.id),
    db
      .select({
        criterionId: reviewScores.criterionId,
        average: sql<number | null>`avg(${reviewScores.score}) filter (where ${reviewScores.score} > 0)`,
      })
      .from(reviewScores)
      .where(eq(reviewScores.reviewId, review.id))
      .groupBy(reviewScores.criterionId),
    db
      .select({
        performance: sql<number | null>`avg(${reviewSubjects.performance})`,
        potential: sql<number | null>`avg(${reviewSubjects.potential})`,
        employability: sql<number | null>`avg(${reviewSubjects.employability})`,
      })
      .from(reviewSubjects)
      .where(eq(reviewSubjects.reviewId, review.id)),
    db
      .select({
        subjectId: reviewSubjects.id,
        reviewId: reviews.id,
        teamName: reviews.teamName,
        parentId: reviews.parentId,
        finishedAt: reviews.finishedAt,
        performance: reviewSubjects.performance,
        potential: reviewSubjects.potential,
        employability: reviewSubjects.employability,
      })
      .from(reviewSubjects)
      .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
      .where(
        and(
          inCluster(reviews, ctx),
          eq(reviewSubjects.membershipId, subject.membershipId),
          eq(reviews.type, "team"),
          eq(reviews.isFinished, true),
          isNull(reviews.deletedAt),
          ne(reviews.id, review.id),
          lt(reviews.createdAt, review.createdAt),
          teamReviewVisibility(ctx),
        ),
      )
      .orderBy(desc(reviews.createdAt))
      .limit(1),
  ]);
  const previous = earlier[0] ?? null;
  const previousScores = previous ? await scoresOf(previous.subjectId) : new Map<string, number>();
  const previousRound = previous?.parentId
    ? ((await db.select({ name: reviews.name }).from(reviews).where(eq(reviews.id, previous.parentId)))[0] ?? null)
    : null;
  const averageOf = new Map(averages.map((a) => [a.criterionId, a.average === null ? null : Number(a.average)]));
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    review: {
      ...reviewHead(review, round),
      isFinished: review.isFinished,
      scale: scaleOf(review.scale),
    },
    subject,
    team: {
      performance: num(teamDimensions[0]?.performance),
      potential: num(teamDimensions[0]?.potential),
      employability: num(teamDimensions[0]?.employability),
    },
    previous: previous
      ? {
          reviewId: previous.reviewId,
          name: previousRound?.name ?? "",
          teamName: previous.teamName ?? "",
          finishedAt: previous.finishedAt,
          performance: previous.performance,
          potential: previous.potential,
          employability: previous.employability,
        }
      : null,
    criteria: criteriaRows.map((c) => ({
      id: c.id,
      name: c.name,
      dimension: c.dimension as Dimension,
      score: own.get(c.id) ?? null,
      teamAverage: averageOf.get(c.id) ?? null,
      previous: previousScores.get(c.id) ?? null,
    })),
  };
}

/** How both result pages name a team review: by its round, with the team. */
function reviewHead(review: Review, round: Review | null) {
  return {
    id: review.id,
    name: round?.name ?? review.name,
    roundId: round?.id ?? null,
    teamName: review.teamName ?? "",
  };
}

/** Everything the printable employee report shows of one person in one team review. */
export async function employeeReport(ctx: TenantContext, reviewId: string, membershipId: string) {
  const { review, round, subject } = await requireSubject(ctx, reviewId, membershipId);
  const scale = scaleOf(review.scale);
  const [criteriaRows, own, reviewers] = await Promise.all([
    criteriaOfReview(review.id),
    scoresOf(subject.id),
    joinPerson(
      getDb().select({ firstName: users.firstName, lastName: users.lastName }).from(reviewReviewers).$dynamic(),
      reviewReviewers.membershipId,
    )
      .where(eq(reviewReviewers.reviewId, review.id))
      .orderBy(asc(users.lastNameSort)),
  ]);
  return {
    review: {
      ...reviewHead(review, round),
      deadline: review.deadline,
      finishedAt: review.finishedAt,
      isFinished: review.isFinished,
      locked: Boolean(review.lockedAt),
      scale,
    },
    subject,
    reviewers: reviewers.map((r) => personName(r.firstName, r.lastName)),
    criteria: criteriaRows.map((c) => {
      const score = own.get(c.id) ?? null;
      const level = levelNameOf(score, scale);
      return {
        id: c.id,
        name: c.name,
        description: c.description,
        dimension: c.dimension as Dimension,
        score,
        level,
        characteristic: level && level !== "notRated" ? ((c.characteristics as Characteristics)[level] ?? "") : "",
      };
    }),
  };
}

export type SetGoalResult = { ok: true } | { ok: false; code: "locked" };

/**
 * Sets a person's development goal, also after the team review is finished (the goal is agreed in the
 * conversation about the results); a locked review refuses.
 */
export async function setDevelopmentGoal(
  ctx: TenantContext,
  reviewId: string,
  membershipId: string,
  goal: string,
): Promise<SetGoalResult> {
  const { review, subject } = await requireSubject(ctx, reviewId, membershipId);
  return getDb().transaction(async (tx) => {
    const [current] = await tx
      .select({ lockedAt: reviews.lockedAt })
      .from(reviews)
      .where(eq(reviews.id, review.id))
      .for("update");
    if (current.lockedAt) return { ok: false, code: "locked" } as const;
    await tx
      .update(reviewSubjects)
      .set({ developmentGoal: goal, updatedAt: new Date() })
      .where(eq(reviewSubjects.id, subject.id));
    await auditReviews(tx, ctx, "review.developmentGoal", [review.id], { membershipId });
    return { ok: true } as const;
  });
}
