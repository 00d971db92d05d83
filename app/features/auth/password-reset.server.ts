import { and, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { users } from "#db/schema";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { deleteSessionsOfUser } from "~/utils/session.server";
import { hashPassword } from "./password.server";
import { hitThrottle, throttledTokenCheck } from "./throttle.server";
import { consumeToken, findUsableToken, issueUserToken } from "./tokens.server";
import { auditOwnAction } from "./user-audit.server";

export type PasswordRequestResult = { ok: true } | { ok: false; code: "tooManyAttempts"; retryAfter: number };

/**
 * Records the request and, when the address belongs to a user who signs in with a password, sends a
 * reset link. The caller shows the same answer either way, so the answer never tells whether the
 * address exists.
 */
export async function requestPasswordReset(input: { email: string; ip: string }): Promise<PasswordRequestResult> {
  const db = getDb();
  const email = input.email.trim().toLowerCase();
  // Per IP (throttle.server.ts passwordRequestIp) the form says 'Te veel pogingen', which tells nothing about
  // any address; per address (passwordRequestEmail) nothing more is sent, with the usual answer.
  const gate = await hitThrottle([
    { rule: "passwordRequestIp", subject: input.ip },
    { rule: "passwordRequestEmail", subject: email },
  ]);
  if (gate.exceeded.includes("passwordRequestIp")) {
    return { ok: false, code: "tooManyAttempts", retryAfter: gate.retryAfter };
  }
  if (!gate.allowed) return { ok: true };

  const [user] = await db
    .select({
      id: users.id,
      accountId: users.accountId,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      loginType: users.loginType,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, sql`${users.deletedAt} is null`))
    .limit(1);
  // SSO-only users have no password to reset.
  if (!user || user.loginType === "sso") return { ok: true };
  const emailId = await db.transaction(async (tx) => {
    const token = await issueUserToken(tx, { accountId: user.accountId, userId: user.id, purpose: "password-reset" });
    await auditOwnAction(tx, {
      accountId: user.accountId,
      userId: user.id,
      action: "password.resetRequest",
      ip: input.ip,
    });
    return queueEmail(tx, {
      accountId: user.accountId,
      to: user.email,
      template: "password-reset",
      locale: user.language,
      props: { firstName: user.firstName, path: `/password-reset/${token.secret}` },
    });
  });
  await enqueueEmailDelivery(emailId);
  return { ok: true };
}

/** Whether /password-reset/{code} should show the form at all; a guessed code counts against the IP. */
export async function resetCodeStatus(
  code: string,
  ip: string,
): Promise<{ status: "usable" | "unusable" } | { status: "tooManyAttempts"; retryAfter: number }> {
  const checked = await throttledTokenCheck(
    ip,
    code,
    async () => (await findUsableToken(getDb(), "password-reset", code)) !== null,
    (usable) => usable,
  );
  if (checked.limited) return { status: "tooManyAttempts", retryAfter: checked.retryAfter };
  return { status: checked.value ? "usable" : "unusable" };
}

export type ResetPasswordResult =
  { ok: true } | { ok: false; code: "invalid" } | { ok: false; code: "tooManyAttempts"; retryAfter: number };

/**
 * Sets the new password with a single-use code. Every session of the user ends, the address counts
 * as verified (the code reached it), and the user gets the password-changed notice.
 */
export async function resetPassword(input: {
  code: string;
  password: string;
  ip: string;
}): Promise<ResetPasswordResult> {
  const checked = await throttledTokenCheck(
    input.ip,
    input.code,
    async () => applyReset(input, await hashPassword(input.password)),
    (done) => done !== null,
  );
  if (checked.limited) return { ok: false, code: "tooManyAttempts", retryAfter: checked.retryAfter };
  const outcome = checked.value;
  if (!outcome) return { ok: false, code: "invalid" };
  await deleteSessionsOfUser(outcome.userId);
  await enqueueEmailDelivery(outcome.emailId);
  return { ok: true };
}

async function applyReset(input: { code: string; ip: string }, passwordHash: string) {
  return getDb().transaction(async (tx) => {
    const token = await consumeToken(tx, "password-reset", input.code);
    if (!token) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(users.id, token.userId), eq(users.accountId, token.accountId)))
      .returning({ id: users.id, email: users.email, firstName: users.firstName, language: users.language });
    await auditOwnAction(tx, {
      accountId: token.accountId,
      userId: token.userId,
      action: "password.reset",
      ip: input.ip,
    });
    const emailId = await queueEmail(tx, {
      accountId: token.accountId,
      to: user.email,
      template: "password-changed",
      locale: user.language,
      props: { firstName: user.firstName, changedAt: new Date().toISOString() },
    });
    return { userId: user.id, emailId };
  });
}
