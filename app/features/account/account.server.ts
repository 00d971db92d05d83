import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { accountModules, accounts, clusterModules, clusters, memberships, roleAssignments, users } from "#db/schema";
import { formatDate, parseDate, toIsoDate } from "~/utils/dates";
import { moduleKeys, type ModuleKey } from "~/utils/modules";
import { notFound } from "~/utils/not-found";
import { isUniqueViolation, type Result } from "~/utils/results.server";
import type { TenantContext } from "~/utils/tenant.server";
import type { CompanyInput, clusterRoleKeys } from "./account.schema";
import { createCluster } from "./clusters.server";
import { ACCOUNT_USERS_PAGE_SIZE } from "./list-sizes";

type ClusterRole = (typeof clusterRoleKeys)[number];
const DAY = 24 * 60 * 60 * 1000;

/** Licence status and usage against the licensed amounts (spec §2 account dashboard). */
export async function getAccountDashboard(ctx: TenantContext) {
  const result = await getDb().execute<{
    licence_status: string;
    licensed_teams: number;
    licensed_employees: number;
    licence_expires_at: Date | null;
    trial_ends_at: Date | null;
    clusters: number;
    teams: number;
    employees: number;
  }>(sql`
    select a.licence_status, a.licensed_teams, a.licensed_employees, a.licence_expires_at, a.trial_ends_at,
      (select count(*)::int from clusters c where c.account_id = a.id and c.deleted_at is null) as clusters,
      (select count(*)::int from teams t join clusters c on c.id = t.cluster_id and c.deleted_at is null
        where t.account_id = a.id and t.deleted_at is null) as teams,
      (select count(distinct m.user_id)::int from memberships m join users u on u.id = m.user_id and u.deleted_at is null
        where m.account_id = a.id and m.access and m.status = 'active' and m.deleted_at is null) as employees
    from accounts a where a.id = ${ctx.accountId}`);
  const r = result.rows[0];
  const trialEnds = r.trial_ends_at ? new Date(r.trial_ends_at) : null;
  return {
    licenceStatus: r.licence_status,
    licensedTeams: r.licensed_teams,
    licensedEmployees: r.licensed_employees,
    expiresAt: formatDate(r.licence_expires_at ? new Date(r.licence_expires_at) : null),
    trialDaysLeft:
      r.licence_status === "trial" && trialEnds
        ? Math.max(0, Math.ceil((trialEnds.getTime() - Date.now()) / DAY))
        : null,
    clusters: r.clusters,
    teams: r.teams,
    employees: r.employees,
  };
}

// ---------- clusters ----------

export async function listAccountClusters(ctx: TenantContext) {
  const result = await getDb().execute<{
    id: string;
    name: string;
    parent_name: string | null;
    teams: number;
    employees: number;
  }>(sql`
    select c.id, c.name, p.name as parent_name,
      (select count(*)::int from teams t where t.cluster_id = c.id and t.deleted_at is null) as teams,
      (select count(*)::int from memberships m where m.cluster_id = c.id and m.deleted_at is null) as employees
    from clusters c left join clusters p on p.id = c.parent_id
    where c.account_id = ${ctx.accountId} and c.deleted_at is null
    order by lower(c.name)`);
  return result.rows.map((r) => ({
    id: r.id,
    name: r.name,
    parentName: r.parent_name,
    teams: r.teams,
    employees: r.employees,
  }));
}

export async function getAccountCluster(ctx: TenantContext, id: string) {
  const [row] = await getDb()
    .select({ id: clusters.id, name: clusters.name, parentId: clusters.parentId })
    .from(clusters)
    .where(and(eq(clusters.id, id), eq(clusters.accountId, ctx.accountId), isNull(clusters.deletedAt)));
  if (!row) notFound();
  return row;
}

const nameExists = { ok: false, field: "name", errorKey: "validation:alreadyExists" } as const;

