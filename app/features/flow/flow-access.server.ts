import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { flowMeasurements, memberships, roleAssignments } from "#db/schema";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import { can, type TenantContext } from "~/utils/tenant.server";

/**
 * Who may see which flow measurement (docs/decisions/0921), the one rule of the flow pages: account
 * admins and whoever holds flows.manage through a cluster-level role other than employee see the whole
 * cluster; a team leader their own and their team members'; everyone else their own.
 */

const teamOnlyRoles = ["team_admin", "team_member", "employee"];

export type FlowScope = { all: true } | { all: false; teamIds: string[] };

export function flowScope(ctx: TenantContext): FlowScope {
  if (ctx.user.isAccountAdmin || ctx.user.isSystemAdmin) return { all: true };
  const clusterWide = [...ctx.roles].some((r) => !teamOnlyRoles.includes(r));
  if (clusterWide && can(ctx, "flows.manage")) return { all: true };
  const led = ctx.teamRoles.filter((r) => r.role === "team_admin").map((r) => r.teamId);
  return { all: false, teamIds: can(ctx, "flows.manage") ? [...new Set(led)] : [] };
}

/** The memberships placed as team member in these teams of the cluster, as a subquery. */
export function membersOfTeams(db: DbOrTx, ctx: TenantContext, teamIds: readonly string[]) {
  return db
    .select({ id: roleAssignments.membershipId })
    .from(roleAssignments)
    .innerJoin(memberships, eq(memberships.id, roleAssignments.membershipId))
    .where(
      and(
        inCluster(roleAssignments, ctx),
        inArray(roleAssignments.teamId, [...teamIds]),
        eq(roleAssignments.roleKey, "team_member"),
        isNull(memberships.deletedAt),
      ),
    );
}

/** The measurements ctx may see, as a condition on flow_measurements (with the cluster). */
export function flowVisibility(ctx: TenantContext, db: DbOrTx = getDb()): SQL {
  const scope = flowScope(ctx);
  if (scope.all) return inCluster(flowMeasurements, ctx);
  const own = ctx.membershipId ? eq(flowMeasurements.membershipId, ctx.membershipId) : undefined;
  const team = scope.teamIds.length
    ? inArray(flowMeasurements.membershipId, membersOfTeams(db, ctx, scope.teamIds))
    : undefined;
  // Someone without a membership and without teams sees nothing.
  const whose = own || team ? or(own, team) : sql`false`;
  return and(inCluster(flowMeasurements, ctx), whose)!;
}

/** A measurement ctx may see, or 404 whatever the id. */
export async function requireFlowMeasurement(ctx: TenantContext, id: string, db: DbOrTx = getDb()) {
  if (!isUuid(id)) notFound();
  const [row] = await db
    .select()
    .from(flowMeasurements)
    .where(and(eq(flowMeasurements.id, id), flowVisibility(ctx, db)));
  if (!row) notFound();
  return row;
}
