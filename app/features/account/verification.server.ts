import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { users } from "#db/schema";
import { throttledTokenCheck } from "~/features/auth/throttle.server";
import { consumeToken } from "~/features/auth/tokens.server";
import { auditOwnAction } from "~/features/auth/user-audit.server";

export type ConfirmResult = { ok: true } | { ok: false; retryAfter?: number };

/** /confirm/{id}/{hash}: uses the token once and marks the address verified; wrong links count against the IP. */
export async function confirmEmail(input: { id: string; secret: string; ip: string }): Promise<ConfirmResult> {
  const checked = await throttledTokenCheck(
    input.ip,
    `${input.id}/${input.secret}`,
    () => consumeVerificationToken(input),
    (ok) => ok,
  );
  if (checked.limited) return { ok: false, retryAfter: checked.retryAfter };
  return { ok: checked.value };
}

async function consumeVerificationToken(input: { id: string; secret: string; ip: string }): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const token = await consumeToken(tx, "verify-email", input.secret, input.id);
    if (!token) return false;
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(eq(users.id, token.userId));
    await auditOwnAction(tx, {
      accountId: token.accountId,
      userId: token.userId,
      action: "email.verify",
      ip: input.ip,
    });
    return true;
  });
}
