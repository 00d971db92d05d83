import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { emailOutbox } from "#db/schema";
import { renderEmail, type TemplateName, type TemplateProps } from "#emails/index";
import { bossSchema } from "#jobs/boss.server";
import { enqueue, enqueueMany } from "#jobs/enqueue.server";
import type { Language } from "~/utils/i18n";
import { sendMail } from "./transport.server";

/** The queue of jobs/definitions/send-email.ts; kept here so this module does not import the job (it imports us). */
export const sendEmailQueue = "send-email";

/**
 * Deliveries per e-mail before the row is marked failed: the first try plus pg-boss's retries
 * (send-email's retryLimit is derived from this). The sweeper only re-enqueues pending rows, so a
 * failed row stays failed instead of being retried forever; a person can reset it to pending.
 */
export const maxDeliveryAttempts = 6;

export type QueueEmailInput<Name extends TemplateName = TemplateName> = {
  accountId?: string | null;
  to: string;
  template: Name;
  locale: Language;
  props: TemplateProps<Name>;
};

export type DeliveryResult = "sent" | "already-sent" | "failed-before" | "not-found" | "in-progress";

/**
 * Writes an outbox row, in the caller's transaction when given one. Call enqueueEmailDelivery(id)
 * after the commit; if the process dies in between, the email-sweeper job picks the row up.
 */
export async function queueEmail<Name extends TemplateName>(db: DbOrTx, input: QueueEmailInput<Name>): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      accountId: input.accountId ?? null,
      toAddress: input.to,
      template: input.template,
      locale: input.locale,
      props: input.props,
    })
    .returning({ id: emailOutbox.id });
  return row.id;
}

/** Starts delivery of an outbox row; the job carries only the id. */
export async function enqueueEmailDelivery(emailId: string): Promise<void> {
  await enqueue(sendEmailQueue, { emailId });
}

/** Starts delivery of many outbox rows in one statement (a digest run). */
export async function enqueueEmailDeliveries(emailIds: string[]): Promise<void> {
  await enqueueMany(
    sendEmailQueue,
    emailIds.map((emailId) => ({ emailId })),
  );
}

/**
 * Renders and sends one outbox row, at most once: a row already sent (or given up on) is skipped, and
 * the row lock keeps two workers from sending the same row at the same time. A failure is recorded
 * on the row and rethrown so that pg-boss retries the job with backoff.
 */
export async function deliverEmail(emailId: string): Promise<DeliveryResult> {
  const outcome = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, emailId))
      .for("update", { skipLocked: true });
    if (!row) {
      const [exists] = await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, emailId));
      return { result: exists ? ("in-progress" as const) : ("not-found" as const) };
    }
    if (row.status === "sent") return { result: "already-sent" as const };
    if (row.status === "failed") return { result: "failed-before" as const };

    const attempts = row.attempts + 1;
    try {
      const rendered = await renderEmail(row.template, row.props, row.locale);
      const { messageId } = await sendMail({ to: row.toAddress, ...rendered, id: row.id });
      await tx
        .update(emailOutbox)
        .set({ status: "sent", attempts, messageId, sentAt: new Date(), lastError: null })
        .where(eq(emailOutbox.id, row.id));
      return { result: "sent" as const };
    } catch (error) {
      await tx
        .update(emailOutbox)
        .set({
          attempts,
          status: attempts >= maxDeliveryAttempts ? "failed" : "pending",
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(eq(emailOutbox.id, row.id));
      // Returned, not thrown, so the transaction commits the attempt count before we rethrow.
      return { result: "error" as const, error };
    }
  });
  if (outcome.result === "error") throw outcome.error;
  return outcome.result;
}

/** Messages of one batch in flight at once; the SMTP pool (5 connections) queues the rest. */
const BATCH_IN_FLIGHT = 25;

/**
 * Renders and sends many outbox rows from the caller's process, without a send-email job per row (the
 * digest run's pages, docs/decisions/1263): the rows are locked as deliverEmail locks one (rows another
 * worker holds, or already sent, are skipped), sent through the pool, and marked in one statement. A row
 * whose sending failed keeps its attempt and error and gets a send-email job, which retries it with
 * backoff as any other e-mail; rows left pending by a crash are found by the email-sweeper.
 */
export async function deliverEmails(emailIds: string[]): Promise<{ sent: number; failed: number }> {
  if (emailIds.length === 0) return { sent: 0, failed: 0 };
  const failedIds: string[] = [];
  const sent = await getDb().transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(emailOutbox)
      .where(and(inArray(emailOutbox.id, emailIds), eq(emailOutbox.status, "pending")))
      .for("update", { skipLocked: true });
    const done: { id: string; messageId: string }[] = [];
    const failures: { id: string; error: string }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(BATCH_IN_FLIGHT, rows.length) }, async () => {
        while (next < rows.length) {
          const row = rows[next++];
          try {
            const rendered = await renderEmail(row.template, row.props, row.locale);
            const { messageId } = await sendMail({ to: row.toAddress, ...rendered, id: row.id });
            done.push({ id: row.id, messageId });
          } catch (error) {
            failures.push({ id: row.id, error: error instanceof Error ? error.message : String(error) });
          }
        }
      }),
    );
    if (done.length > 0) {
      await tx.execute(sql`
        update email_outbox o
           set status = 'sent', attempts = o.attempts + 1, message_id = x.message_id, sent_at = now(), last_error = null
          from jsonb_to_recordset(${JSON.stringify(done.map((d) => ({ id: d.id, message_id: d.messageId })))}::jsonb)
            as x(id uuid, message_id text)
         where o.id = x.id`);
    }
    if (failures.length > 0) {
      await tx.execute(sql`
        update email_outbox o
           set attempts = o.attempts + 1, last_error = x.error,
               status = case when o.attempts + 1 >= ${maxDeliveryAttempts} then 'failed' else 'pending' end
          from jsonb_to_recordset(${JSON.stringify(failures)}::jsonb) as x(id uuid, error text)
         where o.id = x.id`);
      failedIds.push(...failures.map((f) => f.id));
    }
    return done.length;
  });
  // After the commit: the failed rows go the ordinary way (send-email job, retried with backoff).
  if (failedIds.length > 0) await enqueueEmailDeliveries(failedIds);
  return { sent, failed: failedIds.length };
}

/**
 * Pending rows older than the given age that no live send-email job is working on: their enqueue
 * was lost (crash between commit and enqueue). Rows still in pg-boss's retry backoff have a live job
 * and are left alone, so the sweeper never doubles a delivery that is merely waiting.
 */
export async function listStalledEmailIds(db: DbOrTx, olderThanMinutes: number, limit = 500): Promise<string[]> {
  const job = sql.raw(`"${bossSchema}".job`);
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        lt(emailOutbox.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
        sql`not exists (
          select 1 from ${job} j
          where j.name = ${sendEmailQueue}
            and j.state in ('created', 'retry', 'active')
            and j.data->>'emailId' = ${emailOutbox.id}::text
        )`,
      ),
    )
    .orderBy(emailOutbox.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}
