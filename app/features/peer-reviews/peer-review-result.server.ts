import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { memberships, reviewPeerAnswers, reviewPeerAssignments, reviews, reviewSubjects, users } from "#db/schema";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import { mayOpenReview } from "~/features/reviews/review-access.server";
import { reviewCriteriaRows } from "~/features/reviews/self-review-questionnaire.server";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { peerTeamScope } from "./peer-review-admin.server";
import { comparePeerSides, peerComments } from "./peer-results";

/**
 * A reviewed person's result in a peer round (docs/decisions/1022): the person themselves, or someone
 * who manages the round; anyone else a 404. Individual answers stay here: only the averages of
 * `comparePeerSides` leave, the peers' only from the threshold on and over released batches (1430).
 */
export async function getPeerReviewResult(ctx: TenantContext, reviewId: string, membershipId: string) {
  if (!isUuid(reviewId) || !isUuid(membershipId)) notFound();
  const db = getDb();
  const [row] = await db
    .select({ review: reviews, subject: reviewSubjects, firstName: users.firstName, lastName: users.lastName })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .innerJoin(memberships, eq(memberships.id, reviewSubjects.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        inCluster(reviews, ctx),
        eq(reviews.id, reviewId),
        eq(reviews.type, "peer"),
        isNull(reviews.deletedAt),
        eq(reviewSubjects.membershipId, membershipId),
      ),
    );
  if (!row) notFound();
  const own = ctx.membershipId === membershipId;
  if (!own && !(await mayOpenReview(db, ctx, row.review))) notFound();
  // A team leader reads the results of their own teams' participants only (decision 1200).
  const led = peerTeamScope(ctx);
  if (!own && led !== null && (row.subject.teamId === null || !led.includes(row.subject.teamId))) notFound();
  const [criteriaRows, answers, settings, remarks] = await Promise.all([
    reviewCriteriaRows(db, row.review.id),
    db
      .select({
        assignmentId: reviewPeerAssignments.id,
        role: reviewPeerAssignments.role,
        finishedAt: reviewPeerAssignments.finishedAt,
        releasedAt: reviewPeerAssignments.releasedAt,
        criterionId: reviewPeerAnswers.criterionId,
        score: reviewPeerAnswers.score,
      })
      .from(reviewPeerAnswers)
      .innerJoin(reviewPeerAssignments, eq(reviewPeerAssignments.id, reviewPeerAnswers.assignmentId))
      .where(eq(reviewPeerAssignments.subjectId, row.subject.id)),
    getReviewSettings(ctx, db),
    // Released peers' remarks, text only: no reviewer, assignment or time leaves this query (decision 1430).
    db
      .select({ comment: reviewPeerAssignments.comment })
      .from(reviewPeerAssignments)
      .where(
        and(
          eq(reviewPeerAssignments.subjectId, row.subject.id),
          eq(reviewPeerAssignments.role, "peer"),
          isNotNull(reviewPeerAssignments.finishedAt),
          isNotNull(reviewPeerAssignments.releasedAt),
          isNotNull(reviewPeerAssignments.comment),
        ),
      ),
  ]);
  const comparison = comparePeerSides(
    criteriaRows.map((c) => c.criterionId),
    answers.map((a) => ({ ...a, finished: a.finishedAt !== null, released: a.releasedAt !== null })),
    settings.peerAnonymityThreshold,
  );
  const byId = new Map(comparison.criteria.map((c) => [c.criterionId, c]));
  return {
    review: row.review,
    own,
    personName: `${row.firstName} ${row.lastName}`.trim(),
    peersAnswered: comparison.peersAnswered,
    peersReleased: comparison.peersReleased,
    threshold: comparison.threshold,
    peersShown: comparison.peersShown,
    comments: peerComments(
      remarks.map((r) => r.comment ?? ""),
      comparison.peersShown,
    ),
    settings,
    criteria: criteriaRows.map((c) => ({
      criterionId: c.criterionId,
      dimension: c.dimension,
      name: c.name,
      self: byId.get(c.criterionId)?.self ?? null,
      peers: byId.get(c.criterionId)?.peers ?? null,
      leader: byId.get(c.criterionId)?.leader ?? null,
    })),
  };
}
