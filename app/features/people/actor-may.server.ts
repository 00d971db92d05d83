import { sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { expandRights, mayActOn, mayChangeRole, type Grants, type Standing } from "~/utils/rights";
import { rightsSubject, type TenantContext } from "~/utils/tenant.server";
import { isUuid, notFound } from "~/utils/scope.server";

/**
 * "May this actor do this to this target" (docs/decisions/0620): the one place that answers it for changes
 * to a person (account-wide fields, roles, team places, merges). The rules themselves are pure functions in
 * ~/utils/rights; this module loads what they compare.
 */

export type MayResult = { ok: true } | { ok: false; errorKey: string };

type GrantRow = {
  membership_id: string;
  user_id: string;
  cluster_id: string;
  live: boolean;
  roles: string[];
  rights: string[];
  base_rights: string[];
};

/** Roles and rights per membership of the account matching `where`. */
async function grantRows(db: DbOrTx, accountId: string, where: SQL): Promise<GrantRow[]> {
  // Laterals, not correlated subqueries: the rights of someone's roles are one index range of role_rights
  // per person (the earlier "role_key in (their roles)" probed every right of the cluster: 3 s for 10,000).
  const result = await db.execute<GrantRow>(sql`
    select m.id as membership_id, m.user_id, m.cluster_id, (m.status = 'active' and m.access) as live,
           coalesce(r.roles, '{}') as roles, coalesce(g.rights, '{}') as rights, coalesce(b.rights, '{}') as base_rights
    from memberships m
    left join lateral (select array_agg(distinct ra.role_key) as roles from role_assignments ra
                       where ra.membership_id = m.id) r on true
    left join lateral (select array_agg(distinct rr.right_key) as rights from role_rights rr
                       where rr.cluster_id = m.cluster_id and rr.role_key = any(r.roles)) g on true
    left join lateral (select array_agg(rr.right_key) as rights from role_rights rr
                       where rr.cluster_id = m.cluster_id and rr.role_key = 'employee') b on true
    where m.account_id = ${accountId} and ${where}`);
  return result.rows;
}

function grantsOf(row: GrantRow): Grants {
  return { roles: new Set(row.roles), rights: expandRights(row.rights) };
}

async function userFlags(db: DbOrTx, accountId: string, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, never>();
  const result = await db.execute<{ id: string; is_account_admin: boolean; is_system_admin: boolean }>(sql`
    select id, is_account_admin, is_system_admin from users
    where account_id = ${accountId} and id = any(${`{${userIds.join(",")}}`}::uuid[])`);
  return new Map(result.rows.map((r) => [r.id, r]));
}

/** The signed-in user as the rules see them in the current cluster (what the guards loaded). */
function actorInCluster(ctx: TenantContext): Standing {
  return {
    userId: ctx.user.id,
    isAccountAdmin: ctx.user.isAccountAdmin,
    isSystemAdmin: ctx.user.isSystemAdmin,
    clusters: new Map([[ctx.clusterId, { roles: ctx.roles, rights: ctx.rights }]]),
  };
}

/**
 * E-mail address, login type and the other fields of the account-wide user row: only someone who holds
 * every role and right the person has, in every cluster where the person has one (account admins only by
 * account admins, system admins by nobody but themselves).
 */
export async function mayChangeAccountWideFields(
  ctx: TenantContext,
  targetUserId: string,
  db: DbOrTx = getDb(),
): Promise<MayResult> {
  if (targetUserId === ctx.user.id) return { ok: true };
  const flags = await userFlags(db, ctx.accountId, [targetUserId]);
  // Removed memberships give no rights and are left out.
  const rows = await grantRows(
    db,
    ctx.accountId,
    sql`m.user_id in (${targetUserId}, ${ctx.user.id}) and m.deleted_at is null`,
  );
  const target = flags.get(targetUserId);
  if (!target) return { ok: false, errorKey: "employees:details.notAllowed" };
  const base = new Map<string, ReadonlySet<string>>();
  const clustersOf = (userId: string, liveOnly: boolean) =>
    new Map(
      rows
        .filter((r) => r.user_id === userId && r.roles.length > 0 && (r.live || !liveOnly))
        .map((r) => {
          base.set(r.cluster_id, expandRights(r.base_rights));
          return [r.cluster_id, grantsOf(r)] as const;
        }),
    );
  const targetStanding: Standing = {
    userId: targetUserId,
    isAccountAdmin: target.is_account_admin,
    isSystemAdmin: target.is_system_admin,
    clusters: clustersOf(targetUserId, false),
  };
  // The actor's rights count where they hold them now: active memberships with access.
  const actor: Standing = { ...actorInCluster(ctx), clusters: clustersOf(ctx.user.id, true) };
  const allowed = mayActOn(actor, targetStanding, targetStanding.clusters.keys(), (id) => base.get(id) ?? new Set());
  return allowed ? { ok: true } : { ok: false, errorKey: "employees:details.notAllowed" };
}

/**
 * Of the given memberships of the current cluster (removed ones included, their roles still count), those
 * the actor may change: the ones of whom they hold every role and right here (and never a system admin or,
 * for others than account admins, an account admin). Ids of other tenants are simply not in the answer.
 */
export async function membershipsActorMayChange(
  ctx: TenantContext,
  membershipIds: readonly string[],
  db: DbOrTx = getDb(),
): Promise<Set<string>> {
  const ids = membershipIds.filter(isUuid);
  if (ids.length === 0) return new Set();
  const rows = await grantRows(
    db,
    ctx.accountId,
    sql`m.cluster_id = ${ctx.clusterId} and m.id = any(${`{${ids.join(",")}}`}::uuid[])`,
  );
  const flags = await userFlags(
    db,
    ctx.accountId,
    rows.map((r) => r.user_id),
  );
  const actor = actorInCluster(ctx);
  const allowed = new Set<string>();
  for (const row of rows) {
    const f = flags.get(row.user_id);
    const target: Standing = {
      userId: row.user_id,
      isAccountAdmin: f?.is_account_admin ?? false,
      isSystemAdmin: f?.is_system_admin ?? false,
      clusters: new Map([[ctx.clusterId, grantsOf(row)]]),
    };
    const base = expandRights(row.base_rights);
    if (mayActOn(actor, target, [ctx.clusterId], () => base)) allowed.add(row.membership_id);
  }
  return allowed;
}

/** The roles (of those given) that the actor may not give or take in the current cluster. */
export async function rolesActorMayNotChange(
  ctx: TenantContext,
  roles: Iterable<string>,
  db: DbOrTx = getDb(),
): Promise<string[]> {
  const wanted = [...new Set(roles)];
  if (wanted.length === 0) return [];
  const result = await db.execute<{ role_key: string; rights: string[] }>(sql`
    select role_key, array_agg(right_key) as rights from role_rights
    where cluster_id = ${ctx.clusterId} group by role_key`);
  const rightsOf = new Map(result.rows.map((r) => [r.role_key, r.rights]));
  const subject = rightsSubject(ctx);
  return wanted.filter((role) => !mayChangeRole(subject, role, rightsOf.get(role) ?? []));
}

/**
 * The one rule for changing someone's roles (spec §6): the right for each role's kind, no role with rights
 * the actor lacks, and never on someone with more rights than the actor.
 */
export async function mayChangeRolesOf(
  ctx: TenantContext,
  membershipId: string,
  changedRoles: Iterable<string>,
  db: DbOrTx = getDb(),
): Promise<MayResult> {
  const changed = [...new Set(changedRoles)];
  if (changed.length === 0) return { ok: true };
  if (!isUuid(membershipId)) notFound();
  // One after the other: `db` is often the caller's transaction, whose statements share one connection.
  const refused = await rolesActorMayNotChange(ctx, changed, db);
  const allowed = await membershipsActorMayChange(ctx, [membershipId], db);
  const exists = await db.execute(sql`select 1 from memberships where id = ${membershipId}
    and account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}`);
  // Another tenant's id finds nothing, as everywhere else.
  if (exists.rows.length === 0) throw new Response("Not found", { status: 404 });
  if (refused.length > 0 || !allowed.has(membershipId)) return { ok: false, errorKey: "employees:roles.notAllowed" };
  return { ok: true };
}
