import { sql, type SQL } from "drizzle-orm";
import { membersInTeamScope, teamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * Who may score whom (docs/decisions/1061, 1420): account admins and whoever holds competence_reviews.manage
 * through a cluster-level role (HR, cluster admin) score everyone of the cluster; a team leader with the
 * right scores the members of the teams they lead; nobody else scores anyone.
 */
export const scoreScope = (ctx: TenantContext): TeamScope => teamScope(ctx, "competence_reviews.manage");

/** The memberships ctx may score, as a condition on the alias `m` of memberships (cluster included). */
export function scorableMembership(ctx: TenantContext): SQL {
  const base = sql`m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null`;
  const scorable = membersInTeamScope(scoreScope(ctx), ctx, sql`m.id`);
  return scorable ? sql`${base} and ${scorable}` : base;
}