async function checkClusterParent(
  db: DbOrTx,
  ctx: TenantContext,
  parentId: string | null,
  selfId?: string,
): Promise<Result> {
  if (!parentId) return { ok: true };
  await getAccountCluster(ctx, parentId);
  if (selfId) {
    const result = await db.execute(sql`
      with recursive below as (
        select id from clusters where id = ${selfId}
        union all
        select c.id from clusters c join below b on c.parent_id = b.id
      ) select id from below where id = ${parentId} limit 1`);
    if (result.rows.length > 0) return { ok: false, field: "parentId", errorKey: "account:clusters.parentCycle" };
  }
  return { ok: true };
}

async function activeAccountModules(db: DbOrTx, accountId: string): Promise<ModuleKey[]> {
  const rows = await db
    .select({ key: accountModules.moduleKey })
    .from(accountModules)
    .where(and(eq(accountModules.accountId, accountId), eq(accountModules.active, true)));
  return rows.map((r) => r.key).filter((k): k is ModuleKey => (moduleKeys as readonly string[]).includes(k));
}

/** A new cluster starts with the modules active for the account and the default role rights (docs/decisions/0252). */
export async function createAccountCluster(
  ctx: TenantContext,
  input: { name: string; parentId: string | null },
): Promise<Result<{ id: string }>> {
  const db = getDb();
  const parent = await checkClusterParent(db, ctx, input.parentId);
  if (!parent.ok) return parent;
  try {
    const cluster = await db.transaction(async (tx) =>
      createCluster(tx, { accountId: ctx.accountId, ...input, modules: await activeAccountModules(tx, ctx.accountId) }),
    );
    return { ok: true, id: cluster.id };
  } catch (error) {
    if (isUniqueViolation(error)) return nameExists;
    throw error;
  }
}

export async function updateAccountCluster(
  ctx: TenantContext,
  id: string,
  input: { name: string; parentId: string | null },
): Promise<Result> {
  await getAccountCluster(ctx, id);
  const db = getDb();
  const parent = await checkClusterParent(db, ctx, input.parentId, id);
  if (!parent.ok) return parent;
  try {
    await db
      .update(clusters)
      .set({ name: input.name, parentId: input.parentId, updatedAt: new Date() })
      .where(and(eq(clusters.id, id), eq(clusters.accountId, ctx.accountId)));
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return nameExists;
    throw error;
  }
}

/** People of a cluster with their cluster-level roles. */
export async function listClusterPeople(ctx: TenantContext, clusterId: string) {
  const result = await getDb().execute<{
    membership_id: string;
    first_name: string;
    last_name: string;
    email: string;
    roles: string[];
  }>(sql`
    select m.id as membership_id, u.first_name, u.last_name, u.email,
      array_agg(ra.role_key order by ra.role_key) as roles
    from memberships m join users u on u.id = m.user_id
    join role_assignments ra on ra.membership_id = m.id and ra.level = 'cluster'
    where m.cluster_id = ${clusterId} and m.account_id = ${ctx.accountId} and m.deleted_at is null
    group by m.id, u.first_name, u.last_name, u.email
    order by lower(u.last_name), lower(u.first_name)
    limit 500`);
  return result.rows.map((r) => ({
    membershipId: r.membership_id,
    name: [r.first_name, r.last_name].filter(Boolean).join(" ") || r.email,
    email: r.email,
    roles: r.roles as ClusterRole[],
  }));
}

/** Users of the account matching a search, for linking; at most 20. */
export async function searchAccountUsers(ctx: TenantContext, q: string) {
  const term = q.trim();
  if (!term) return [];
  const like = `%${term.replace(/[%_\\]/g, "\\$&")}%`;
  const rows = await getDb()
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.accountId, ctx.accountId),
        isNull(users.deletedAt),
        sql`(${users.firstName} || ' ' || ${users.lastName} ilike ${like} or ${users.email} ilike ${like})`,
      ),
    )
    .orderBy(users.lastName, users.firstName)
    .limit(20);
  return rows.map((r) => ({
    id: r.id,
    name: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.email,
    email: r.email,
  }));
}

async function requireAccountUser(db: DbOrTx, ctx: TenantContext, userId: string) {
  const [u] = await db
    .select({ id: users.id, isAccountAdmin: users.isAccountAdmin })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, ctx.accountId), isNull(users.deletedAt)));
  if (!u) notFound();
  return u;
}

