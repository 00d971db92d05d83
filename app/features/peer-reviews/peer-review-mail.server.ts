import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { reviewPeerAssignments, reviewReviewers, reviews, reviewSubjects } from "#db/schema";
import { requireReview, reviewScope } from "~/features/reviews/review-access.server";
import { reviewerMail } from "~/features/reviews/reviewer-mail.server";
import { todayInAmsterdam } from "~/features/reviews/team-review-create.schema";
import type { TenantContext } from "~/utils/tenant.server";
import { inTeamsOf } from "./peer-review-admin.server";

/**
 * A peer round's invitations and reminders (docs/decisions/1021): one mail per reviewer and round, through
 * the shared review_reviewers state (invited_at and reminders_sent written with the outbox row), so a
 * retried job sends nothing twice.
 */

/**
 * The reviewers ctx may mail in a round: null for everyone (cluster-wide), else those with a
 * questionnaire about a participant of a team ctx leads (decision 1200).
 */
async function reviewersInScope(ctx: TenantContext, reviewId: string): Promise<string[] | null> {
  if (reviewScope(ctx).all) return null;
  const rows = await getDb()
    .selectDistinct({ id: reviewPeerAssignments.reviewerId })
    .from(reviewPeerAssignments)
    .innerJoin(reviewSubjects, eq(reviewSubjects.id, reviewPeerAssignments.subjectId))
    .where(and(eq(reviewPeerAssignments.reviewId, reviewId), inTeamsOf(ctx)));
  return rows.map((r) => r.id);
}

function enqueueInvitations(reviewId: string, membershipIds: string[] | null) {
  return peerMail.enqueueInvitations(membershipIds ? { reviewId, membershipIds } : { reviewId });
}

/** Starts inviting the reviewers of a round ctx manages; false when the job could not be enqueued. */
export async function invitePeerReviewers(ctx: TenantContext, reviewId: string): Promise<boolean> {
  const review = await requireReview(ctx, reviewId, "peer");
  return enqueueInvitations(review.id, await reviewersInScope(ctx, review.id));
}

/**
 * "Uitnodigingen opnieuw versturen" (docs/decisions/1201): the reviewers (in ctx's scope) with an
 * unfinished questionnaire whose invitation went out before today are invited again (invited_at cleared,
 * then the invitation job). Invited today already: nothing again, so a second click or a resubmitted
 * form the same day mails nobody twice. Returns how many will be mailed, or null when the job could
 * not be enqueued; nothing on a locked or finished round.
 */
export async function resendPeerReviewInvitations(ctx: TenantContext, reviewId: string): Promise<number | null> {
  const review = await requireReview(ctx, reviewId, "peer");
  if (review.lockedAt || review.isFinished) return 0;
  const scoped = await reviewersInScope(ctx, review.id);
  if (scoped && scoped.length === 0) return 0;
  const cleared = await peerMail.clearInvitations(
    review.id,
    and(
      scoped ? inArray(reviewReviewers.membershipId, scoped) : undefined,
      sql`${reviewReviewers.invitedAt} is not null`,
      sql`(${reviewReviewers.invitedAt} at time zone 'Europe/Amsterdam')::date < ${todayInAmsterdam()}::date`,
      sql`exists (select 1 from review_peer_assignments a where a.review_id = ${review.id}
        and a.reviewer_id = "review_reviewers"."membership_id" and a.finished_at is null)`,
    ),
  );
  if (cleared.length === 0) return 0;
  return (await enqueueInvitations(review.id, cleared)) ? cleared.length : null;
}

const openWork = and(
  eq(reviews.type, "peer"),
  isNull(reviews.deletedAt),
  isNull(reviews.lockedAt),
  eq(reviews.isFinished, false),
  sql`exists (select 1 from review_peer_assignments a where a.review_id = ${reviewReviewers.reviewId}
    and a.reviewer_id = ${reviewReviewers.membershipId} and a.finished_at is null)`,
);

/** Reviewers of peer rounds with an unfinished questionnaire; one mail per reviewer and round. */
const peerMail = reviewerMail({
  name: "peer-review",
  reviewName: reviews.name,
  teamName: sql<null>`null`,
  deadline: reviews.deadline,
  invitable: openWork,
  remindable: openWork,
  path: () => "/peerreview",
});

/** The queue of jobs/definitions/peer-review-invitations.ts (kept here: the job imports this module). */
export const peerReviewInvitationsQueue = peerMail.queue;

/**
 * The invitation job: mails every reviewer of the round not invited yet who still has an unfinished
 * questionnaire, in their language; open rounds only (not locked, finished or deleted).
 */
export async function sendPeerReviewInvitations(input: {
  reviewId: string;
  membershipIds?: string[];
}): Promise<number> {
  if (input.membershipIds && input.membershipIds.length === 0) return 0;
  return peerMail.sendInvitations(
    and(
      eq(reviewReviewers.reviewId, input.reviewId),
      input.membershipIds ? inArray(reviewReviewers.membershipId, input.membershipIds) : undefined,
    ),
  );
}

export const duePeerReviewReminders = peerMail.dueReminders;
export const sendPeerReviewReminders = peerMail.sendReminders;
