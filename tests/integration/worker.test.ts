import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { accounts, authThrottle, emailOutbox, sessions, users } from "#db/schema";
import { stopSenderBoss } from "#jobs/boss.server";
import { cleanupJob } from "#jobs/definitions/cleanup";
import { emailSweeperJob } from "#jobs/definitions/email-sweeper";
import { enqueue } from "#jobs/enqueue.server";
import { startWorker, type RunningWorker } from "#jobs/worker";
import { enqueueEmailDelivery, listStalledEmailIds, queueEmail, sendEmailQueue } from "~/features/email/outbox.server";
import { closeTransport } from "~/features/email/transport.server";
import { startSmtpCapture } from "../support/smtp";

async function waitForStatus(emailId: string, status: "sent" | "failed", timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
    if (row?.status === status) return row;
    if (Date.now() > deadline) throw new Error(`e-mail ${emailId} is ${row?.status ?? "missing"}, not ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let worker: RunningWorker | undefined;
const savedSmtpUrl = process.env.SMTP_URL;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  process.env.SMTP_URL = smtp.url;
  worker = await startWorker(process.env.DATABASE_URL);
});

afterAll(async () => {
  await worker?.stop();
  await stopSenderBoss();
  closeTransport();
  await smtp.close();
  if (savedSmtpUrl === undefined) delete process.env.SMTP_URL;
  else process.env.SMTP_URL = savedSmtpUrl;
});

describe("worker", () => {
  test("delivers a queued e-mail through send-email within seconds", async () => {
    const emailId = await getDb().transaction((tx) =>
      queueEmail(tx, {
        to: "worker@example.test",
        template: "password-changed",
        locale: "nl",
        props: { firstName: "Wim", changedAt: new Date().toISOString() },
      }),
    );
    const started = Date.now();
    await enqueueEmailDelivery(emailId);
    const row = await waitForStatus(emailId, "sent");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(row.attempts).toBe(1);
    const delivered = smtp.messages.filter((m) => m.envelopeTo.includes("worker@example.test"));
    expect(delivered).toHaveLength(1);
    expect(delivered[0].raw).toMatch(/^Subject: Je wachtwoord is gewijzigd/m);
  });

  test("starts a job at once when it is enqueued, not at the queue's next poll (decision 1265)", async () => {
    const startedAfterMs = async () => {
      // The digests queue polls every 5 s; a run limited to an unknown membership does nothing.
      const id = await enqueue("digests", { only: [crypto.randomUUID()] });
      for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
        const { rows } = await getDb().execute<{ state: string; ms: number }>(
          sql`select state, (extract(epoch from started_on - created_on) * 1000)::float8 as ms
                from pgboss.job where name = 'digests' and id = ${id}`,
        );
        if (rows[0]?.state === "completed") return rows[0].ms;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`digests job ${id} did not complete`);
    };
    await startedAfterMs();
    // Right after a run its poller sleeps its whole 5 s interval: only the wake-up starts the next job sooner.
    expect(await startedAfterMs()).toBeLessThan(2_500);
  });

  test("the e-mail sweeper re-enqueues stalled rows but not rows a job is waiting on", async () => {
    const insertOld = async (to: string) => {
      const [row] = await getDb()
        .insert(emailOutbox)
        .values({
          toAddress: to,
          template: "password-changed",
          locale: "en",
          props: { firstName: "Sam", changedAt: new Date().toISOString() },
          createdAt: sql`now() - interval '11 minutes'`,
        })
        .returning({ id: emailOutbox.id });
      return row.id;
    };
    const stalled = await insertOld("stalled@example.test");
    const waiting = await insertOld("waiting@example.test");
    // A job that exists but is not due yet, as during pg-boss's retry backoff.
    await enqueue(sendEmailQueue, { emailId: waiting }, { startAfter: 3600 });
    const [fresh] = await getDb()
      .insert(emailOutbox)
      .values({ toAddress: "fresh@example.test", template: "password-changed", locale: "en", props: {} })
      .returning({ id: emailOutbox.id });

    const candidates = await listStalledEmailIds(getDb(), 10);
    expect(candidates).toContain(stalled);
    expect(candidates).not.toContain(waiting);
    expect(candidates).not.toContain(fresh.id);

    const result = await emailSweeperJob.handler({}, { jobId: "test", enqueue: (name, data) => enqueue(name, data) });
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    await waitForStatus(stalled, "sent");
    expect(await listStalledEmailIds(getDb(), 10)).not.toContain(stalled);
    const [waitingRow] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, waiting));
    expect(waitingRow.status).toBe("pending");
  });
});

describe("cleanup job", () => {
  test("deletes expired sessions and throttle counters whose window ended a day ago, keeps fresh ones", async () => {
    const db = getDb();
    const [account] = await db.insert(accounts).values({ name: "Opruimtest" }).returning({ id: accounts.id });
    const [user] = await db
      .insert(users)
      .values({ accountId: account.id, email: `opruim-${Date.now()}@example.test` })
      .returning({ id: users.id });
    const hour = 60 * 60 * 1000;
    await db.insert(sessions).values([
      { id: "expired-session", userId: user.id, accountId: account.id, expiresAt: new Date(Date.now() - hour) },
      { id: "live-session", userId: user.id, accountId: account.id, expiresAt: new Date(Date.now() + hour) },
    ]);
    await db.insert(authThrottle).values([
      { key: "loginPair:old", count: 5, windowSeconds: 60, windowStart: new Date(Date.now() - 25 * hour) },
      { key: "loginPair:recent", count: 5, windowSeconds: 60, windowStart: new Date(Date.now() - hour) },
    ]);

    const result = await cleanupJob.handler();
    expect(result).toMatchObject({ sessions: 1, throttleCounters: 1 });

    const sessionIds = (await db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
    expect(sessionIds).toContain("live-session");
    expect(sessionIds).not.toContain("expired-session");
    const counterKeys = (await db.select({ key: authThrottle.key }).from(authThrottle)).map((a) => a.key);
    expect(counterKeys).toContain("loginPair:recent");
    expect(counterKeys).not.toContain("loginPair:old");
  });

  test("the worker registered the cron schedules in Europe/Amsterdam", async () => {
    const { rows } = await getDb().execute<{ name: string; cron: string; timezone: string }>(
      sql`select name, cron, timezone from pgboss.schedule order by name`,
    );
    expect(rows).toEqual([
      { name: "cleanup", cron: "30 3 * * *", timezone: "Europe/Amsterdam" },
      { name: "digests", cron: "0 7 * * 1", timezone: "Europe/Amsterdam" },
      { name: "email-sweeper", cron: "*/10 * * * *", timezone: "Europe/Amsterdam" },
      { name: "import-connector-schedules", cron: "*/5 * * * *", timezone: "Europe/Amsterdam" },
      { name: "invitation-reminder", cron: "15 * * * *", timezone: "Europe/Amsterdam" },
      { name: "peer-review-reminders", cron: "10 8 * * *", timezone: "Europe/Amsterdam" },
      { name: "personal-data-export-cleanup", cron: "20 * * * *", timezone: "Europe/Amsterdam" },
      { name: "retention", cron: "15 4 * * *", timezone: "Europe/Amsterdam" },
      { name: "self-review-reminders", cron: "5 8 * * *", timezone: "Europe/Amsterdam" },
      { name: "task-mails", cron: "* * * * *", timezone: "Europe/Amsterdam" },
      { name: "team-review-reminders", cron: "0 8 * * *", timezone: "Europe/Amsterdam" },
    ]);
  });
});
