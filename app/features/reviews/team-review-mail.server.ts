import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "#db/client.server";
import { clusters, memberships, reviewReviewers, reviews, users } from "#db/schema";
import { enqueue } from "#jobs/enqueue.server";
import { formatDate } from "~/utils/dates";
import type { TenantContext } from "~/utils/tenant.server";
import { todayInAmsterdam } from "./team-review-create.schema";
import { requireRound, teamReviewIdsInScope } from "./review-access.server";
import { deliver, queueInvitations, remindersDue, sendRemindersOnce } from "./reviewer-mail.server";

/** The queue of jobs/definitions/team-review-invitations.ts (kept here: the job imports this module). */
export const teamReviewInvitationsQueue = "team-review-invitations";

export type { ReminderKey } from "./reviewer-mail.server";

const round = alias(reviews, "round");

/**
 * Starts inviting the leaders of the team reviews of a round that ctx may see: one job for the round,
 * carrying ids only. Returns false when the job could not be enqueued.
 */
export async function inviteTeamLeaders(ctx: TenantContext, roundId: string): Promise<boolean> {
  const roundRow = await requireRound(ctx, roundId);
  const reviewIds = await teamReviewIdsInScope(ctx, roundRow.id);
  try {
    await enqueue(teamReviewInvitationsQueue, { roundId: roundRow.id, reviewIds });
    return true;
  } catch (error) {
    console.error("[team-review-mail] enqueueing invitations failed", error);
    return false;
  }
}

type Recipient = {
  reviewId: string;
  membershipId: string;
  accountId: string;
  email: string;
  firstName: string;
  language: "nl" | "en" | "de";
  reviewName: string;
  teamName: string | null;
  deadline: string | null;
  organisation: string;
};

const recipientColumns = {
  reviewId: reviewReviewers.reviewId,
  membershipId: reviewReviewers.membershipId,
  accountId: reviewReviewers.accountId,
  email: users.email,
  firstName: users.firstName,
  language: users.language,
  reviewName: round.name,
  teamName: reviews.teamName,
  deadline: round.deadline,
  organisation: clusters.name,
};

function mailProps(r: Recipient) {
  return {
    firstName: r.firstName,
    path: `/review/evaluation/${r.reviewId}`,
    reviewName: r.reviewName,
    teamName: r.teamName ?? "",
    deadline: formatDate(r.deadline),
    organisation: r.organisation,
  };
}

/**
 * The invitation job: mails every reviewer of the given team reviews of the round who was not invited
 * yet, in their language, and records invited_at in the same transaction as the outbox row, so that a
 * leader is never mailed twice (rows are locked; a second run finds nothing to do).
 */
export async function sendTeamReviewInvitations(input: { roundId: string; reviewIds: string[] }): Promise<number> {
  if (input.reviewIds.length === 0) return 0;
  const emailIds = await getDb().transaction(async (tx) => {
    const due = await tx
      .select(recipientColumns)
      .from(reviewReviewers)
      .innerJoin(reviews, eq(reviews.id, reviewReviewers.reviewId))
      .innerJoin(round, eq(round.id, reviews.parentId))
      .innerJoin(clusters, eq(clusters.id, reviews.clusterId))
      .innerJoin(memberships, and(eq(memberships.id, reviewReviewers.membershipId), isNull(memberships.deletedAt)))
      .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)))
      .where(
        and(
          inArray(reviewReviewers.reviewId, input.reviewIds),
          eq(round.id, input.roundId),
          eq(reviews.type, "team"),
          isNull(reviews.deletedAt),
          isNull(round.deletedAt),
          isNull(reviewReviewers.invitedAt),
        ),
      )
      .for("update", { of: reviewReviewers, skipLocked: true });
    return queueInvitations(tx, due, "team-review-invitation", mailProps);
  });
  await deliver(emailIds);
  return emailIds.length;
}

/**
 * Reviewers due a reminder at `now`: invited leaders of unfinished, unlocked team reviews whose round
 * deadline is 2–7 days away ('7d') or today/tomorrow ('1d'), that have not had that reminder yet.
 * The windows (not exact days) make a missed daily run catch up (docs/decisions/0512).
 */
export async function dueTeamReviewReminders(now: Date = new Date()) {
  const today = todayInAmsterdam(now);
  const daysLeft = sql<number>`(${round.deadline} - ${today}::date)`;
  const rows = await getDb()
    .select({ ...recipientColumns, daysLeft, remindersSent: reviewReviewers.remindersSent })
    .from(reviewReviewers)
    .innerJoin(reviews, eq(reviews.id, reviewReviewers.reviewId))
    .innerJoin(round, eq(round.id, reviews.parentId))
    .innerJoin(clusters, eq(clusters.id, reviews.clusterId))
    .innerJoin(memberships, and(eq(memberships.id, reviewReviewers.membershipId), isNull(memberships.deletedAt)))
    .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)))
    .where(
      and(
        eq(reviews.type, "team"),
        eq(reviews.isFinished, false),
        isNull(reviews.lockedAt),
        isNull(reviews.deletedAt),
        isNull(round.lockedAt),
        isNull(round.deletedAt),
        sql`${reviewReviewers.invitedAt} is not null`,
        sql`${daysLeft} between 0 and 7`,
      ),
    );
  return remindersDue(rows);
}

/** The daily reminder job: sends each due reminder once, recording its key in the same transaction. */
export async function sendTeamReviewReminders(now: Date = new Date()): Promise<number> {
  const due = await dueTeamReviewReminders(now);
  return sendRemindersOnce(due, "team-review-reminder", (r) => ({ ...mailProps(r), kind: r.key }));
}
