import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "#db/client.server";
import { userTokens, type UserTokenPurpose } from "#db/schema";

/** A URL-safe random secret (256 bits) and the hash we store of it. */
export function newSecret(): { secret: string; hash: string } {
  const secret = crypto.randomBytes(32).toString("base64url");
  return { secret, hash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return crypto.createHash("sha256").update(secret).digest("hex");
}

/** Lifetimes per purpose: verification links may wait a while in a mailbox, reset codes may not. */
export const tokenLifetimeMinutes: Record<UserTokenPurpose, number> = {
  "verify-email": 48 * 60,
  "password-reset": 60,
  "login-as": 2,
  "email-change": 48 * 60,
};

/** Issues a token; earlier unused tokens of the same purpose for this user stop working. */
export async function issueUserToken(
  tx: DbOrTx,
  input: { accountId: string; userId: string; purpose: UserTokenPurpose; actorUserId?: string; newEmail?: string },
): Promise<{ id: string; secret: string }> {
  const now = new Date();
  await tx
    .update(userTokens)
    .set({ usedAt: now })
    .where(and(eq(userTokens.userId, input.userId), eq(userTokens.purpose, input.purpose), isNull(userTokens.usedAt)));
  const { secret, hash } = newSecret();
  const [row] = await tx
    .insert(userTokens)
    .values({
      accountId: input.accountId,
      userId: input.userId,
      purpose: input.purpose,
      actorUserId: input.actorUserId ?? null,
      newEmail: input.newEmail ?? null,
      secretHash: hash,
      expiresAt: new Date(now.getTime() + tokenLifetimeMinutes[input.purpose] * 60_000),
    })
    .returning({ id: userTokens.id });
  return { id: row.id, secret };
}

/** The token of this purpose and secret, while it is not used and not expired. */
function usable(purpose: UserTokenPurpose, secret: string) {
  return and(
    eq(userTokens.secretHash, hashSecret(secret)),
    eq(userTokens.purpose, purpose),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, new Date()),
  );
}

/** A token that can still be used (not used, not expired), without using it. */
export async function findUsableToken(db: DbOrTx, purpose: UserTokenPurpose, secret: string) {
  if (!secret || secret.length > 200) return null;
  const [row] = await db.select().from(userTokens).where(usable(purpose, secret)).limit(1);
  return row ?? null;
}

/**
 * Marks the token used and returns it, atomically: of two concurrent uses only one wins.
 * `id` additionally binds the secret to the token row named in the URL (/confirm/{id}/{hash}).
 */
export async function consumeToken(tx: DbOrTx, purpose: UserTokenPurpose, secret: string, id?: string) {
  if (!secret || secret.length > 200) return null;
  if (id !== undefined && !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(usable(purpose, secret), id !== undefined ? eq(userTokens.id, id) : undefined))
    .returning();
  return row ?? null;
}
