import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { membershipTags, roleAssignments, tags, teams } from "#db/schema";
import type { RoleKey } from "#db/schema/teams";
import { idsInScope, inCluster, isUuid, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { mayChangeRolesOf } from "~/features/people/actor-may.server";
import { auditMembership } from "./employee-audit.server";
import { getEmployee } from "./employee-person.server";
import { clusterRoleKeys, type ClusterRoleKey } from "./employees.schema";

/** The roles that are a place in a team (the teams tab), as opposed to cluster-level roles. */
export const teamPlaceRoles = ["team_member", "team_admin"] as const;

/** Role assignments of one employee of the cluster. */
function assignmentsOf(ctx: TenantContext, membershipId: string) {
  return and(inCluster(roleAssignments, ctx), eq(roleAssignments.membershipId, membershipId));
}

/** The ones of these team ids that are live teams of the cluster; others are ignored. */
export function teamsOfCluster(ctx: TenantContext, teamIds: readonly string[], db: DbOrTx = getDb()) {
  return idsInScope(db, teams, teamIds, ctx, isNull(teams.deletedAt));
}

// ---------------------------------------------------------------------------------------------
// Team places

export async function listTeamPlaces(ctx: TenantContext, membershipId: string, db: DbOrTx = getDb()) {
  return db
    .select({ id: roleAssignments.id, teamId: teams.id, teamName: teams.name, place: roleAssignments.roleKey })
    .from(roleAssignments)
    .innerJoin(teams, eq(teams.id, roleAssignments.teamId))
    .where(
      and(assignmentsOf(ctx, membershipId), inArray(roleAssignments.roleKey, teamPlaceRoles), isNull(teams.deletedAt)),
    )
    .orderBy(asc(teams.name));
}

export async function addTeamPlace(
  ctx: TenantContext,
  membershipId: string,
  input: { teamId: string; place: (typeof teamPlaceRoles)[number] },
  db: DbOrTx = getDb(),
): Promise<{ ok: true } | { ok: false; field: "teamId" | "place"; errorKey: string }> {
  await getEmployee(ctx, membershipId, db);
  const [teamId] = await teamsOfCluster(ctx, [input.teamId], db);
  if (!teamId) return { ok: false, field: "teamId", errorKey: "employees:teams.teamRequired" };
  const may = await mayChangeRolesOf(ctx, membershipId, [input.place], db);
  if (!may.ok) return { ok: false, field: "place", errorKey: may.errorKey };
  const inserted = await db
    .insert(roleAssignments)
    .values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      membershipId,
      roleKey: input.place,
      level: "team",
      teamId,
    })
    .onConflictDoNothing()
    .returning({ id: roleAssignments.id });
  if (inserted.length === 0) return { ok: false, field: "teamId", errorKey: "employees:teams.alreadyThere" };
  return { ok: true };
}

export async function removeTeamPlace(
  ctx: TenantContext,
  membershipId: string,
  assignmentId: string,
  db: DbOrTx = getDb(),
): Promise<{ ok: true } | { ok: false; errorKey: string }> {
  await getEmployee(ctx, membershipId, db);
  if (!isUuid(assignmentId)) notFound();
  const place = and(
    assignmentsOf(ctx, membershipId),
    eq(roleAssignments.id, assignmentId),
    inArray(roleAssignments.roleKey, teamPlaceRoles),
  );
  const [found] = await db.select({ roleKey: roleAssignments.roleKey }).from(roleAssignments).where(place);
  if (!found) notFound();
  const may = await mayChangeRolesOf(ctx, membershipId, [found.roleKey], db);
  if (!may.ok) return may;
  const removed = await db.delete(roleAssignments).where(place).returning({ id: roleAssignments.id });
  if (removed.length === 0) notFound();
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Cluster-level roles

export async function listClusterRoles(
  ctx: TenantContext,
  membershipId: string,
  db: DbOrTx = getDb(),
): Promise<RoleKey[]> {
  const rows = await db
    .select({ roleKey: roleAssignments.roleKey })
    .from(roleAssignments)
    .where(and(assignmentsOf(ctx, membershipId), eq(roleAssignments.level, "cluster")));
  return rows.map((r) => r.roleKey);
}

/**
 * Replaces the employee's cluster-level roles with the chosen ones (account_admin is a user flag, not
 * touched). Every role given or taken must pass the one role rule (mayChangeRolesOf).
 */
export async function setClusterRoles(
  ctx: TenantContext,
  membershipId: string,
  roleKeys: string[],
  db: DbOrTx = getDb(),
): Promise<{ ok: true } | { ok: false; errorKey: string }> {
  await getEmployee(ctx, membershipId, db);
  const wanted = clusterRoleKeys.filter((k) => roleKeys.includes(k));
  const held = (await listClusterRoles(ctx, membershipId, db)).filter((k) =>
    clusterRoleKeys.includes(k as ClusterRoleKey),
  );
  const changed = [
    ...wanted.filter((k) => !held.includes(k)),
    ...held.filter((k) => !wanted.includes(k as ClusterRoleKey)),
  ];
  const may = await mayChangeRolesOf(ctx, membershipId, changed, db);
  if (!may.ok) return may;
  await db.transaction(async (tx) => {
    await tx
      .delete(roleAssignments)
      .where(
        and(
          assignmentsOf(ctx, membershipId),
          eq(roleAssignments.level, "cluster"),
          inArray(roleAssignments.roleKey, [...clusterRoleKeys]),
        ),
      );
    if (wanted.length > 0) await insertClusterRoles(tx, ctx, [membershipId], wanted);
    await auditMembership(tx, ctx, "membership.roles", membershipId, { roles: wanted });
  });
  return { ok: true };
}

/** Gives each of these employees each of these cluster-level roles (held ones stay); returns who gained one. */
export async function insertClusterRoles(
  db: DbOrTx,
  ctx: TenantContext,
  membershipIds: readonly string[],
  roleKeys: readonly ClusterRoleKey[],
) {
  return db
    .insert(roleAssignments)
    .values(
      membershipIds.flatMap((membershipId) =>
        roleKeys.map((roleKey) => ({
          accountId: ctx.accountId,
          clusterId: ctx.clusterId,
          membershipId,
          roleKey,
          level: "cluster" as const,
        })),
      ),
    )
    .onConflictDoNothing()
    .returning({ id: roleAssignments.membershipId });
}

// ---------------------------------------------------------------------------------------------
// Personnel tags

export async function listEmployeeTagIds(
  ctx: TenantContext,
  membershipId: string,
  db: DbOrTx = getDb(),
): Promise<string[]> {
  const rows = await db
    .select({ tagId: membershipTags.tagId })
    .from(membershipTags)
    .where(and(inCluster(membershipTags, ctx), eq(membershipTags.membershipId, membershipId)));
  return rows.map((r) => r.tagId);
}

/** Replaces the employee's personnel tags; ids that are not personnel tags of the cluster are ignored. */
export async function setEmployeeTags(
  ctx: TenantContext,
  membershipId: string,
  tagIds: string[],
  db: DbOrTx = getDb(),
) {
  await getEmployee(ctx, membershipId, db);
  const valid = await idsInScope(db, tags, tagIds, ctx, eq(tags.kind, "personnel"));
  await db.transaction(async (tx) => {
    await tx
      .delete(membershipTags)
      .where(and(inCluster(membershipTags, ctx), eq(membershipTags.membershipId, membershipId)));
    if (valid.length > 0) {
      await tx
        .insert(membershipTags)
        .values(valid.map((tagId) => ({ accountId: ctx.accountId, clusterId: ctx.clusterId, membershipId, tagId })));
    }
  });
}
