import path from "node:path";
import { fileURLToPath } from "node:url";
import type PgBoss from "pg-boss";
import { closeDb } from "#db/client.server";
import { closeTransport } from "~/features/email/transport.server";
import { createBoss } from "./boss.server";
import { jobDefinitions, type JobContext, type JobDefinition } from "./definitions/index";

export const scheduleTimeZone = "Europe/Amsterdam";

export type RunningWorker = { stop(): Promise<void> };

/**
 * Runs one batch. pg-boss fails or completes a whole batch by the handler's outcome, so each job is
 * settled on its own: a failing e-mail must not make pg-boss retry the others that were sent.
 */
async function runBatch(boss: PgBoss, definition: JobDefinition, jobs: PgBoss.Job<unknown>[]): Promise<void> {
  const context = (jobId: string): JobContext => ({
    jobId,
    enqueue: (name, data) => boss.send(name, data),
  });
  const outcomes = await Promise.allSettled(
    jobs.map(async (job) => {
      const parsed = definition.schema.safeParse(job.data ?? {});
      if (!parsed.success) throw new Error(`Invalid payload for ${definition.name}: ${parsed.error.message}`);
      return definition.handler(parsed.data, context(job.id));
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
    console.error(`[worker] ${definition.name} job ${job.id} failed: ${firstError(reason).message}`);
    await boss.fail(definition.name, job.id, { message: firstError(reason).message });
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
export async function startWorker(databaseUrl = process.env.DATABASE_URL): Promise<RunningWorker> {
  if (!databaseUrl) throw new Error("DATABASE_URL is not set");
  process.env.DATABASE_URL ??= databaseUrl;
  const boss = createBoss("worker", databaseUrl);
  await boss.start();

  for (const definition of jobDefinitions) {
    await boss.createQueue(definition.name, { name: definition.name, ...definition.options });
    // createQueue ignores an existing queue (perhaps made by a sender), so apply the settings again.
    await boss.updateQueue(definition.name, { name: definition.name, ...definition.options });
    await boss.work(
      definition.name,
      {
        batchSize: definition.work?.batchSize ?? 1,
        pollingIntervalSeconds: definition.work?.pollingIntervalSeconds ?? 2,
      },
      (jobs) => runBatch(boss, definition, jobs),
    );
    if (definition.cron) {
      await boss.schedule(definition.name, definition.cron, {}, { tz: scheduleTimeZone });
    } else {
      await boss.unschedule(definition.name);
    }
  }

  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (async () => {
        // Graceful: running handlers get up to 20 s to finish before their jobs are failed for retry.
        await boss.stop({ graceful: true, timeout: 20_000, wait: true });
        closeTransport();
      })();
      return stopping;
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const worker = await startWorker(process.env.DATABASE_URL);
  console.log("worker started");
  const shutdown = async (signal: string) => {
    console.log(`worker stopping (${signal})`);
    try {
      await worker.stop();
      await closeDb();
      process.exit(0);
    } catch (error) {
      console.error(error);
      process.exit(1);
    }
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}
