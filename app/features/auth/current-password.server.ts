import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "#db/client.server";
import { users } from "#db/schema";
import { verifyPassword } from "./password.server";
import { hitThrottle, loginHits, settleSuccess } from "./throttle.server";

export type CurrentPasswordCheck =
  { ok: true } | { ok: false; code: "wrong" } | { ok: false; code: "tooManyAttempts"; retryAfter: number };

/**
 * Checks a signed-in user's present password (a password change, turning 2FA off) behind the sign-in's
 * counters (loginHits: the address with this IP, the address, the IP), so a taken-over session guesses no
 * faster than the login form allows and the two cannot be alternated for twice the guesses
 * (docs/decisions/0770). Counted before the check; a right password settles like a sign-in.
 */
export async function checkCurrentPassword(
  db: DbOrTx,
  ctx: { accountId: string; user: { id: string; email: string } },
  password: string,
  ip: string,
): Promise<CurrentPasswordCheck> {
  const hits = loginHits(ctx.user.email, ip);
  const gate = await hitThrottle(hits);
  if (!gate.allowed) return { ok: false, code: "tooManyAttempts", retryAfter: gate.retryAfter };
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, ctx.user.id), eq(users.accountId, ctx.accountId)));
  if (!(await verifyPassword(row?.passwordHash, password))) return { ok: false, code: "wrong" };
  await settleSuccess(hits);
  return { ok: true };
}
