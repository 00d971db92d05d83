import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import {
  clusters,
  memberships,
  reviewPeerAssignments,
  reviewReviewers,
  reviews,
  reviewSubjects,
  users,
} from "#db/schema";
import { enqueue } from "#jobs/enqueue.server";
import { requireReview } from "~/features/reviews/review-access.server";
import { deliver, queueInvitations, sendRemindersOnce, remindersDue } from "~/features/reviews/reviewer-mail.server";
import { todayInAmsterdam } from "~/features/reviews/team-review-create.schema";
import { formatDate } from "~/utils/dates";
import type { TenantContext } from "~/utils/tenant.server";
import { inTeamsOf, peerTeamScope } from "./peer-review-admin.server";

/**
 * A peer round's invitations and reminders (docs/decisions/1021): one mail per reviewer and round, through
 * the shared review_reviewers state (invited_at and reminders_sent written with the outbox row), so a
 * retried job sends nothing twice.
 */

/** The queue of jobs/definitions/peer-review-invitations.ts (kept here: the job imports this module). */
export const peerReviewInvitationsQueue = "peer-review-invitations";

/**
 * The reviewers ctx may mail in a round: null for everyone (cluster-wide), else those with a
 * questionnaire about a participant of a team ctx leads (decision 1200).
 */
async function reviewersInScope(ctx: TenantContext, reviewId: string): Promise<string[] | null> {
  if (peerTeamScope(ctx) === null) return null;
  const rows = await getDb()
    .selectDistinct({ id: reviewPeerAssignments.reviewerId })
    .from(reviewPeerAssignments)
    .innerJoin(reviewSubjects, eq(reviewSubjects.id, reviewPeerAssignments.subjectId))
    .where(and(eq(reviewPeerAssignments.reviewId, reviewId), inTeamsOf(ctx)));
  return rows.map((r) => r.id);
}

async function enqueueInvitations(reviewId: string, membershipIds: string[] | null) {
  try {
    await enqueue(peerReviewInvitationsQueue, membershipIds ? { reviewId, membershipIds } : { reviewId });
    return true;
  } catch (error) {
    console.error("[peer-review-mail] enqueueing invitations failed", error);
    return false;
  }
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
  const cleared = await getDb()
    .update(reviewReviewers)
    .set({ invitedAt: null })
    .where(
      and(
        eq(reviewReviewers.reviewId, review.id),
        scoped ? inArray(reviewReviewers.membershipId, scoped) : undefined,
        sql`${reviewReviewers.invitedAt} is not null`,
        sql`(${reviewReviewers.invitedAt} at time zone 'Europe/Amsterdam')::date < ${todayInAmsterdam()}::date`,
        sql`exists (select 1 from review_peer_assignments a where a.review_id = ${review.id}
          and a.reviewer_id = "review_reviewers"."membership_id" and a.finished_at is null)`,
      ),
    )
    .returning({ membershipId: reviewReviewers.membershipId });
  if (cleared.length === 0) return 0;
  return (await enqueueInvitations(
    review.id,
    cleared.map((c) => c.membershipId),
  ))
    ? cleared.length
    : null;
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
export async function sendPeerReviewInvitations(input: {
  reviewId: string;
  membershipIds?: string[];
}): Promise<number> {
  if (input.membershipIds && input.membershipIds.length === 0) return 0;
  const emailIds = await getDb().transaction(async (tx) => {
    const due = await reviewersWithOpenWork(tx, todayInAmsterdam())
      .where(
        and(
          eq(reviewReviewers.reviewId, input.reviewId),
          input.membershipIds ? inArray(reviewReviewers.membershipId, input.membershipIds) : undefined,
          openWork,
          isNull(reviewReviewers.invitedAt),
        ),
      )
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
