import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lt, not, or, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { emailOutbox } from "#db/schema";
import { renderEmail, type TemplateName, type TemplateProps } from "#emails/index";
import { liveJobExists } from "#jobs/boss-internals.server";
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
 * How long a delivery's claim keeps others off a row. Longer than any send can take (nodemailer gives
 * up on a silent server well within it), so a claim only lapses when its worker died between claiming
 * and marking; the row is then delivered again (at least once, as when a transaction was rolled back).
 */
const CLAIM_MINUTES = 15;

type ClaimedEmail = Pick<typeof emailOutbox.$inferSelect, "id" | "template" | "locale" | "props" | "toAddress">;

/**
 * Claims the pending rows among `emailIds` that no other delivery holds, in one statement that commits
 * at once (docs/decisions/1264): rows are then rendered and sent with no transaction open. Two deliveries
 * claiming the same row at once: the second waits for the first's commit and finds the row claimed.
 */
async function claimEmails(emailIds: string[], holder: string): Promise<ClaimedEmail[]> {
  return getDb()
    .update(emailOutbox)
    .set({ claimedUntil: sql`now() + make_interval(mins => ${CLAIM_MINUTES})`, claimedBy: holder })
    .where(
      and(
        inArray(emailOutbox.id, emailIds),
        eq(emailOutbox.status, "pending"),
        // A holder takes its own claim over: a send-email job retried after its worker died (decision 1267).
        or(
          isNull(emailOutbox.claimedUntil),
          lt(emailOutbox.claimedUntil, sql`now()`),
          eq(emailOutbox.claimedBy, holder),
        ),
      ),
    )
    .returning({
      id: emailOutbox.id,
      template: emailOutbox.template,
      locale: emailOutbox.locale,
      props: emailOutbox.props,
      toAddress: emailOutbox.toAddress,
    });
}

/** Marks sent rows in one statement and releases their claims. */
async function markSent(done: { id: string; messageId: string }[]): Promise<void> {
  if (done.length === 0) return;
  await getDb().execute(sql`
    update email_outbox o
       set status = 'sent', attempts = o.attempts + 1, message_id = x.message_id, sent_at = now(),
           last_error = null, claimed_until = null, claimed_by = null
      from jsonb_to_recordset(${JSON.stringify(done.map((d) => ({ id: d.id, message_id: d.messageId })))}::jsonb)
        as x(id uuid, message_id text)
     where o.id = x.id`);
}

/** Records a failed attempt per row (failed after the last one, else pending again) and releases the claims. */
async function markFailed(failures: { id: string; error: string }[]): Promise<void> {
  if (failures.length === 0) return;
  await getDb().execute(sql`
    update email_outbox o
       set attempts = o.attempts + 1, last_error = x.error, claimed_until = null, claimed_by = null,
           status = case when o.attempts + 1 >= ${maxDeliveryAttempts} then 'failed' else 'pending' end
      from jsonb_to_recordset(${JSON.stringify(failures)}::jsonb) as x(id uuid, error text)
     where o.id = x.id`);
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Renders and sends one outbox row, at most once: a row already sent (or given up on) is skipped, and
 * the claim keeps two workers from sending the same row at the same time. A failure is recorded on the
 * row and rethrown so that pg-boss retries the job with backoff. `holder` is the send-email job's id: when
 * its worker dies mid-send, pg-boss's retry of that job (same id) takes the row's claim over at once.
 */
export async function deliverEmail(emailId: string, holder: string = randomUUID()): Promise<DeliveryResult> {
  const [row] = await claimEmails([emailId], holder);
  if (!row) {
    const [found] = await getDb()
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, emailId));
    if (!found) return "not-found";
    return found.status === "sent" ? "already-sent" : found.status === "failed" ? "failed-before" : "in-progress";
  }
  let messageId: string;
  try {
    const rendered = await renderEmail(row.template, row.props, row.locale);
    ({ messageId } = await sendMail({ to: row.toAddress, ...rendered, id: row.id }));
  } catch (error) {
    await markFailed([{ id: row.id, error: errorText(error) }]);
    throw error;
  }
  await markSent([{ id: row.id, messageId }]);
  return "sent";
}

/**
 * Messages of one batch in flight at once; the SMTP pool (5 connections) queues the rest. Enough to keep
 * the pool busy (the digest run has two batches going: 20 in flight, as the transport-alone bench), and no
 * more: a message waiting in the pool's queue outlives a few young-generation collections and is promoted,
 * and with 25 per batch that promoted garbage grew the worker's heap by about 20 KB per digest until V8's
 * next full collection (RSS +150 MB over 7,500 digests; docs/performance.md, issue 17, decision 1266).
 */
const BATCH_IN_FLIGHT = 10;

/**
 * Renders and sends many outbox rows from the caller's process, without a send-email job per row (the
 * digest run's pages, docs/decisions/1263): the rows are claimed in one statement (rows another delivery
 * holds, or already sent, are skipped), sent through the pool with no transaction open, and marked in one
 * statement (docs/decisions/1264). A row whose sending failed keeps its attempt and error and gets a
 * send-email job, which retries it with backoff as any other e-mail. `holder` names the claim: the digest run
 * passes its job id, so that its retry after its worker died takes the rows over at once (decision 1770); rows
 * nobody comes back for are found by the email-sweeper once the claim lapsed.
 */
export async function deliverEmails(
  emailIds: string[],
  holder: string = randomUUID(),
): Promise<{ sent: number; failed: number }> {
  if (emailIds.length === 0) return { sent: 0, failed: 0 };
  const rows = await claimEmails(emailIds, holder);
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
          failures.push({ id: row.id, error: errorText(error) });
        }
      }
    }),
  );
  await markSent(done);
  await markFailed(failures);
  // The failed rows go the ordinary way (send-email job, retried with backoff).
  if (failures.length > 0) await enqueueEmailDeliveries(failures.map((f) => f.id));
  return { sent: done.length, failed: failures.length };
}

/**
 * Pending rows older than the given age that no live send-email job is working on: their enqueue
 * was lost (crash between commit and enqueue), or the delivery that claimed them died. Rows still in
 * pg-boss's retry backoff have a live job, and claimed rows are being sent; both are left alone, so the
 * sweeper never doubles a delivery that is merely waiting.
 */
export async function listStalledEmailIds(db: DbOrTx, olderThanMinutes: number, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        lt(emailOutbox.createdAt, sql`now() - make_interval(mins => ${olderThanMinutes})`),
        or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, sql`now()`)),
        not(liveJobExists(sendEmailQueue, "emailId", sql`${emailOutbox.id}::text`)),
      ),
    )
    .orderBy(emailOutbox.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Mail not sent yet, for the metrics: how many, and how long the oldest has waited (seconds, 0 when none). */
export async function outboxBacklog(db: DbOrTx = getDb()): Promise<{ pending: number; oldestSeconds: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*)::int`,
      oldestSeconds: sql<number>`coalesce(extract(epoch from now() - min(${emailOutbox.createdAt})), 0)::float8`,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.status, "pending"));
  return { pending: row?.pending ?? 0, oldestSeconds: row?.oldestSeconds ?? 0 };
}
