import { and, eq, isNull, sql } from "drizzle-orm";
import { reviewReviewers, reviews, reviewSubjects, reviewTeams } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";
import { requireReview } from "./review-access.server";
import { reviewerMail } from "./reviewer-mail.server";

/**
 * A self review's invitations and reminders (docs/decisions/0943): the participants themselves, through the
 * review family's shared jobs (reviewer-mail.server.ts).
 */

const open = and(
  eq(reviews.type, "self"),
  isNull(reviews.deletedAt),
  isNull(reviews.lockedAt),
  eq(reviews.isFinished, false),
  isNull(reviewSubjects.finishedAt),
);

const selfMail = reviewerMail({
  name: "self-review",
  reviewName: reviews.name,
  teamName: reviewTeams.teamName,
  deadline: reviews.deadline,
  join: (query) =>
    query
      .innerJoin(
        reviewSubjects,
        and(eq(reviewSubjects.reviewId, reviews.id), eq(reviewSubjects.membershipId, reviewReviewers.membershipId)),
      )
      .leftJoin(reviewTeams, and(eq(reviewTeams.reviewId, reviews.id), eq(reviewTeams.teamId, reviewSubjects.teamId))),
  invitable: open,
  remindable: open,
  path: (r) => `/selfreview/questionnaire/${r.reviewId}/${r.membershipId}`,
});

/** The queue of jobs/definitions/self-review-invitations.ts (kept here: the job imports this module). */
export const selfReviewInvitationsQueue = selfMail.queue;

/** Starts inviting the participants of a self review ctx manages; false when the job could not be enqueued. */
export async function inviteSelfReviewParticipants(ctx: TenantContext, reviewId: string): Promise<boolean> {
  const review = await requireReview(ctx, reviewId, "self");
  return selfMail.enqueueInvitations({ reviewId: review.id });
}

/**
 * Resending: the participants who have not finished are invited again (invited_at cleared), then the job
 * runs. Returns how many will be mailed, or null when the job could not be enqueued.
 */
export async function resendSelfReviewInvitations(ctx: TenantContext, reviewId: string): Promise<number | null> {
  const review = await requireReview(ctx, reviewId, "self");
  const cleared = await selfMail.clearInvitations(
    review.id,
    sql`exists (select 1 from review_subjects s where s.review_id = ${review.id}
      and s.membership_id = ${reviewReviewers.membershipId} and s.finished_at is null)`,
  );
  return (await inviteSelfReviewParticipants(ctx, review.id)) ? cleared.length : null;
}

/** The invitation job: every participant of the review not invited yet and not finished. */
export function sendSelfReviewInvitations(input: { reviewId: string }): Promise<number> {
  return selfMail.sendInvitations(eq(reviewReviewers.reviewId, input.reviewId));
}

export const dueSelfReviewReminders = selfMail.dueReminders;
export const sendSelfReviewReminders = selfMail.sendReminders;
