/**
 * The digest run's pages (docs/decisions/1263): a page of recipients gets its news from set-based
 * statements, each recipient only their own; one statement claims and queues (never twice, also when the
 * claim is retried); the digest job delivers its pages itself, and a delivery that fails keeps the row
 * pending with a send-email job that retries it. Rows are claimed, then sent with no transaction open, then
 * marked (decision 1264).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { digestsSent, emailOutbox, memberships, tasks, users } from "#db/schema";
import { digestsJob } from "#jobs/definitions/digests";
import { sendDigests } from "~/features/digests/digests.server";
import { deliverEmail, deliverEmails, listStalledEmailIds, queueEmail } from "~/features/email/outbox.server";
import { closeTransport } from "~/features/email/transport.server";
import { demoUsers } from "../../seed/demo-data";
import { demoWorld } from "../support/demo-world";
import { readMail, startSmtpCapture } from "../support/smtp";

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
const savedSmtp = process.env.SMTP_URL;
const DAY = 86_400_000;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  await demoWorld();
}, 120_000);

afterAll(async () => {
  closeTransport();
  await smtp.close();
  if (savedSmtp === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtp;
});

beforeEach(() => {
  smtp.messages.length = 0;
});

async function membershipOf(email: string) {
  const [row] = await getDb()
    .select({ id: memberships.id, accountId: memberships.accountId, clusterId: memberships.clusterId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(users.email, email), eq(memberships.access, true)))
    .orderBy(memberships.createdAt)
    .limit(1);
  return row;
}

const digestsTo = (email: string) =>
  getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, "digest"), eq(emailOutbox.toAddress, email)));

describe("digest pages", () => {
  it("give every recipient of a page only their own news, once, and the job delivers them itself", async () => {
    const hr = await membershipOf(demoUsers.hr);
    const people = [demoUsers.medewerker, demoUsers.leider, demoUsers.meerdere];
    const members = await Promise.all(people.map(membershipOf));
    await getDb()
      .update(memberships)
      .set({ updatesFrequency: "weekly" })
      .where(
        inArray(
          memberships.id,
          members.map((m) => m.id),
        ),
      );
    // A task of its own for each, created "now" so it is news in every first digest.
    for (const [index, m] of members.entries()) {
      await getDb()
        .insert(tasks)
        .values({
          accountId: m.accountId,
          clusterId: m.clusterId,
          type: "task",
          title: `Paginataak ${index}`,
          senderId: hr.id,
          receiverId: m.id,
        });
    }
    const ids = members.map((m) => m.id);
    const later = new Date(Date.now() + 28 * DAY);

    // The job (as the schedule runs it) twice: one claim per member and period, delivered by the run.
    await digestsJob.handler({ only: ids });
    await digestsJob.handler({ only: ids });
    const claims = await getDb().select().from(digestsSent).where(inArray(digestsSent.membershipId, ids));
    expect(claims).toHaveLength(3);
    for (const [index, email] of people.entries()) {
      const rows = await digestsTo(email);
      expect(rows).toHaveLength(1);
      expect(rows[0].status).toBe("sent");
      expect(rows[0].attempts).toBe(1);
      const text = JSON.stringify(rows[0].props);
      expect(text).toContain(`Paginataak ${index}`);
      for (const other of [0, 1, 2].filter((i) => i !== index)) expect(text).not.toContain(`Paginataak ${other}`);
      const mails = smtp.messages.filter((m) => m.envelopeTo.includes(email));
      expect(mails).toHaveLength(1);
      expect(readMail(mails[0].raw).text).toContain(`Paginataak ${index}`);
      expect(claims.find((c) => c.membershipId === members[index].id)?.emailId).toBe(rows[0].id);
    }

    // A run in a later period with nothing new for them: no claim, no mail.
    await getDb().update(tasks).set({ done: true }).where(inArray(tasks.receiverId, ids));
    const result = await sendDigests(later, ids);
    expect(result.sent).toBe(0);
    expect(await getDb().select().from(digestsSent).where(inArray(digestsSent.membershipId, ids))).toHaveLength(3);
  });

  it("delivers a batch once, skipping rows already sent", async () => {
    const id = await queueEmail(getDb(), {
      to: "batch@example.test",
      template: "password-changed",
      locale: "nl",
      props: { firstName: "Batch", changedAt: new Date().toISOString() },
    });
    expect(await deliverEmails([id])).toEqual({ sent: 1, failed: 0 });
    expect(await deliverEmails([id])).toEqual({ sent: 0, failed: 0 });
    expect(smtp.messages.filter((m) => m.envelopeTo.includes("batch@example.test"))).toHaveLength(1);
  });

  it("keeps a row whose delivery failed pending, with its error and a send-email job to retry it", async () => {
    const id = await queueEmail(getDb(), {
      to: "outage@example.test",
      template: "password-changed",
      locale: "nl",
      props: { firstName: "Storing", changedAt: new Date().toISOString() },
    });
    closeTransport();
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    try {
      expect(await deliverEmails([id])).toEqual({ sent: 0, failed: 1 });
    } finally {
      closeTransport();
      process.env.SMTP_URL = smtp.url;
    }
    const [row] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row.status).toBe("pending");
    expect(row.attempts).toBe(1);
    expect(row.lastError).toBeTruthy();
    const { rows: jobs } = await getDb().execute<{ n: number }>(
      sql`select count(*)::int as n from pgboss.job where name = 'send-email' and data->>'emailId' = ${id}`,
    );
    expect(jobs[0].n).toBe(1);
  });

  it("sends with no transaction open; rows being sent are skipped by every other delivery", async () => {
    const slow = await startSmtpCapture({ delayMs: 1_500 });
    const ids = await Promise.all(
      [1, 2, 3].map((n) =>
        queueEmail(getDb(), {
          to: `traag${n}@example.test`,
          template: "password-changed",
          locale: "nl",
          props: { firstName: "Traag", changedAt: new Date().toISOString() },
        }),
      ),
    );
    closeTransport();
    process.env.SMTP_URL = slow.url;
    try {
      const first = deliverEmails(ids);
      // Wait until the rows are claimed and the messages are on their way to the slow server.
      for (let tries = 0; slow.messages.length === 0 && tries < 500; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(slow.messages.length).toBeGreaterThan(0);
      const { rows: open } = await getDb().execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and xact_start is not null`,
      );
      expect(open[0].n).toBe(0);
      expect(await deliverEmails(ids)).toEqual({ sent: 0, failed: 0 });
      expect(await deliverEmail(ids[0])).toBe("in-progress");
      expect(await listStalledEmailIds(getDb(), 0)).not.toContain(ids[0]);
      expect(await first).toEqual({ sent: 3, failed: 0 });
    } finally {
      closeTransport();
      process.env.SMTP_URL = smtp.url;
      await slow.close();
    }
    expect(slow.messages).toHaveLength(3);
    const rows = await getDb().select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    for (const row of rows) expect(row).toMatchObject({ status: "sent", attempts: 1, claimedUntil: null });
  });

  it("delivers a row again once the claim of a delivery that died has lapsed", async () => {
    const id = await queueEmail(getDb(), {
      to: "verloren@example.test",
      template: "password-changed",
      locale: "nl",
      props: { firstName: "Verloren", changedAt: new Date().toISOString() },
    });
    // Claimed by a worker that died before sending: skipped while the claim holds…
    await getDb()
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() + interval '5 minutes'` })
      .where(eq(emailOutbox.id, id));
    expect(await deliverEmails([id])).toEqual({ sent: 0, failed: 0 });
    // …and delivered (by the sweeper's send-email job, or a later run) once it has lapsed.
    await getDb()
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() - interval '1 second'` })
      .where(eq(emailOutbox.id, id));
    expect(await listStalledEmailIds(getDb(), 0)).toContain(id);
    expect(await deliverEmail(id)).toBe("sent");
    expect(smtp.messages.filter((m) => m.envelopeTo.includes("verloren@example.test"))).toHaveLength(1);
  });
});
