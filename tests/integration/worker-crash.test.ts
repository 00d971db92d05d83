/**
 * Issue #12 item 17: `kill -9` of the job worker in the middle of a job. The process group starts the
 * worker again, the job the dead worker held is queued again once its lease lapses, and the e-mail
 * goes out exactly once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { emailOutbox } from "#db/schema";
import { anyLiveJob, jobStates } from "#jobs/boss-internals.server";
import { stopSenderBoss } from "#jobs/boss.server";
import { enqueueEmailDelivery, queueEmail, sendEmailQueue } from "~/features/email/outbox.server";
import { projectRoot } from "../../scripts/processes";

let smtp: SMTPServer;
let smtpUrl: string;
let group: ChildProcess | undefined;
let output = "";
/** Messages the SMTP server accepted; the first DATA is held open until the test lets it go. */
const accepted: string[] = [];
let dataStarted: () => void;
const firstDataStarted = new Promise<void>((resolve) => (dataStarted = resolve));
let sessions = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      const first = ++sessions === 1;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        // The first delivery hangs here, in the middle of the job, until its worker is killed.
        if (first) return dataStarted();
        accepted.push(Buffer.concat(chunks).toString("utf8"));
        callback();
      });
    },
  });
  // A killed client leaves the server a reset socket; that is the point of the test.
  smtp.on("error", () => {});
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (group && group.exitCode === null) {
    const exited = new Promise((resolve) => group!.once("exit", resolve));
    group.kill("SIGTERM");
    await exited;
  }
  await stopSenderBoss();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Waits until the group's output matches `pattern` (after `from` characters) and returns the match. */
async function waitForOutput(pattern: RegExp, from = 0, timeoutMs = 30_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(output.slice(from));
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`no ${pattern} in the output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a job worker killed in the middle of a job", () => {
  it("is started again, and the job is picked up again and done exactly once", async () => {
    group = spawn(process.execPath, ["--import", "tsx", "tests/support/worker-group.ts"], {
      cwd: projectRoot,
      env: {
        ...process.env,
        SMTP_URL: smtpUrl,
        // The test reads the worker's "worker started" line; under vitest the logger would say only warnings.
        LOG_LEVEL: "info",
        // Short, so the test is quick; the defaults (30 s, 10 s) bring a job back within a minute.
        JOB_LEASE_SECONDS: "3",
        JOB_SUPERVISE_SECONDS: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    group.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    group.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const firstPid = Number((await waitForOutput(/worker started \(pid (\d+)\)/, 0, 60_000))[1]);

    const emailId = await getDb().transaction((tx) =>
      queueEmail(tx, {
        to: "crash@example.test",
        template: "password-changed",
        locale: "nl",
        props: { firstName: "Kim", changedAt: new Date().toISOString() },
      }),
    );
    await enqueueEmailDelivery(emailId);
    await firstDataStarted;
    process.kill(firstPid, "SIGKILL");

    const restarted = output.length;
    await waitForOutput(/worker stopped \(SIGKILL\); starting it again/, 0);
    const secondPid = Number((await waitForOutput(/worker started \(pid (\d+)\)/, restarted, 60_000))[1]);
    expect(secondPid).not.toBe(firstPid);
    // Counted from the new worker's start: how long the restart itself takes depends on the machine's load.
    const secondStartedAt = Date.now();

    const row = await waitFor(async () => {
      const [current] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
      return current.status === "sent" ? current : undefined;
    }, 30_000);
    // What is left of the 3 s lease + a supervision tick of 1 s + polling; with the worker's defaults (a 30 s
    // lease, a 10 s supervision tick, jobs/worker.ts) the job would wait about 42 s from the kill.
    expect(Date.now() - secondStartedAt).toBeLessThan(15_000);
    expect(row.attempts).toBe(1);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]).toContain("crash@example.test");

    // The outbox row is marked sent inside the job; pg-boss records the job's completion just after the
    // handler returns, so on a busy machine the job can still read "active" for a moment here.
    const jobs = await waitFor(async () => {
      const { rows } = await getDb().execute<{ state: string; retry_count: number }>(
        sql`select state, retry_count from pgboss.job where name = 'send-email' and data->>'emailId' = ${emailId}`,
      );
      return rows.every((job) => job.state === "active") ? undefined : rows;
    }, 10_000);
    expect(jobs).toEqual([{ state: "completed", retry_count: 1 }]);

    // The group kept running throughout and still does.
    expect(group.exitCode).toBeNull();
    // And nothing is left that could deliver it again: no job of the e-mail waits or runs, and its row is sent
    // (the sweeper only picks up pending rows).
    expect(anyLiveJob(await jobStates(getDb(), sendEmailQueue, "emailId", emailId))).toBe(false);
    expect(accepted).toHaveLength(1);
  }, 150_000);
});
