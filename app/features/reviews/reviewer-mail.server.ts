import { and, eq } from "drizzle-orm";
import { getDb, type Tx } from "#db/client.server";
import { reviewReviewers } from "#db/schema";
import type { TemplateName, TemplateProps } from "#emails/index";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/utils/i18n";

/**
 * The write side of review invitations and reminders, shared by team and self reviews: the state on
 * review_reviewers (invited_at, reminders_sent) changes in the same transaction as the outbox row, so a
 * retried job or a second worker finds nothing left to send (docs/decisions/0512, 0943).
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
