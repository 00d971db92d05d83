import { and, eq, gt, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { auditEvents, passwordResetRequests, users } from "#db/schema";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import { deleteSessionsOfUser } from "~/utils/session.server";
import { hashPassword } from "./password.server";
import { consumeToken, findUsableToken, issueUserToken } from "./tokens.server";

/** Per IP: more than this in the window answers 'Te veel pogingen' (whatever the address). */
export const RESET_MAX_PER_IP = 10;
/** Per address: more than this in the window sends nothing more, with the same answer as always. */
export const RESET_MAX_PER_EMAIL = 3;
export const RESET_WINDOW_MINUTES = 60;

export type PasswordRequestResult = { ok: true } | { ok: false; code: "tooManyAttempts" };

/**
 * Records the request and, when the address belongs to a user who signs in with a password, sends a
 * reset link. The caller shows the same answer either way, so the answer never tells whether the
 * address exists.
 */
export async function requestPasswordReset(input: { email: string; ip: string }): Promise<PasswordRequestResult> {
  const db = getDb();
  const email = input.email.trim().toLowerCase();
  const since = new Date(Date.now() - RESET_WINDOW_MINUTES * 60_000);
  const [counts] = await db
    .select({
      byIp: sql<number>`count(*) filter (where ${passwordResetRequests.ip} = ${input.ip})::int`,
      byEmail: sql<number>`count(*) filter (where ${passwordResetRequests.email} = ${email})::int`,
    })
    .from(passwordResetRequests)
    .where(
      and(
        gt(passwordResetRequests.requestedAt, since),
        sql`(${passwordResetRequests.ip} = ${input.ip} or ${passwordResetRequests.email} = ${email})`,
      ),
    );
  if ((counts?.byIp ?? 0) >= RESET_MAX_PER_IP) return { ok: false, code: "tooManyAttempts" };
  await db.insert(passwordResetRequests).values({ email, ip: input.ip });
  if ((counts?.byEmail ?? 0) >= RESET_MAX_PER_EMAIL) return { ok: true };

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
    await tx.insert(auditEvents).values({
      accountId: user.accountId,
      actorUserId: user.id,
      subjectType: "user",
      subjectId: user.id,
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

/** Whether /password-reset/{code} should show the form at all. */
export async function isResetCodeUsable(code: string): Promise<boolean> {
  return (await findUsableToken(getDb(), "password-reset", code)) !== null;
}

/**
 * Sets the new password with a single-use code. Every session of the user ends, the address counts
 * as verified (the code reached it), and the user gets the password-changed notice.
 */
export async function resetPassword(input: { code: string; password: string; ip: string }): Promise<boolean> {
  const passwordHash = await hashPassword(input.password);
  const outcome = await getDb().transaction(async (tx) => {
    const token = await consumeToken(tx, "password-reset", input.code);
    if (!token) return null;
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
      .where(and(eq(users.id, token.userId), eq(users.accountId, token.accountId)))
      .returning({ id: users.id, email: users.email, firstName: users.firstName, language: users.language });
    await tx.insert(auditEvents).values({
      accountId: token.accountId,
      actorUserId: token.userId,
      subjectType: "user",
      subjectId: token.userId,
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
  if (!outcome) return false;
  await deleteSessionsOfUser(outcome.userId);
  await enqueueEmailDelivery(outcome.emailId);
  return true;
}
