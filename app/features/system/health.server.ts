import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import journal from "#db/migrations/meta/_journal.json";
import { bossSchemaVersion } from "#jobs/boss-internals.server";
import { logger } from "~/utils/logger.server";

export async function checkDatabase(): Promise<boolean> {
  try {
    await getDb().execute(sql`select 1`);
    return true;
  } catch (error) {
    logger.error({ err: error }, "healthcheck: database unavailable");
    return false;
  }
}

/** The newest migration this build ships: drizzle records each applied one with its journal time (`when`). */
export const latestMigration = journal.entries.reduce(
  (latest, entry) => (entry.when > latest.when ? entry : latest),
  journal.entries[0],
);

export type Readiness = { ready: boolean; checks: Record<"database" | "migrations" | "queue", string> };

/** A check that takes longer than this counts as failed: a load balancer must get an answer, not a hang. */
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function reason(error: unknown): string {
  const inner = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const message = inner instanceof Error ? inner.message : String(inner);
  // A reason for an operator: short, one line, and never more than the database said.
  return message.split("\n", 1)[0].slice(0, 200) || "failed";
}

/**
 * Whether this process should get traffic (/readyz, docs/decisions/1510): the database answers, its schema
 * has every migration this build ships, and pg-boss's tables are there (the job queue answers). Each check
 * says "ok" or why not; the first failing one skips the rest.
 */
export async function readiness(): Promise<Readiness> {
  const checks: Readiness["checks"] = { database: "skipped", migrations: "skipped", queue: "skipped" };
  const db = getDb();
  try {
    await withTimeout(db.execute(sql`select 1`), CHECK_TIMEOUT_MS);
    checks.database = "ok";
  } catch (error) {
    checks.database = `unreachable: ${reason(error)}`;
    return { ready: false, checks };
  }
  try {
    const { rows } = await withTimeout(
      db.execute<{ applied: string | null }>(
        sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
      ),
      CHECK_TIMEOUT_MS,
    );
    const applied = Number(rows[0]?.applied ?? 0);
    checks.migrations =
      applied >= latestMigration.when ? "ok" : `behind: ${latestMigration.tag} is not applied (run npm run db:migrate)`;
  } catch (error) {
    checks.migrations = `unknown: ${reason(error)}`;
  }
  try {
    const version = await withTimeout(bossSchemaVersion(db), CHECK_TIMEOUT_MS);
    checks.queue = version === undefined ? "missing: pg-boss has not installed its schema (start a worker)" : "ok";
  } catch (error) {
    checks.queue = `unreachable: ${reason(error)}`;
  }
  return { ready: Object.values(checks).every((check) => check === "ok"), checks };
}
