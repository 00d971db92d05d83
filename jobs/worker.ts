import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type PgBoss from "pg-boss";
import { closeDb } from "#db/client.server";
import { closeTransport, setSmtpMailer } from "~/features/email/transport.server";
import { logger, withLogContext } from "~/utils/logger.server";
import { jobDuration, jobFailures, registry, serveMetrics } from "~/utils/metrics.server";
import { handBackJobs, reclaimLapsedJobs, renewJobLeases } from "./boss-internals.server";
import { createBoss, jobWakeChannel, wakeWorkers } from "./boss.server";
import { jobDefinitions, type JobContext, type JobDefinition } from "./definitions/index";
import { withRequestId } from "./enqueue.server";
import { threadMailer } from "./smtp-sender.server";

export const scheduleTimeZone = "Europe/Amsterdam";

export type RunningWorker = { stop(timeoutMs?: number): Promise<void> };

/**
 * pg-boss 10 has no heartbeat: a job whose worker was killed stays `active` until its expireInSeconds
 * (the queue's longest allowed run) has passed and maintenance fails it, then waits out the retry
 * delay. So the worker keeps a short lease on each job it runs instead (docs/decisions/0612): the lease
 * is renewed every `superviseSeconds` while the handler runs, up to the queue's expireInSeconds, and
 * any worker puts a job whose lease lapsed (its worker is gone) straight back in the queue.
 * A killed worker's job is picked up again within leaseSeconds + superviseSeconds + polling, about 42 s.
 */
export type WorkerTiming = { leaseSeconds: number; superviseSeconds: number };

export function workerTiming(env: NodeJS.ProcessEnv = process.env): WorkerTiming {
  const seconds = (value: string | undefined, fallback: number) => {
    const number = Number(value);
    return value && Number.isFinite(number) && number > 0 ? number : fallback;
  };
  return {
    leaseSeconds: seconds(env.JOB_LEASE_SECONDS, 30),
    superviseSeconds: seconds(env.JOB_SUPERVISE_SECONDS, 10),
  };
}

/** pg-boss's own default expiry, for a queue that sets none. */
const DEFAULT_LONGEST_RUN_SECONDS = 15 * 60;

/** Jobs this process is running: id → the queue's longest allowed run (its expireInSeconds). */
class Leases {
  private running = new Map<string, Map<string, number>>();

  constructor(
    private readonly boss: PgBoss,
    private readonly leaseSeconds: number,
  ) {}

  async hold(queue: string, jobs: PgBoss.Job<unknown>[], longestRunSeconds: number): Promise<void> {
    let held = this.running.get(queue);
    if (!held) this.running.set(queue, (held = new Map()));
    for (const job of jobs) held.set(job.id, longestRunSeconds);
    // The job's expireIn is the longest run (or a lapsed lease); make it a fresh lease at once.
    await this.renew(
      queue,
      jobs.map((job) => job.id),
    ).catch(logSupervisionError);
  }

  release(queue: string, jobs: PgBoss.Job<unknown>[]): void {
    const held = this.running.get(queue);
    const now = Date.now();
    for (const job of jobs) {
      held?.delete(job.id);
      this.finished.set(job.id, now);
    }
  }

  /**
   * Jobs whose handler returned, until pg-boss has surely recorded the outcome: pg-boss completes (or fails) a job
   * after the handler's promise settles, and a handler that held the event loop past its lease had its overdue
   * supervision tick run in between, which took its own just-finished job as lapsed and queued it again (found by
   * the worker-kill test through PgBouncer, decision 1952). Kept for a lease's length, then forgotten.
   */
  private finished = new Map<string, number>();

  /** Ids of the jobs this process runs now. */
  runningIds(): string[] {
    return [...this.running.values()].flatMap((held) => [...held.keys()]);
  }

  /** Ids no lapsed-lease reclaim of this process may take: those it runs and those it has just finished. */
  ownIds(): string[] {
    const since = Date.now() - this.leaseSeconds * 1000;
    for (const [id, at] of this.finished) if (at < since) this.finished.delete(id);
    return [...this.runningIds(), ...this.finished.keys()];
  }

  async renewAll(): Promise<void> {
    for (const [queue, held] of this.running) if (held.size > 0) await this.renew(queue, [...held.keys()]);
  }

  private async renew(queue: string, ids: string[]): Promise<void> {
    const held = this.running.get(queue);
    const jobs = ids.map((id) => ({ id, longestRunSeconds: held?.get(id) ?? DEFAULT_LONGEST_RUN_SECONDS }));
    await renewJobLeases(this.boss.getDb(), queue, jobs, this.leaseSeconds);
  }
}

