import PgBoss from "pg-boss";
import { logger } from "~/utils/logger.server";

/** pg-boss keeps its tables in this schema of the application database. */
export const bossSchema = "pgboss";

export type BossRole = "sender" | "worker";

function databaseUrl(url?: string): string {
  const value = url ?? process.env.DATABASE_URL;
  if (!value) throw new Error("DATABASE_URL is not set");
  return value;
}

/**
 * A sender only inserts jobs: no maintenance, no cron clock, a small pool. The worker runs the full
 * pg-boss (supervision expires stuck jobs and archives old ones; the clock fires cron schedules).
 */
export function createBoss(role: BossRole, url?: string): PgBoss {
  const boss = new PgBoss({
    connectionString: databaseUrl(url),
    schema: bossSchema,
    application_name: `teamontwikkeling-${role}`,
    // The worker's maintenance fails jobs past their longest run (expireInSeconds) every 30 s instead
    // of pg-boss's 2 minutes; jobs of a killed worker come back sooner through its leases (worker.ts).
    ...(role === "sender" ? { supervise: false, schedule: false, max: 2 } : { max: 5, maintenanceIntervalSeconds: 30 }),
  });
  // Without a listener an 'error' event (e.g. a lost connection) would crash the process.
  boss.on("error", (error) => logger.error({ err: error }, `[pg-boss ${role}] ${error.message}`));
  return boss;
}

/**
 * pg-boss 10 only polls. A sender notifies this channel with the queue's name after a job is inserted,
 * and the worker wakes that queue's poller at once (docs/decisions/1265); polling stays as the fallback.
 */
export const jobWakeChannel = "teamontwikkeling_jobs";

/** Tells listening workers that `queue` has a new job. Best effort: the job is committed, polling finds it anyway. */
export async function wakeWorkers(boss: PgBoss, queue: string): Promise<void> {
  await boss
    .getDb()
    .executeSql("select pg_notify($1, $2)", [jobWakeChannel, queue])
    .catch((error: unknown) => logger.warn({ err: error }, "[pg-boss] wake notify failed"));
}

type Held = { url: string; boss: Promise<PgBoss> };
// One sender per process and database, kept across Remix dev rebuilds.
const holder = globalThis as unknown as { __senderBoss?: Held };

/** The started sending instance for DATABASE_URL, created on first use. */
export function getSenderBoss(): Promise<PgBoss> {
  const url = databaseUrl();
  if (holder.__senderBoss?.url !== url) {
    const previous = holder.__senderBoss;
    const boss = createBoss("sender", url);
    const started = boss.start().catch((error: unknown) => {
      if (holder.__senderBoss?.boss === started) holder.__senderBoss = undefined;
      throw error;
    });
    holder.__senderBoss = { url, boss: started };
    if (previous) void previous.boss.then((old) => old.stop({ graceful: false })).catch(() => {});
  }
  return holder.__senderBoss!.boss;
}

/** Stops the sending instance (process shutdown, end of a test file). */
export async function stopSenderBoss(): Promise<void> {
  const held = holder.__senderBoss;
  holder.__senderBoss = undefined;
  if (!held) return;
  const boss = await held.boss.catch(() => null);
  await boss?.stop({ graceful: false });
}
