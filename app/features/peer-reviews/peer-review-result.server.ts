import { and, eq, isNotNull } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { reviewPeerAnswers, reviewPeerAssignments } from "#db/schema";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import { mayOpenReview, reviewScope } from "~/features/reviews/review-access.server";
import { requireReviewSubject } from "~/features/reviews/review-subject.server";
import { reviewCriteriaRows } from "~/features/reviews/review-criteria.server";
import { notFound } from "~/utils/scope.server";
import { teamInScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { personName } from "./peer-questionnaire.server";
import { comparePeerSides, peerComments } from "./peer-results";

/**
 * A reviewed person's result in a peer round (docs/decisions/1022): the person themselves, or someone
 * who manages the round; anyone else a 404. Individual answers stay here: only the averages of
 * `comparePeerSides` leave, the peers' only from the threshold on and over released batches (1430).
 */
export async function getPeerReviewResult(ctx: TenantContext, reviewId: string, membershipId: string) {
  const db = getDb();
  const row = await requireReviewSubject(ctx, "peer", reviewId, membershipId, db);
  const own = ctx.membershipId === membershipId;
  if (!own && !(await mayOpenReview(db, ctx, row.review))) notFound();
  // A team leader reads the results of their own teams' participants only (decision 1200).
  if (!own && !teamInScope(reviewScope(ctx), row.subject.teamId)) notFound();
  const [criteriaRows, answers, settings, remarks, name] = await Promise.all([
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
    personName(db, membershipId),
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
    personName: name,
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
