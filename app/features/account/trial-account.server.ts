import { recordAudit } from "~/features/audit/audit.server";
import { getDb } from "#db/client.server";
import { accountModules, accounts, memberships, users } from "#db/schema";
import { createCluster, insertClusterRole } from "~/features/account/clusters.server";
import { issueUserToken } from "~/features/auth/tokens.server";
import { queueEmail } from "~/features/email/outbox.server";
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
 * An account on a 7-day trial with every module, its first cluster, the person as account admin with an
 * employee record there, and a verification e-mail (its outbox id is returned). One transaction; an
 * address that already has an account fails it on the unique index (a unique violation).
 */
export async function createTrialAccount(input: RegisterInput, passwordHash: string): Promise<string> {
  const email = input.email;
  return getDb().transaction(async (tx) => {
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
    await recordAudit(tx, {
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
    return emailId;
  });
}
