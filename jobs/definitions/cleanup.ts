import { and, isNotNull, lt, or, sql } from "drizzle-orm";
import * as z from "zod";
import { getDb } from "#db/client.server";
import { loginAttempts, passwordResetRequests, sessions, userTokens } from "#db/schema";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/** One-time tokens (verification, password reset, login-as) are kept this long after use or expiry, for support questions. */
export const USED_TOKEN_RETENTION_DAYS = 7;

/**
 * Removes expired sessions, sign-in and password-reset throttle rows older than a day, and one-time tokens
 * used or expired more than USED_TOKEN_RETENTION_DAYS ago. Safe to run any number of times.
 */
export async function runCleanup(): Promise<{
  sessions: number;
  loginAttempts: number;
  passwordResetRequests: number;
  userTokens: number;
}> {
  const db = getDb();
  const removedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  const removedAttempts = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, sql`now() - interval '1 day'`));
  // The reset limit counts requests of the last hour; a day keeps a margin.
  const removedResetRequests = await db
    .delete(passwordResetRequests)
    .where(lt(passwordResetRequests.requestedAt, sql`now() - interval '1 day'`));
  const cutoff = sql`now() - make_interval(days => ${USED_TOKEN_RETENTION_DAYS})`;
  const removedTokens = await db
    .delete(userTokens)
    .where(or(and(isNotNull(userTokens.usedAt), lt(userTokens.usedAt, cutoff)), lt(userTokens.expiresAt, cutoff)));
  return {
    sessions: removedSessions.rowCount ?? 0,
    loginAttempts: removedAttempts.rowCount ?? 0,
    passwordResetRequests: removedResetRequests.rowCount ?? 0,
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
