import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgSelect } from "drizzle-orm/pg-core";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import { clusters, memberships, reviewReviewers, reviews, users } from "#db/schema";
import type { TemplateName, TemplateProps } from "#emails/index";
import { enqueue } from "#jobs/enqueue.server";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { formatDate } from "~/utils/dates";
import type { Language } from "~/utils/i18n";
import { todayInAmsterdam } from "./team-review-create.schema";
import { logger } from "~/utils/logger.server";

/**
 * Invitations and reminders of every review type (team, self, peer): the state on review_reviewers
 * (invited_at, reminders_sent) changes in the same transaction as the outbox row, so a retried job or a
 * second worker finds nothing left to send (docs/decisions/0512, 0943, 1021). A type hands its recipient
 * query, its conditions and its templates to `reviewerMail` (docs/architecture.md "Review family").
 */

export type ReminderKey = "7d" | "1d";

/**
 * The reminders still to send among rows 0–7 days before their deadline: '1d' from one day before, else '7d';
 * a key already in reminders_sent is not sent again.
 */
export function remindersDue<R extends { daysLeft: number; remindersSent: string[] }>(
  rows: R[],
): (R & { key: ReminderKey })[] {
  return rows.flatMap((r) => {
    const key: ReminderKey = r.daysLeft <= 1 ? "1d" : "7d";
    return r.remindersSent.includes(key) ? [] : [{ ...r, key }];
  });
}

/** One reviewer (or self-review participant) to mail: the review_reviewers row and where the mail goes. */
export type MailRecipient = {
  reviewId: string;
  membershipId: string;
  accountId: string;
  email: string;
  language: Language;
};

const reviewerRow = (r: MailRecipient) =>
  and(eq(reviewReviewers.reviewId, r.reviewId), eq(reviewReviewers.membershipId, r.membershipId));

/** Marks each (already locked) recipient invited and queues their invitation; returns the outbox ids. */
export async function queueInvitations<Name extends TemplateName, R extends MailRecipient>(
  tx: Tx,
  due: R[],
  template: Name,
  props: (r: R) => TemplateProps<Name>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const r of due) {
    await tx.update(reviewReviewers).set({ invitedAt: new Date() }).where(reviewerRow(r));
    ids.push(
      await queueEmail(tx, { accountId: r.accountId, to: r.email, template, locale: r.language, props: props(r) }),
    );
  }
  return ids;
}

/** Sends each due reminder once: its key is re-checked under the row lock and recorded with the outbox row. */
export async function sendRemindersOnce<Name extends TemplateName, R extends MailRecipient & { key: ReminderKey }>(
  due: R[],
  template: Name,
  props: (r: R) => TemplateProps<Name>,
): Promise<number> {
  const emailIds: string[] = [];
  for (const r of due) {
    const id = await getDb().transaction(async (tx) => {
      const [row] = await tx
        .select({ remindersSent: reviewReviewers.remindersSent })
        .from(reviewReviewers)
        .where(reviewerRow(r))
        .for("update");
      if (!row || row.remindersSent.includes(r.key)) return null;
      await tx
        .update(reviewReviewers)
        .set({ remindersSent: [...row.remindersSent, r.key] })
        .where(reviewerRow(r));
      return queueEmail(tx, {
        accountId: r.accountId,
        to: r.email,
        template,
        locale: r.language,
        props: props(r),
      });
    });
    if (id) emailIds.push(id);
  }
  await deliver(emailIds);
  return emailIds.length;
}

/** Hands queued outbox rows to the delivery job (after their transaction committed). */
export async function deliver(emailIds: string[]): Promise<void> {
  for (const id of emailIds) await enqueueEmailDelivery(id);
}

/** The columns every recipient query selects besides its review's name, team and deadline. */
const recipientColumns = {
  reviewId: reviewReviewers.reviewId,
  membershipId: reviewReviewers.membershipId,
  accountId: reviewReviewers.accountId,
  email: users.email,
  firstName: users.firstName,
  language: users.language,
  organisation: clusters.name,
  remindersSent: reviewReviewers.remindersSent,
};

/** One review_reviewers row with what its invitation or reminder says. */
export type ReviewerMailRow = MailRecipient & {
  firstName: string;
  reviewName: string;
  teamName: string | null;
  deadline: string | null;
  organisation: string;
  daysLeft: number;
  remindersSent: string[];
};

type ReviewMailTemplate = "team-review" | "self-review" | "peer-review";

