import { sql, type SQL } from "drizzle-orm";
import { can, type TenantContext } from "~/utils/tenant.server";

/**
 * Who may score whom (docs/decisions/1061): account admins and whoever holds competence_reviews.manage
 * through a cluster-level role (HR, cluster admin) score everyone of the cluster; a team leader with the
 * right scores the members of the teams they lead; nobody else scores anyone.
 */
const teamOnlyRoles = ["team_admin", "team_member", "employee"];

export type ScoreScope = { all: true } | { all: false; teamIds: string[] };

export function scoreScope(ctx: TenantContext): ScoreScope {
  if (ctx.user.isAccountAdmin || ctx.user.isSystemAdmin) return { all: true };
  if (!can(ctx, "competence_reviews.manage")) return { all: false, teamIds: [] };
  if ([...ctx.roles].some((r) => !teamOnlyRoles.includes(r))) return { all: true };
  return {
    all: false,
    teamIds: [...new Set(ctx.teamRoles.filter((r) => r.role === "team_admin").map((r) => r.teamId))],
  };
}

/** The memberships ctx may score, as a condition on the alias `m` of memberships (cluster included). */
export function scorableMembership(ctx: TenantContext): SQL {
  const base = sql`m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null`;
  const scope = scoreScope(ctx);
  if (scope.all) return base;
  if (scope.teamIds.length === 0) return sql`false`;
  return sql`${base} and exists (select 1 from role_assignments ra where ra.membership_id = m.id
    and ra.role_key = 'team_member' and ra.team_id in (${sql.join(
      scope.teamIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}))`;
}