/** Links a user of the account to a cluster with a role: the membership is made (or kept) and the role added. */
export async function linkUserToCluster(
  ctx: TenantContext,
  clusterId: string,
  input: { userId: string; role: ClusterRole },
) {
  await getAccountCluster(ctx, clusterId);
  const db = getDb();
  await requireAccountUser(db, ctx, input.userId);
  await db.transaction(async (tx) => {
    await tx
      .insert(memberships)
      .values({ accountId: ctx.accountId, clusterId, userId: input.userId, status: "active", access: true })
      .onConflictDoNothing();
    const [m] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.clusterId, clusterId), eq(memberships.userId, input.userId)));
    await tx
      .insert(roleAssignments)
      .values({ accountId: ctx.accountId, clusterId, membershipId: m.id, roleKey: input.role, level: "cluster" })
      .onConflictDoNothing();
  });
}

export async function unlinkRole(
  ctx: TenantContext,
  clusterId: string,
  input: { membershipId: string; role: ClusterRole },
) {
  await getAccountCluster(ctx, clusterId);
  const result = await getDb()
    .delete(roleAssignments)
    .where(
      and(
        eq(roleAssignments.membershipId, input.membershipId),
        eq(roleAssignments.clusterId, clusterId),
        eq(roleAssignments.accountId, ctx.accountId),
        eq(roleAssignments.roleKey, input.role),
        eq(roleAssignments.level, "cluster"),
      ),
    )
    .returning({ id: roleAssignments.id });
  if (result.length === 0) notFound();
}

// ---------- users and admins ----------

export async function listAccountUsers(ctx: TenantContext, input: { page: number; q?: string }) {
  const q = input.q?.trim() ? `%${input.q.trim().replace(/[%_\\]/g, "\\$&")}%` : null;
  const result = await getDb().execute<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    is_account_admin: boolean;
    clusters: string[] | null;
    total: number;
  }>(sql`
    select u.id, u.first_name, u.last_name, u.email, u.is_account_admin,
      (select array_agg(c.name order by c.name) from memberships m join clusters c on c.id = m.cluster_id and c.deleted_at is null
        where m.user_id = u.id and m.deleted_at is null) as clusters,
      count(*) over ()::int as total
    from users u
    where u.account_id = ${ctx.accountId} and u.deleted_at is null
      ${q ? sql`and (u.first_name || ' ' || u.last_name ilike ${q} or u.email ilike ${q})` : sql``}
    order by u.is_account_admin desc, lower(u.last_name), lower(u.first_name), u.id
    limit ${ACCOUNT_USERS_PAGE_SIZE} offset ${(input.page - 1) * ACCOUNT_USERS_PAGE_SIZE}`);
  return {
    users: result.rows.map((r) => ({
      id: r.id,
      name: [r.first_name, r.last_name].filter(Boolean).join(" ") || r.email,
      email: r.email,
      isAccountAdmin: r.is_account_admin,
      clusters: r.clusters ?? [],
    })),
    total: result.rows[0]?.total ?? 0,
  };
}

export async function setAccountAdmin(ctx: TenantContext, userId: string, admin: boolean): Promise<Result> {
  const db = getDb();
  return db.transaction(async (tx) => {
    // Lock the account's admins so two removals at once cannot both pass the last-admin check.
    await tx.execute(sql`select id from users where account_id = ${ctx.accountId} and is_account_admin for update`);
    const user = await requireAccountUser(tx, ctx, userId);
    if (!admin && user.isAccountAdmin) {
      const [{ count }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(users)
        .where(and(eq(users.accountId, ctx.accountId), eq(users.isAccountAdmin, true), isNull(users.deletedAt)));
      if (count <= 1) return { ok: false, field: "userId", errorKey: "account:users.lastAdmin" };
    }
    await tx
      .update(users)
      .set({ isAccountAdmin: admin, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.accountId, ctx.accountId)));
    return { ok: true };
  });
}

// ---------- modules ----------

