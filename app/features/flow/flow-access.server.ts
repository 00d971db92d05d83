import { and, eq, or, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { flowMeasurements } from "#db/schema";
import { inCluster, isUuid, notFound } from "~/utils/scope.server";
import { membersInTeamScope, teamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * Who may see which flow measurement (docs/decisions/0921, 1420), the one rule of the flow pages: account
 * admins and whoever holds flows.manage through a cluster-level role other than employee see the whole
 * cluster; a team leader their own and their team members'; everyone else their own.
 */

export const flowScope = (ctx: TenantContext): TeamScope => teamScope(ctx, "flows.manage");

/** The measurements ctx may see, as a condition on flow_measurements (with the cluster). */
export function flowVisibility(ctx: TenantContext): SQL {
  const scope = flowScope(ctx);
  if (scope.all) return inCluster(flowMeasurements, ctx);
  const own = ctx.membershipId ? eq(flowMeasurements.membershipId, ctx.membershipId) : undefined;
  // Someone without a membership and without teams sees nothing.
  return and(inCluster(flowMeasurements, ctx), or(own, membersInTeamScope(scope, ctx, flowMeasurements.membershipId)))!;
}

/** A measurement ctx may see, or 404 whatever the id. */
export async function requireFlowMeasurement(ctx: TenantContext, id: string, db: DbOrTx = getDb()) {
  if (!isUuid(id)) notFound();
  const [row] = await db
    .select()
    .from(flowMeasurements)
    .where(and(eq(flowMeasurements.id, id), flowVisibility(ctx)));
  if (!row) notFound();
  return row;
}
