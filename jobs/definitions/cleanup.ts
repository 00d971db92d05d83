import { lt, sql } from "drizzle-orm";
import * as z from "zod";
import { getDb } from "#db/client.server";
import { loginAttempts, sessions } from "#db/schema";
import type { JobDefinition } from "./index";

const schema = z.object({}).loose();

/** Removes expired sessions and sign-in throttle rows older than a day. Safe to run any number of times. */
export async function runCleanup(): Promise<{ sessions: number; loginAttempts: number }> {
  const db = getDb();
  const removedSessions = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  const removedAttempts = await db
    .delete(loginAttempts)
    .where(lt(loginAttempts.attemptedAt, sql`now() - interval '1 day'`));
  return { sessions: removedSessions.rowCount ?? 0, loginAttempts: removedAttempts.rowCount ?? 0 };
}

export const cleanupJob = {
  name: "cleanup",
  schema,
  options: { policy: "singleton", retryLimit: 2, retryDelay: 300, expireInSeconds: 600 },
  work: { batchSize: 1, pollingIntervalSeconds: 5 },
  cron: "30 3 * * *",
  handler: async () => runCleanup(),
} satisfies JobDefinition<typeof schema>;