export async function getModuleMatrix(ctx: TenantContext) {
  const db = getDb();
  const account = await db
    .select({ key: accountModules.moduleKey, active: accountModules.active })
    .from(accountModules)
    .where(eq(accountModules.accountId, ctx.accountId));
  const perCluster = await db
    .select({ clusterId: clusterModules.clusterId, key: clusterModules.moduleKey })
    .from(clusterModules)
    .where(eq(clusterModules.accountId, ctx.accountId));
  const clusterRows = await db
    .select({ id: clusters.id, name: clusters.name })
    .from(clusters)
    .where(and(eq(clusters.accountId, ctx.accountId), isNull(clusters.deletedAt)))
    .orderBy(clusters.name);
  const active = new Set(account.filter((a) => a.active).map((a) => a.key));
  return {
    modules: moduleKeys.map((key) => ({ key, active: active.has(key) })),
    clusters: clusterRows.map((c) => ({
      ...c,
      modules: perCluster.filter((m) => m.clusterId === c.id && active.has(m.key)).map((m) => m.key),
    })),
  };
}

/**
 * Sets which modules the account has. Spec §4: a module switched off for the account is switched
 * off in every cluster too; one transaction.
 */
export async function setAccountModules(ctx: TenantContext, keys: readonly ModuleKey[]) {
  const on = new Set(keys);
  await getDb().transaction(async (tx) => {
    await tx
      .insert(accountModules)
      .values(moduleKeys.map((moduleKey) => ({ accountId: ctx.accountId, moduleKey, active: on.has(moduleKey) })))
      .onConflictDoUpdate({
        target: [accountModules.accountId, accountModules.moduleKey],
        set: { active: sql`excluded.active` },
      });
    const off = moduleKeys.filter((k) => !on.has(k));
    if (off.length > 0) {
      await tx
        .delete(clusterModules)
        .where(and(eq(clusterModules.accountId, ctx.accountId), inArray(clusterModules.moduleKey, off)));
    }
  });
}

/** Sets a cluster's modules. Spec §4: only modules active for the account can be switched on. */
export async function setClusterModules(
  ctx: TenantContext,
  clusterId: string,
  keys: readonly ModuleKey[],
): Promise<Result> {
  const [cluster] = await getDb()
    .select({ id: clusters.id })
    .from(clusters)
    .where(and(eq(clusters.id, clusterId), eq(clusters.accountId, ctx.accountId), isNull(clusters.deletedAt)));
  if (!cluster) notFound();
  return getDb().transaction(async (tx) => {
    const allowed = new Set(await activeAccountModules(tx, ctx.accountId));
    if (keys.some((k) => !allowed.has(k))) {
      return { ok: false, field: "modules", errorKey: "account:modules.notForAccount" };
    }
    await tx
      .delete(clusterModules)
      .where(and(eq(clusterModules.clusterId, clusterId), eq(clusterModules.accountId, ctx.accountId)));
    if (keys.length > 0) {
      await tx
        .insert(clusterModules)
        .values([...new Set(keys)].map((moduleKey) => ({ accountId: ctx.accountId, clusterId, moduleKey })));
    }
    return { ok: true };
  });
}

// ---------- company details ----------

export async function getCompanyDetails(ctx: TenantContext) {
  const [a] = await getDb().select().from(accounts).where(eq(accounts.id, ctx.accountId));
  return {
    name: a.name,
    address: a.address ?? "",
    zip: a.zip ?? "",
    city: a.city ?? "",
    country: a.country ?? "",
    vat: a.vatNumber ?? "",
    iban: a.iban ?? "",
    bic: a.bic ?? "",
    chamberOfCommerce: a.chamberOfCommerce ?? "",
    phone: a.phone ?? "",
    invoiceDate: a.invoiceDate ? formatDate(new Date(`${a.invoiceDate}T00:00:00`)) : "",
  };
}

export async function updateCompanyDetails(ctx: TenantContext, input: CompanyInput) {
  const invoice = input.invoiceDate ? parseDate(input.invoiceDate) : null;
  await getDb()
    .update(accounts)
    .set({
      address: input.address,
      zip: input.zip,
      city: input.city,
      country: input.country,
      vatNumber: input.vat,
      iban: input.iban,
      bic: input.bic,
      chamberOfCommerce: input.chamberOfCommerce,
      phone: input.phone,
      invoiceDate: invoice ? toIsoDate(invoice) : null,
      updatedAt: new Date(),
    })
    .where(eq(accounts.id, ctx.accountId));
}
