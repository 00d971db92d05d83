import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { memberships, reviewScores, reviewSubjects, reviewTeamAnswers, users } from "#db/schema";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import type { ScaleSize } from "~/features/criteria/scales";
import type { TenantContext } from "~/utils/tenant.server";
import { requireParticipation } from "./review-access.server";
import { compareOwnWithTeam, summariseComparison } from "./self-review-scoring";
import { questionnaireReadOnly } from "./self-review-questionnaire.server";
import { reviewCriteriaRows } from "./review-criteria.server";
import { personName } from "~/utils/person-name";

/**
 * A participant's result (docs/decisions/0940): own score against the team's score per criterion and
 * dimension, with the development role each places the person in. The participant, or someone who
 * manages the review.
 */
export async function getSelfReviewResult(ctx: TenantContext, reviewId: string, membershipId: string) {
  const db = getDb();
  const { review, subject, own } = await requireParticipation(ctx, reviewId, membershipId, db);
  const sourceSubject = review.sourceReviewId
    ? (
        await db
          .select({ id: reviewSubjects.id })
          .from(reviewSubjects)
          .where(and(eq(reviewSubjects.roundId, review.sourceReviewId), eq(reviewSubjects.membershipId, membershipId)))
          .limit(1)
      )[0]
    : undefined;
  const [criteriaRows, ownRows, teamRows, leaderRows, settings, [person]] = await Promise.all([
    reviewCriteriaRows(db, review.id),
    db
      .select({ criterionId: reviewScores.criterionId, score: reviewScores.score })
      .from(reviewScores)
      .where(eq(reviewScores.subjectId, subject.id)),
    subject.teamId
      ? db
          .select({ criterionId: reviewTeamAnswers.criterionId, score: reviewTeamAnswers.score })
          .from(reviewTeamAnswers)
          .innerJoin(reviewSubjects, eq(reviewSubjects.id, reviewTeamAnswers.subjectId))
          .where(and(eq(reviewTeamAnswers.reviewId, review.id), eq(reviewSubjects.teamId, subject.teamId)))
      : db
          .select({ criterionId: reviewTeamAnswers.criterionId, score: reviewTeamAnswers.score })
          .from(reviewTeamAnswers)
          .where(eq(reviewTeamAnswers.subjectId, subject.id)),
    sourceSubject
      ? db
          .select({ criterionId: reviewScores.criterionId, score: reviewScores.score })
          .from(reviewScores)
          .where(eq(reviewScores.subjectId, sourceSubject.id))
      : Promise.resolve(null),
    getReviewSettings(ctx, db),
    db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, membershipId)),
  ]);
  const comparison = compareOwnWithTeam({
    criteria: criteriaRows,
    own: new Map(ownRows.map((r) => [r.criterionId, r.score])),
    teamAnswers: teamRows,
    teamReview: leaderRows ? new Map(leaderRows.map((r) => [r.criterionId, r.score])) : null,
  });
  const scale = review.scale as ScaleSize;
  return {
    review,
    subject,
    own,
    scale,
    settings,
    personName: person ? personName(person.firstName, person.lastName) : "",
    readOnly: questionnaireReadOnly(review, subject, own),
    criteria: criteriaRows,
    comparison,
    summary: summariseComparison(comparison.criteria, scale, settings.thresholds),
  };
}
