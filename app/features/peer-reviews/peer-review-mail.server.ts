import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { clusters, memberships, reviewReviewers, reviews, users } from "#db/schema";
import { enqueue } from "#jobs/enqueue.server";
import { requireReview } from "~/features/reviews/review-access.server";
import { deliver, queueInvitations, sendRemindersOnce, remindersDue } from "~/features/reviews/reviewer-mail.server";
import { todayInAmsterdam } from "~/features/reviews/team-review-create.schema";
import { formatDate } from "~/utils/dates";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * A peer round's invitations and reminders (docs/decisions/1021): one mail per reviewer and round, through
 * the shared review_reviewers state (invited_at and reminders_sent written with the outbox row), so a
 * retried job sends nothing twice.
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

/** Reviewers of peer rounds with an unfinished questionnaire, their e-mail, language and the round. */
function reviewersWithOpenWork(db: DbOrTx, today: string) {
  return db
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
      invitedAt: reviewReviewers.invitedAt,
      remindersSent: reviewReviewers.remindersSent,
      daysLeft: sql<number>`(${reviews.deadline} - ${today}::date)`,
    })
    .from(reviewReviewers)
    .innerJoin(reviews, eq(reviews.id, reviewReviewers.reviewId))
    .innerJoin(clusters, eq(clusters.id, reviews.clusterId))
    .innerJoin(memberships, and(eq(memberships.id, reviewReviewers.membershipId), isNull(memberships.deletedAt)))
    .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)));
}

const openWork = and(
  eq(reviews.type, "peer"),
  isNull(reviews.deletedAt),
  isNull(reviews.lockedAt),
  eq(reviews.isFinished, false),
  sql`exists (select 1 from review_peer_assignments a where a.review_id = ${reviewReviewers.reviewId}
    and a.reviewer_id = ${reviewReviewers.membershipId} and a.finished_at is null)`,
);

function mailProps(r: { firstName: string; reviewName: string; deadline: string | null; organisation: string }) {
  return {
    firstName: r.firstName,
    path: "/peerreview",
    reviewName: r.reviewName,
    teamName: "",
    deadline: formatDate(r.deadline),
    organisation: r.organisation,
  };
}

/**
 * The invitation job: mails every reviewer of the round not invited yet who still has an unfinished
 * questionnaire, in their language; open rounds only (not locked, finished or deleted).
 */
export async function sendPeerReviewInvitations(input: { reviewId: string }): Promise<number> {
  const emailIds = await getDb().transaction(async (tx) => {
    const due = await reviewersWithOpenWork(tx, todayInAmsterdam())
      .where(and(eq(reviewReviewers.reviewId, input.reviewId), openWork, isNull(reviewReviewers.invitedAt)))
      .for("update", { of: reviewReviewers, skipLocked: true });
    return queueInvitations(tx, due, "peer-review-invitation", mailProps);
  });
  await deliver(emailIds);
  return emailIds.length;
}

/** Reviewers due a reminder at `now`: invited, work left, deadline 2–7 days ('7d') or 0–1 day ('1d') away. */
export async function duePeerReviewReminders(now: Date = new Date()) {
  const today = todayInAmsterdam(now);
  const rows = await reviewersWithOpenWork(getDb(), today).where(
    and(
      openWork,
      sql`${reviewReviewers.invitedAt} is not null`,
      sql`(${reviews.deadline} - ${today}::date) between 0 and 7`,
    ),
  );
  return remindersDue(rows);
}

/** The daily reminder job: each due reminder once (the shared send-once loop of reviewer-mail). */
export async function sendPeerReviewReminders(now: Date = new Date()): Promise<number> {
  const due = await duePeerReviewReminders(now);
  return sendRemindersOnce(due, "peer-review-reminder", (r) => ({ ...mailProps(r), kind: r.key }));
}
