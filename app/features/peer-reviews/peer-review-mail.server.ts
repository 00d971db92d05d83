import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, memberships, reviewReviewers, reviews, users } from "#db/schema";
import { enqueue } from "#jobs/enqueue.server";
import { requireReview } from "~/features/reviews/review-access.server";
import { deliver, queueInvitations } from "~/features/reviews/reviewer-mail.server";
import { formatDate } from "~/utils/dates";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * A peer round's invitations (docs/decisions/1021): one mail per reviewer and round, through the shared
 * review_reviewers state (invited_at written with the outbox row), so a retried job sends nothing twice.
 */

/** The queue of jobs/definitions/peer-review-invitations.ts (kept here: the job imports this module). */
export const peerReviewInvitationsQueue = "peer-review-invitations";

/** Starts inviting the reviewers of a round ctx manages; false when the job could not be enqueued. */
export async function invitePeerReviewers(ctx: TenantContext, reviewId: string): Promise<boolean> {
  const review = await requireReview(ctx, reviewId, "peer");
  try {
    await enqueue(peerReviewInvitationsQueue, { reviewId: review.id });
    return true;
  } catch (error) {
    console.error("[peer-review-mail] enqueueing invitations failed", error);
    return false;
  }
}

/**
 * The invitation job: mails every reviewer of the round not invited yet who still has an unfinished
 * questionnaire, in their language; open rounds only (not locked, finished or deleted).
 */
export async function sendPeerReviewInvitations(input: { reviewId: string }): Promise<number> {
  const emailIds = await getDb().transaction(async (tx) => {
    const due = await tx
      .select({
        reviewId: reviewReviewers.reviewId,
        membershipId: reviewReviewers.membershipId,
        accountId: reviewReviewers.accountId,
        email: users.email,
        firstName: users.firstName,
        language: users.language,
        reviewName: reviews.name,
        deadline: reviews.deadline,
        organisation: clusters.name,
      })
      .from(reviewReviewers)
      .innerJoin(reviews, eq(reviews.id, reviewReviewers.reviewId))
      .innerJoin(clusters, eq(clusters.id, reviews.clusterId))
      .innerJoin(memberships, and(eq(memberships.id, reviewReviewers.membershipId), isNull(memberships.deletedAt)))
      .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)))
      .where(
        and(
          eq(reviewReviewers.reviewId, input.reviewId),
          eq(reviews.type, "peer"),
          isNull(reviews.deletedAt),
          isNull(reviews.lockedAt),
          eq(reviews.isFinished, false),
          isNull(reviewReviewers.invitedAt),
          sql`exists (select 1 from review_peer_assignments a where a.review_id = ${reviewReviewers.reviewId}
            and a.reviewer_id = ${reviewReviewers.membershipId} and a.finished_at is null)`,
        ),
      )
      .for("update", { of: reviewReviewers, skipLocked: true });
    return queueInvitations(tx, due, "peer-review-invitation", (r) => ({
      firstName: r.firstName,
      path: "/peerreview",
      reviewName: r.reviewName,
      teamName: "",
      deadline: formatDate(r.deadline),
      organisation: r.organisation,
    }));
  });
  await deliver(emailIds);
  return emailIds.length;
}
