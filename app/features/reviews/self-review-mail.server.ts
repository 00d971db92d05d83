import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { clusters, memberships, reviewReviewers, reviews, reviewSubjects, reviewTeams, users } from "#db/schema";
import { enqueue } from "#jobs/enqueue.server";
import { formatDate } from "~/utils/dates";
import type { TenantContext } from "~/utils/tenant.server";
import { requireReview } from "./review-access.server";
import { todayInAmsterdam } from "./team-review-create.schema";
import { deliver, queueInvitations, remindersDue, sendRemindersOnce } from "./reviewer-mail.server";

/**
 * A self review's invitations and reminders (docs/decisions/0943): the team review's way — one job per
 * review carrying its id, review_reviewers.invited_at and reminders_sent written in the same transaction
 * as the outbox row, so that a retried job finds nothing left to send.
 */

/** The queue of jobs/definitions/self-review-invitations.ts (kept here: the job imports this module). */
export const selfReviewInvitationsQueue = "self-review-invitations";

/** Starts inviting the participants of a self review ctx manages; false when the job could not be enqueued. */
export async function inviteSelfReviewParticipants(ctx: TenantContext, reviewId: string): Promise<boolean> {
  const review = await requireReview(ctx, reviewId, "self");
  try {
    await enqueue(selfReviewInvitationsQueue, { reviewId: review.id });
    return true;
  } catch (error) {
    console.error("[self-review-mail] enqueueing invitations failed", error);
    return false;
  }
}

/**
 * Resending: the participants who have not finished are invited again (invited_at cleared), then the job
 * runs. Returns how many will be mailed, or null when the job could not be enqueued.
 */
export async function resendSelfReviewInvitations(ctx: TenantContext, reviewId: string): Promise<number | null> {
  const review = await requireReview(ctx, reviewId, "self");
  const cleared = await getDb()
    .update(reviewReviewers)
    .set({ invitedAt: null })
    .where(
      and(
        eq(reviewReviewers.reviewId, review.id),
        sql`exists (select 1 from review_subjects s where s.review_id = ${review.id}
          and s.membership_id = ${reviewReviewers.membershipId} and s.finished_at is null)`,
      ),
    )
    .returning({ membershipId: reviewReviewers.membershipId });
  return (await inviteSelfReviewParticipants(ctx, review.id)) ? cleared.length : null;
}

const recipientColumns = {
  reviewId: reviewReviewers.reviewId,
  membershipId: reviewReviewers.membershipId,
  accountId: reviewReviewers.accountId,
  email: users.email,
  firstName: users.firstName,
  language: users.language,
  reviewName: reviews.name,
  teamName: reviewTeams.teamName,
  deadline: reviews.deadline,
  organisation: clusters.name,
};

type Recipient = {
  reviewId: string;
  membershipId: string;
  firstName: string;
  reviewName: string;
  teamName: string | null;
  deadline: string | null;
  organisation: string;
};

function mailProps(r: Recipient) {
  return {
    firstName: r.firstName,
    path: `/selfreview/questionnaire/${r.reviewId}/${r.membershipId}`,
    reviewName: r.reviewName,
    teamName: r.teamName ?? "",
    deadline: formatDate(r.deadline),
    organisation: r.organisation,
  };
}

/** Participants of self reviews with their e-mail, language, team name, days left and reminders sent. */
function participants(db: DbOrTx, today: string) {
  return db
    .select({
      ...recipientColumns,
      daysLeft: sql<number>`(${reviews.deadline} - ${today}::date)`,
      remindersSent: reviewReviewers.remindersSent,
    })
    .from(reviewReviewers)
    .innerJoin(reviews, eq(reviews.id, reviewReviewers.reviewId))
    .innerJoin(
      reviewSubjects,
      and(eq(reviewSubjects.reviewId, reviews.id), eq(reviewSubjects.membershipId, reviewReviewers.membershipId)),
    )
    .leftJoin(reviewTeams, and(eq(reviewTeams.reviewId, reviews.id), eq(reviewTeams.teamId, reviewSubjects.teamId)))
    .innerJoin(clusters, eq(clusters.id, reviews.clusterId))
    .innerJoin(memberships, and(eq(memberships.id, reviewReviewers.membershipId), isNull(memberships.deletedAt)))
    .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)));
}

const open = and(
  eq(reviews.type, "self"),
  isNull(reviews.deletedAt),
  isNull(reviews.lockedAt),
  eq(reviews.isFinished, false),
  isNull(reviewSubjects.finishedAt),
);

/**
 * The invitation job: mails every participant of the review not invited yet (and not finished), in their
 * language, recording invited_at in the same transaction as the outbox row (rows locked, skip locked).
 */
export async function sendSelfReviewInvitations(input: { reviewId: string }): Promise<number> {
  const emailIds = await getDb().transaction(async (tx) => {
    const due = await participants(tx, todayInAmsterdam())
      .where(and(eq(reviewReviewers.reviewId, input.reviewId), open, isNull(reviewReviewers.invitedAt)))
      .for("update", { of: reviewReviewers, skipLocked: true });
    return queueInvitations(tx, due, "self-review-invitation", mailProps);
  });
  await deliver(emailIds);
  return emailIds.length;
}

/** Participants due a reminder at `now`: invited, not finished, deadline 2–7 days ('7d') or 0–1 day ('1d') away. */
export async function dueSelfReviewReminders(now: Date = new Date()) {
  const today = todayInAmsterdam(now);
  const rows = await participants(getDb(), today).where(
    and(
      open,
      sql`${reviewReviewers.invitedAt} is not null`,
      sql`(${reviews.deadline} - ${today}::date) between 0 and 7`,
    ),
  );
  return remindersDue(rows);
}

/** The daily reminder job: each due reminder once, its key recorded in the same transaction. */
export async function sendSelfReviewReminders(now: Date = new Date()): Promise<number> {
  const due = await dueSelfReviewReminders(now);
  return sendRemindersOnce(due, "self-review-reminder", (r) => ({ ...mailProps(r), kind: r.key }));
}
