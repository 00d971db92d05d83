import { and, isNotNull, lt, or, sql } from "drizzle-orm";
import * as z from "zod";
import { getDb } from "#db/client.server";
import { sessions, userTokens } from "#db/schema";
import { pruneThrottle } from "~/features/auth/throttle.server";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/** One-time tokens (verification, password reset, login-as) are kept this long after use or expiry, for support questions. */
export const USED_TOKEN_RETENTION_DAYS = 7;

/**
 * Removes expired sessions, throttle counters whose window ended over a day ago, and one-time tokens
 * used or expired more than USED_TOKEN_RETENTION_DAYS ago. Safe to run any number of times.
 */
export async function runCleanup(): Promise<{
  sessions: number;
  throttleCounters: number;
  userTokens: number;
}> {
  const db = getDb();
  const removedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  const removedCounters = await pruneThrottle();
  const cutoff = sql`now() - make_interval(days => ${USED_TOKEN_RETENTION_DAYS})`;
  const removedTokens = await db
    .delete(userTokens)
    .where(or(and(isNotNull(userTokens.usedAt), lt(userTokens.usedAt, cutoff)), lt(userTokens.expiresAt, cutoff)));
  return {
    sessions: removedSessions.rowCount ?? 0,
    throttleCounters: removedCounters,
    userTokens: removedTokens.rowCount ?? 0,
  };
}

export const cleanupJob = {
  name: "cleanup",
  schema,
  options: { policy: "singleton", retryLimit: 2, retryDelay: 300, expireInSeconds: 600 },
  work: { batchSize: 1, pollingIntervalSeconds: 5 },
  cron: "30 3 * * *",
  handler: async () => runCleanup(),
} satisfies JobDefinition<typeof schema>;