/** What one review type's invitations and reminders differ in. */
export type ReviewerMailType = {
  /** The templates `<name>-invitation` and `<name>-reminder`, the invitation job's queue `<name>-invitations`. */
  name: ReviewMailTemplate;
  /** What the mail names: the review, the team (or null) and the deadline the reminders count down to. */
  reviewName: PgColumn;
  teamName: PgColumn | SQL<null>;
  deadline: PgColumn;
  /** Joins the recipient query (review_reviewers joined to its `reviews` row) needs for the columns above. */
  join?: (query: PgSelect) => PgSelect;
  /** Who may still be invited, and reminded (besides invited_at). */
  invitable: SQL | undefined;
  remindable: SQL | undefined;
  /** Where the mail's button leads. */
  path: (r: ReviewerMailRow) => string;
};

/** The shared invitation and reminder jobs of one review type. */
export function reviewerMail(type: ReviewerMailType) {
  const daysLeft = (today: string) => sql<number>`(${type.deadline} - ${today}::date)`;
  /** The recipients matching `where`; `lock` locks their review_reviewers rows (skip locked). */
  async function recipients(db: DbOrTx, today: string, where: SQL | undefined, lock: boolean) {
    const columns = { reviewName: type.reviewName, teamName: type.teamName, deadline: type.deadline };
    const base = db
      .select({ ...recipientColumns, ...columns, daysLeft: daysLeft(today) })
      .from(reviewReviewers)
      .innerJoin(reviews, eq(reviews.id, reviewReviewers.reviewId))
      .$dynamic();
    const query = (type.join ? type.join(base) : base)
      .innerJoin(clusters, eq(clusters.id, reviews.clusterId))
      .innerJoin(memberships, and(eq(memberships.id, reviewReviewers.membershipId), isNull(memberships.deletedAt)))
      .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)))
      .where(where);
    return (await (lock ? query.for("update", { of: reviewReviewers, skipLocked: true }) : query)) as ReviewerMailRow[];
  }
  const props = (r: ReviewerMailRow) => ({
    firstName: r.firstName,
    path: type.path(r),
    reviewName: r.reviewName,
    teamName: r.teamName ?? "",
    deadline: formatDate(r.deadline),
    organisation: r.organisation,
  });
  /**
   * Recipients due a reminder at `now`: invited, work left, deadline 2–7 days ('7d') or 0–1 day ('1d')
   * away, that reminder not sent yet. The windows (not exact days) make a missed daily run catch up.
   */
  async function dueReminders(now: Date = new Date()) {
    const today = todayInAmsterdam(now);
    const rows = await recipients(
      getDb(),
      today,
      and(type.remindable, sql`${reviewReviewers.invitedAt} is not null`, sql`${daysLeft(today)} between 0 and 7`),
      false,
    );
    return remindersDue(rows);
  }
  return {
    queue: `${type.name}-invitations` as const,
    dueReminders,

    /** Enqueues the invitation job (ids only); false when it could not be enqueued. */
    async enqueueInvitations(payload: Record<string, unknown>): Promise<boolean> {
      try {
        await enqueue(`${type.name}-invitations`, payload);
        return true;
      } catch (error) {
        logger.error({ err: error }, `[${type.name}-mail] enqueueing invitations failed`);
        return false;
      }
    },

    /** Clears invited_at of a review's reviewers matching `where` (to invite them again); their ids. */
    async clearInvitations(reviewId: string, where: SQL | undefined): Promise<string[]> {
      const cleared = await getDb()
        .update(reviewReviewers)
        .set({ invitedAt: null })
        .where(and(eq(reviewReviewers.reviewId, reviewId), where))
        .returning({ membershipId: reviewReviewers.membershipId });
      return cleared.map((c) => c.membershipId);
    },

    /**
     * The invitation job: mails every recipient matching `where` not invited yet, in their language,
     * recording invited_at in the same transaction as the outbox row (rows locked, skip locked).
     */
    async sendInvitations(where: SQL | undefined): Promise<number> {
      const emailIds = await getDb().transaction(async (tx) => {
        const due = await recipients(
          tx,
          todayInAmsterdam(),
          and(where, type.invitable, isNull(reviewReviewers.invitedAt)),
          true,
        );
        return queueInvitations(tx, due, `${type.name}-invitation`, props);
      });
      await deliver(emailIds);
      return emailIds.length;
    },

    /** The daily reminder job: each due reminder once, its key recorded in the same transaction. */
    async sendReminders(now: Date = new Date()): Promise<number> {
      const due = await dueReminders(now);
      return sendRemindersOnce(due, `${type.name}-reminder`, (r) => ({ ...props(r), kind: r.key }));
    },
  };
}
