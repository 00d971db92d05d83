/**
 * Small builders for integration tests. Each takes a database or transaction handle and
 * writes real rows; names and e-mail addresses are unique per call.
 */
import { randomBytes } from "node:crypto";
import type { DbOrTx } from "#db/client.server";
import { accountModules, accounts, memberships, roleAssignments, teams, users } from "#db/schema";
import type { RoleKey } from "#db/schema/teams";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { createCluster } from "~/features/account/clusters.server";
import { hashPassword } from "~/features/auth/password.server";
import { moduleKeys, type ModuleKey } from "~/utils/modules";

let counter = 0;
/** A short suffix unique within the process and, in practice, across workers. */
export function uniqueSuffix(): string {
  counter += 1;
  return `${counter}-${randomBytes(3).toString("hex")}`;
}

// Hashing takes ~30 ms; tests create many users with the same password.
const hashCache = new Map<string, Promise<string>>();
export function cachedPasswordHash(password: string): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

type AccountInsert = typeof accounts.$inferInsert;

/** An active, licensed account with every module active (or `modules`). */
export async function createAccount(
  db: DbOrTx,
  overrides: Partial<AccountInsert> & { modules?: readonly ModuleKey[] } = {},
) {
  const { modules = moduleKeys, ...values } = overrides;
  const [account] = await db
    .insert(accounts)
    .values({
      name: `Testaccount ${uniqueSuffix()}`,
      licenceStatus: "active",
      licensedTeams: 100,
      licensedEmployees: 1000,
      licenceExpiresAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
      country: "NL",
      ...values,
    })
    .returning();
  if (modules.length > 0) {
    await db.insert(accountModules).values(
      modules.map((moduleKey) => ({
        accountId: account.id,
        moduleKey,
        active: true,
      })),
    );
  }
  return account;
}

/** A cluster with every module (or `modules`) and the default role rights, through createCluster. */
export async function createClusterFor(
  db: DbOrTx,
  accountId: string,
  overrides: {
    name?: string;
    parentId?: string | null;
    modules?: readonly ModuleKey[];
  } = {},
) {
  return createCluster(db, {
    accountId,
    name: overrides.name ?? `Testcluster ${uniqueSuffix()}`,
    parentId: overrides.parentId ?? null,
    modules: overrides.modules ?? moduleKeys,
  });
}

export async function createTeam(db: DbOrTx, input: { accountId: string; clusterId: string; name?: string }) {
  const [team] = await db
    .insert(teams)
    .values({
      accountId: input.accountId,
      clusterId: input.clusterId,
      name: input.name ?? `Team ${uniqueSuffix()}`,
    })
    .returning();
  return team;
}

export type RoleInput = { role: RoleKey; teamId?: string };

/** Adds a role to a membership: team level when teamId is given, cluster level otherwise. */
export async function assignRole(
  db: DbOrTx,
  membership: { id: string; accountId: string; clusterId: string },
  input: RoleInput,
) {
  if ((input.role === "team_admin" || input.role === "team_member") && !input.teamId) {
    throw new Error(`${input.role} is a team-level role: pass a teamId`);
  }
  const [row] = await db
    .insert(roleAssignments)
    .values({
      accountId: membership.accountId,
      clusterId: membership.clusterId,
      membershipId: membership.id,
      roleKey: input.role,
      level: input.teamId ? "team" : "cluster",
      teamId: input.teamId ?? null,
    })
    .returning();
  return row;
}

export type CreateUserInput = {
  accountId: string;
  clusterId: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  /** Default DEMO_PASSWORD ('Welkom!2026'); null for a user without a password. */
  password?: string | null;
  /** Default a single cluster-level 'employee' role; pass [] for a member without roles. */
  roles?: RoleInput[];
  isAccountAdmin?: boolean;
  /** Default true (email_verified_at set). */
  verified?: boolean;
  language?: "nl" | "en" | "de";
  /** Default true. */
  access?: boolean;
  /** Default 'active'. */
  status?: "active" | "inactive";
  employeeNumber?: string;
};

/** A user of the account with a membership in the cluster and the given roles. */
export async function createUserWithMembership(db: DbOrTx, input: CreateUserInput) {
  const suffix = uniqueSuffix();
  const password = input.password === undefined ? DEMO_PASSWORD : input.password;
  const [user] = await db
    .insert(users)
    .values({
      accountId: input.accountId,
      email: input.email ?? `gebruiker-${suffix}@test.nl`,
      firstName: input.firstName ?? "Test",
      lastName: input.lastName ?? `Gebruiker ${suffix}`,
      language: input.language ?? "nl",
      passwordHash: password === null ? null : await cachedPasswordHash(password),
      isAccountAdmin: input.isAccountAdmin ?? false,
      emailVerifiedAt: input.verified === false ? null : new Date(),
    })
    .returning();
  const [membership] = await db
    .insert(memberships)
    .values({
      accountId: input.accountId,
      clusterId: input.clusterId,
      userId: user.id,
      employeeNumber: input.employeeNumber ?? null,
      status: input.status ?? "active",
      access: input.access ?? true,
    })
    .returning();
  const roles = input.roles ?? [{ role: "employee" }];
  const roleRows = [];
  for (const role of roles) roleRows.push(await assignRole(db, membership, role));
  return { user, membership, roles: roleRows };
}
