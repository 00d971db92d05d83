import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { clusters, memberships, roleAssignments } from "#db/schema";
import { notFound } from "~/utils/not-found";
import { personName } from "~/utils/person-name";
import { isUniqueViolation, type Result } from "~/utils/results.server";
import type { TenantContext } from "~/utils/tenant.server";
import { isSelfOrBelow } from "~/utils/tree.server";
import type { ClusterRoleKey } from "~/utils/cluster-roles";
import { activeAccountModules } from "./account-modules.server";
import { requireAccountUser } from "./account-users.server";
import { createCluster, insertClusterRole } from "./clusters.server";

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
  if (selfId && (await isSelfOrBelow(db, "clusters", selfId, parentId))) {
    return { ok: false, field: "parentId", errorKey: "account:clusters.parentCycle" };
  }
  return { ok: true };
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
    await db.transaction(async (tx) => {
      await tx
        .update(clusters)
        .set({ name: input.name, parentId: input.parentId, updatedAt: new Date() })
        .where(and(eq(clusters.id, id), eq(clusters.accountId, ctx.accountId)));
      await recordAudit(tx, {
        ...auditBy(ctx),
        clusterId: id,
        subjectType: "cluster",
        subjectId: id,
        action: "settings.cluster",
      });
    });
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
    group by m.id, u.first_name, u.last_name, u.email, u.last_name_sort
    order by u.last_name_sort, lower(u.first_name)
    limit 500`);
  return result.rows.map((r) => ({
    membershipId: r.membership_id,
    name: personName(r.first_name, r.last_name, r.email),
    email: r.email,
    roles: r.roles as ClusterRoleKey[],
  }));
}

/** Links a user of the account to a cluster with a role: the membership is made (or kept) and the role added. */
export async function linkUserToCluster(
  ctx: TenantContext,
  clusterId: string,
  input: { userId: string; role: ClusterRoleKey },
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
    await insertClusterRole(
      tx,
      { accountId: ctx.accountId, clusterId, membershipId: m.id },
      input.role,
    ).onConflictDoNothing();
  });
}

export async function unlinkRole(
  ctx: TenantContext,
  clusterId: string,
  input: { membershipId: string; role: ClusterRoleKey },
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
