import { and, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { reviewReviewers, reviews } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";
import { requireRound, teamReviewIdsInScope } from "./review-access.server";
import { reviewerMail } from "./reviewer-mail.server";

/**
 * A team review's invitations and reminders (docs/decisions/0512): the leaders of the round's team reviews,
 * through the review family's shared jobs (reviewer-mail.server.ts); the deadline is the round's.
 */

export type { ReminderKey } from "./reviewer-mail.server";

const round = alias(reviews, "round");
const live = and(eq(reviews.type, "team"), isNull(reviews.deletedAt), isNull(round.deletedAt));

const teamMail = reviewerMail({
  name: "team-review",
  reviewName: round.name,
  teamName: reviews.teamName,
  deadline: round.deadline,
  join: (query) => query.innerJoin(round, eq(round.id, reviews.parentId)),
  invitable: live,
  // Reminders only while the review and its round are open.
  remindable: and(live, eq(reviews.isFinished, false), isNull(reviews.lockedAt), isNull(round.lockedAt)),
  path: (r) => `/review/evaluation/${r.reviewId}`,
});

/** The queue of jobs/definitions/team-review-invitations.ts (kept here: the job imports this module). */
export const teamReviewInvitationsQueue = teamMail.queue;

/**
 * Starts inviting the leaders of the team reviews of a round that ctx may see: one job for the round,
 * carrying ids only. Returns false when the job could not be enqueued.
 */
export async function inviteTeamLeaders(ctx: TenantContext, roundId: string): Promise<boolean> {
  const roundRow = await requireRound(ctx, roundId);
  const reviewIds = await teamReviewIdsInScope(ctx, roundRow.id);
  return teamMail.enqueueInvitations({ roundId: roundRow.id, reviewIds });
}

/**
 * The invitation job: every reviewer of the given team reviews of the round not invited yet, so that a
 * leader is never mailed twice (rows are locked; a second run finds nothing to do).
 */
export async function sendTeamReviewInvitations(input: { roundId: string; reviewIds: string[] }): Promise<number> {
  if (input.reviewIds.length === 0) return 0;
  return teamMail.sendInvitations(and(inArray(reviewReviewers.reviewId, input.reviewIds), eq(round.id, input.roundId)));
}

export const dueTeamReviewReminders = teamMail.dueReminders;
export const sendTeamReviewReminders = teamMail.sendReminders;