/**
 * Puts active jobs whose lease lapsed (their worker died) back in the queue at once, as a retry.
 * Jobs without retries left are left to pg-boss's maintenance, which fails them.
 */
async function reclaimLapsed(boss: PgBoss, queues: string[], running: string[]): Promise<void> {
  for (const row of await reclaimLapsedJobs(boss.getDb(), queues, running)) {
    logger.warn(
      { queue: row.name, jobId: row.id },
      `[worker] ${row.name} job ${row.id}: its worker is gone (lease expired); queued again`,
    );
  }
}

let lastSupervisionError = 0;
function logSupervisionError(error: unknown) {
  if (Date.now() - lastSupervisionError < 10_000) return;
  lastSupervisionError = Date.now();
  logger.error({ err: error }, "[worker] lease supervision failed");
}

/**
 * Listens on jobWakeChannel and wakes the poller of the queue a sender named, so a job starts within
 * milliseconds instead of at the queue's next poll (docs/decisions/1265). While the connection is down
 * (database restart) jobs wait for the next poll as before; it is opened again every 5 s.
 */
class WakeListener {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly onWake: (queue: string) => void,
  ) {}

  async start(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.url, application_name: "teamontwikkeling-worker-wake" });
    let gone = false;
    const lost = (error?: Error) => {
      if (gone || this.stopped) return;
      gone = true;
      if (error) logSupervisionError(error);
      if (this.client === client) this.client = null;
      client.end().catch(() => {});
      this.retry ??= setTimeout(() => {
        this.retry = undefined;
        void this.start();
      }, 5_000);
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (message) => {
      if (message.payload) this.onWake(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${jobWakeChannel}`);
      this.client = client;
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}

/**
 * Runs one batch. pg-boss fails or completes a whole batch by the handler's outcome, so each job is
 * settled on its own: a failing e-mail must not make pg-boss retry the others that were sent.
 */
async function runBatch(boss: PgBoss, definition: JobDefinition, jobs: PgBoss.Job<unknown>[]): Promise<void> {
  const context = (jobId: string): JobContext => ({
    jobId,
    enqueue: async (name, data) => {
      const id = await boss.send(name, withRequestId(data));
      await wakeWorkers(boss, name);
      return id;
    },
  });
  const outcomes = await Promise.allSettled(
    jobs.map((job) => {
      // The job's log lines carry the id of the request that enqueued it (decision 1511).
      const requestId = (job.data as { requestId?: unknown } | null)?.requestId;
      const logContext = {
        jobId: job.id,
        queue: definition.name,
        requestId: typeof requestId === "string" ? requestId : undefined,
      };
      return withLogContext(logContext, async () => {
        const end = jobDuration.startTimer({ queue: definition.name });
        try {
          const parsed = definition.schema.safeParse(job.data ?? {});
          if (!parsed.success) throw new Error(`Invalid payload for ${definition.name}: ${parsed.error.message}`);
          const result = await definition.handler(parsed.data, context(job.id));
          const seconds = end({ outcome: "completed" });
          logger.info({ ms: Math.round(seconds * 1000) }, "job completed");
          return result;
        } catch (error) {
          end({ outcome: "failed" });
          jobFailures.inc({ queue: definition.name });
          logger.error({ err: error }, `[worker] ${definition.name} job ${job.id} failed`);
          throw error;
        }
      });
    }),
  );
  const failed = jobs.flatMap((job, index) => {
    const outcome = outcomes[index];
    return outcome.status === "rejected" ? [{ job, reason: outcome.reason as unknown }] : [];
  });
  if (failed.length === 0) return;
  if (failed.length === jobs.length) throw firstError(failed[0].reason);
  // Mixed outcome: fail only the failing jobs here; pg-boss then completes the rest (its complete
  // touches only jobs still active). Retry delays are > 0, so a failed job cannot be active again yet.
  for (const { job, reason } of failed) {
    await boss.fail(definition.name, job.id, { message: firstError(reason).message });
  }
}

/** Runs `work` again (up to 5 times, after a short random pause) when PostgreSQL ended it as a deadlock's victim. */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== "40P01" || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

function firstError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

/**
 * Starts pg-boss with supervision and the cron clock, creates every queue with its definition's
 * settings, registers the handlers and the Europe/Amsterdam schedules. Handlers reach the database
 * through getDb(), which reads DATABASE_URL; it is set from the argument when the environment lacks it.
 */
export async function startWorker(
  databaseUrl = process.env.DATABASE_URL,
  timing: WorkerTiming = workerTiming(),
): Promise<RunningWorker> {
  if (!databaseUrl) throw new Error("DATABASE_URL is not set");
  process.env.DATABASE_URL ??= databaseUrl;
  // The worker's mail goes through the SMTP pool on its own thread (decision 1414).
  setSmtpMailer(threadMailer);
  const boss = createBoss("worker", databaseUrl);
  await boss.start();
  const leases = new Leases(boss, timing.leaseSeconds);
  // Queue → its poller in this process, for the wake listener.
  const pollers = new Map<string, string>();

  for (const definition of jobDefinitions) {
    const settings = { name: definition.name, ...definition.options };
    // Workers that start together on a fresh database deadlock in pg-boss's create_queue (each creates the
    // queue's partition): PostgreSQL ends one side, which tries again (issue 38's two-worker test found it).
    await retryOnDeadlock(() => boss.createQueue(definition.name, settings));
    // createQueue ignores an existing queue (perhaps made by a sender), so apply the settings again.
    await retryOnDeadlock(() => boss.updateQueue(definition.name, settings));
    const pollerId = await boss.work(
      definition.name,
      {
        batchSize: definition.work?.batchSize ?? 1,
        pollingIntervalSeconds: definition.work?.pollingIntervalSeconds ?? 2,
      },
      async (jobs) => {
        await leases.hold(definition.name, jobs, definition.options.expireInSeconds ?? DEFAULT_LONGEST_RUN_SECONDS);
        try {
          await runBatch(boss, definition, jobs);
        } finally {
          leases.release(definition.name, jobs);
        }
      },
    );
    pollers.set(definition.name, pollerId);
    if (definition.cron) {
      await boss.schedule(definition.name, definition.cron, {}, { tz: scheduleTimeZone });
    } else {
      await boss.unschedule(definition.name);
    }
  }

  // LISTEN needs a session of its own: through PgBouncer in transaction mode, a direct connection (docs/deploy.md).
  const wake = new WakeListener(process.env.DATABASE_DIRECT_URL || databaseUrl, (queue) => {
    const pollerId = pollers.get(queue);
    if (pollerId) boss.notifyWorker(pollerId);
  });
  await wake.start();

  const queues = jobDefinitions.map((definition) => definition.name);
  const supervise = async () => {
    try {
      await leases.renewAll();
      await reclaimLapsed(boss, queues, leases.ownIds());
    } catch (error) {
      logSupervisionError(error);
    }
  };
  // A worker that starts after a crash finds the dead worker's jobs at once.
  await supervise();
  const supervision = setInterval(() => void supervise(), timing.superviseSeconds * 1000);

  let stopping: Promise<void> | undefined;
  return {
    stop(timeoutMs = jobStopTimeoutMs()) {
      stopping ??= (async () => {
        // Graceful (decision 1513): fetch nothing more, let running handlers finish within timeoutMs (their
        // leases renewed meanwhile), then hand what still runs back to the queue for another worker.
        await wake.stop();
        for (const queue of queues) await boss.offWork(queue);
        const deadline = Date.now() + timeoutMs;
        while (leases.runningIds().length > 0 && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const unfinished = leases.runningIds();
        clearInterval(supervision);
        if (unfinished.length > 0) {
          const handedBack = await handBackJobs(boss.getDb(), unfinished);
          for (const job of handedBack) {
            const context = { queue: job.name, jobId: job.id, requestId: job.requestId ?? undefined };
            logger.warn(context, `[worker] ${job.name} job ${job.id} handed back unfinished`);
          }
          // pg-boss's stop would fail the jobs just handed back: its connections close when the process exits.
        } else {
          await boss.stop({ graceful: true, timeout: 1_000, wait: true });
        }
        closeTransport();
      })();
      return stopping;
    },
  };
}

/** How long running jobs get to finish when the worker stops (JOB_STOP_TIMEOUT_MS, default 20 s). */
export function jobStopTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.JOB_STOP_TIMEOUT_MS);
  return Number.isFinite(value) && value >= 0 && env.JOB_STOP_TIMEOUT_MS ? value : 20_000;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const worker = await startWorker(process.env.DATABASE_URL);
  const metricsPort = Number(process.env.WORKER_METRICS_PORT);
  const metrics =
    Number.isInteger(metricsPort) && metricsPort > 0
      ? serveMetrics(metricsPort, process.env.METRICS_HOST ?? "127.0.0.1", () => registry.metrics())
      : undefined;
  logger.info(`worker started (pid ${process.pid})`);
  const shutdown = async (signal: string) => {
    logger.info(`worker stopping (${signal})`);
    try {
      metrics?.close();
      await worker.stop();
      await closeDb();
      logger.info("worker stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "worker: stopping failed");
      process.exit(1);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}
