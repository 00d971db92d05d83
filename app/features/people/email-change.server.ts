import { recordAudit } from "~/features/audit/audit.server";
import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { sessions, users, userTokens } from "#db/schema";
import { consumeToken, issueUserToken } from "~/features/auth/tokens.server";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/utils/i18n";
import { throttledTokenCheck } from "~/features/auth/throttle.server";

/**
 * An e-mail address changes only once the new address confirms it (docs/decisions/0620): a single-use
 * link goes to the new address; when it is used the address changes, the old address is told, and the
 * person's sessions end (except the one that confirmed, when it is theirs).
 */

export type EmailChangeTarget = { accountId: string; userId: string; firstName: string; language: Language };

/**
 * Starts a change inside the caller's transaction; an earlier pending change of the same person stops
 * working. Returns the outbox id to deliver after the commit.
 */
export async function requestEmailChange(
  tx: DbOrTx,
  target: EmailChangeTarget,
  input: { newEmail: string; actorUserId: string },
): Promise<string> {
  const token = await issueUserToken(tx, {
    accountId: target.accountId,
    userId: target.userId,
    purpose: "email-change",
    actorUserId: input.actorUserId,
    newEmail: input.newEmail,
  });
  await recordAudit(tx, {
    accountId: target.accountId,
    actorUserId: input.actorUserId,
    subjectType: "user",
    subjectId: target.userId,
    action: "email.change.request",
  });
  return queueEmail(tx, {
    accountId: target.accountId,
    to: input.newEmail,
    template: "email-change",
    locale: target.language,
    props: { firstName: target.firstName, path: `/confirm-email/${token.id}/${token.secret}` },
  });
}

/** The address waiting for confirmation, if any. */
export async function pendingEmailChange(userId: string, db: DbOrTx = getDb()): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: userTokens.newEmail })
    .from(userTokens)
    .where(
      and(
        eq(userTokens.userId, userId),
        eq(userTokens.purpose, "email-change"),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(userTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

export type ConfirmEmailChangeResult =
  { ok: true } | { ok: false; reason: "invalid" | "taken" } | { ok: false; reason: "limited"; retryAfter: number };

/**
 * /confirm-email/{id}/{secret}: uses the token once, moves the address, tells the old address and ends
 * the person's sessions. `sessionId` is the confirming browser's session; it stays when it is the person's.
 */
export async function confirmEmailChange(input: {
  id: string;
  secret: string;
  ip: string;
  sessionId: string | null;
}): Promise<ConfirmEmailChangeResult> {
  // Wrong links count against the IP, like every other link check (docs/decisions/0630).
  const checked = await throttledTokenCheck(
    input.ip,
    `${input.id}/${input.secret}`,
    () => applyEmailChange(input),
    (result) => result.ok,
  );
  if (checked.limited) return { ok: false, reason: "limited", retryAfter: checked.retryAfter };
  return checked.value;
}

async function applyEmailChange(input: {
  id: string;
  secret: string;
  ip: string;
  sessionId: string | null;
}): Promise<ConfirmEmailChangeResult> {
  const outcome = await getDb().transaction(
    async (tx): Promise<({ ok: true } | { ok: false; reason: "invalid" | "taken" }) & { emailId?: string }> => {
      const token = await consumeToken(tx, "email-change", input.secret, input.id);
      if (!token?.newEmail) return { ok: false, reason: "invalid" };
      const newEmail = token.newEmail;
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${newEmail})`, ne(users.id, token.userId)));
      if (taken) return { ok: false, reason: "taken" };
      const [old] = await tx
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, token.userId));
      await tx
        .update(users)
        .set({ email: newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(eq(users.id, token.userId));
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, token.userId), input.sessionId ? ne(sessions.id, input.sessionId) : undefined));
      await recordAudit(tx, {
        accountId: token.accountId,
        actorUserId: token.actorUserId,
        subjectType: "user",
        subjectId: token.userId,
        action: "email.change",
        ip: input.ip,
      });
      const emailId = await queueEmail(tx, {
        accountId: token.accountId,
        to: old.email,
        template: "email-changed",
        locale: old.language,
        props: { firstName: old.firstName, newEmail, changedAt: new Date().toISOString() },
      });
      return { ok: true, emailId };
    },
  );
  if (outcome.ok && outcome.emailId) await enqueueEmailDelivery(outcome.emailId);
  return outcome.ok ? { ok: true } : { ok: false, reason: outcome.reason };
}
