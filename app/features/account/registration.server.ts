import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accountModules, accounts, auditEvents, memberships, users } from "#db/schema";
import { createCluster, insertClusterRole } from "~/features/account/clusters.server";
import { hashPassword } from "~/features/auth/password.server";
import { hitThrottle } from "~/features/auth/throttle.server";
import { issueUserToken } from "~/features/auth/tokens.server";
import { enqueueEmailDelivery, queueEmail } from "~/features/email/outbox.server";
import type { Language } from "~/utils/i18n";
import { moduleKeys } from "~/utils/modules";
import { trialEnd } from "./licence.server";

/** What a trial may use; the account page compares usage with these. */
export const TRIAL_LICENSED_TEAMS = 10;
export const TRIAL_LICENSED_EMPLOYEES = 100;

export type RegisterInput = {
  companyName: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  language: Language;
  ip: string;
};

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
async function noticeExistingAccount(email: string, mayMail: boolean): Promise<void> {
  const user = await existingUser(email);
  // A removed person cannot sign in or reset a password, so the notice would only confuse.
  if (!user || user.deleted || !mayMail) return;
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
 * Signs up a new organisation: an account on a 7-day trial with every module, its first cluster, the
 * person as account admin with an employee record there, and a verification e-mail. One transaction.
 * An address that already has an account gets a notice instead, with the same answer to the visitor.
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
  const mayMail = gate.allowed;
  // Hashed in both cases, so the answer takes as long for a known address as for a new one.
  const passwordHash = await hashPassword(input.password);
  if (await existingUser(email)) {
    await noticeExistingAccount(email, mayMail);
    return { ok: true };
  }
  // Beyond the per-address limit nothing is created or sent; the answer stays the same.
  if (!mayMail) return { ok: true };
  try {
    const result = await getDb().transaction(async (tx) => {
      const [account] = await tx
        .insert(accounts)
        .values({
          name: input.companyName,
          licenceStatus: "trial",
          trialEndsAt: trialEnd(),
          licensedTeams: TRIAL_LICENSED_TEAMS,
          licensedEmployees: TRIAL_LICENSED_EMPLOYEES,
        })
        .returning({ id: accounts.id });
      await tx.insert(accountModules).values(moduleKeys.map((moduleKey) => ({ accountId: account.id, moduleKey })));
      // The 2fa module is a sign-in setting, not a feature to try out: the cluster gets the others.
      const cluster = await createCluster(tx, {
        accountId: account.id,
        name: input.companyName,
        modules: moduleKeys.filter((key) => key !== "2fa"),
      });
      const [user] = await tx
        .insert(users)
        .values({
          accountId: account.id,
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          language: input.language,
          passwordHash,
          isAccountAdmin: true,
        })
        .returning({ id: users.id });
      const [membership] = await tx
        .insert(memberships)
        .values({ accountId: account.id, clusterId: cluster.id, userId: user.id, access: true })
        .returning({ id: memberships.id });
      await insertClusterRole(
        tx,
        { accountId: account.id, clusterId: cluster.id, membershipId: membership.id },
        "cluster_admin",
      );
      await tx.insert(auditEvents).values({
        accountId: account.id,
        clusterId: cluster.id,
        actorUserId: user.id,
        subjectType: "account",
        subjectId: account.id,
        action: "account.register",
        ip: input.ip,
      });
      const token = await issueUserToken(tx, { accountId: account.id, userId: user.id, purpose: "verify-email" });
      const emailId = await queueEmail(tx, {
        accountId: account.id,
        to: email,
        template: "verify-email",
        locale: input.language,
        props: { firstName: input.firstName, path: `/confirm/${token.id}/${token.secret}` },
      });
      return { accountId: account.id, userId: user.id, emailId };
    });
    await enqueueEmailDelivery(result.emailId);
    return { ok: true };
  } catch (error) {
    // Two sign-ups with one address at the same moment: the unique index decides, the other gets the notice.
    if (!isUniqueViolation(error)) throw error;
    await noticeExistingAccount(email, mayMail);
    return { ok: true };
  }
}
