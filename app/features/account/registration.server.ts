import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { hashPassword } from "~/features/auth/password.server";
import { hitThrottle } from "~/features/auth/throttle.server";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/utils/i18n";
import { createTrialAccount, type RegisterInput } from "./trial-account.server";

/**
 * `ok: true` whether a new account was made or the address already had one (then its owner is mailed):
 * the page answers alike, so it never tells whether an address is known (docs/decisions/0631).
 */
export type RegisterResult = { ok: true } | { ok: false; code: "tooManyAttempts"; retryAfter: number };

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === "23505" || cause?.code === "23505";
}

async function existingUser(email: string) {
  const result = await getDb().execute<{
    id: string;
    account_id: string;
    email: string;
    first_name: string;
    language: Language;
    deleted: boolean;
  }>(sql`
    select id, account_id, email, first_name, language, deleted_at is not null as deleted
    from users where lower(email) = ${email.toLowerCase()} limit 1`);
  return result.rows[0] ?? null;
}

/**
 * Tells the owner of an address that someone tried to sign up with it, in the owner's language, at most
 * registerEmail times an hour (the answer to the visitor stays the same beyond that).
 */
async function noticeExistingAccount(email: string): Promise<void> {
  const user = await existingUser(email);
  // A removed person cannot sign in or reset a password, so the notice would only confuse.
  if (!user || user.deleted) return;
  const emailId = await queueEmail(getDb(), {
    accountId: user.account_id,
    to: user.email,
    template: "registration-attempt",
    locale: user.language,
    props: { firstName: user.first_name },
  });
  await enqueueEmailDelivery(emailId);
}

/**
 * Signs up a new organisation (`createTrialAccount`); an address that already has an account gets a
 * notice instead, with the same answer to the visitor. Both cases do the same work before they differ:
 * the throttle, the password hash and the account's transaction, which for a known address stops at the
 * unique index on the e-mail and is rolled back, so the answer takes as long (docs/decisions/1460).
 */
export async function registerAccount(input: RegisterInput): Promise<RegisterResult> {
  const email = input.email.trim();
  const gate = await hitThrottle([
    { rule: "registerIp", subject: input.ip },
    { rule: "registerEmail", subject: email },
  ]);
  if (gate.exceeded.includes("registerIp")) {
    return { ok: false, code: "tooManyAttempts", retryAfter: gate.retryAfter };
  }
  // Beyond the per-address limit nothing is created or sent, for a known address as for a new one.
  if (!gate.allowed) return { ok: true };
  const passwordHash = await hashPassword(input.password);
  try {
    await enqueueEmailDelivery(await createTrialAccount({ ...input, email }, passwordHash));
  } catch (error) {
    // The address has an account (also when two sign-ups with one address race): its owner is told.
    if (!isUniqueViolation(error)) throw error;
    await noticeExistingAccount(email);
  }
  return { ok: true };
}
