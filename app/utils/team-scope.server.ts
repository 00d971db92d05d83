import { inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { memberships, roleAssignments } from "#db/schema";
import { hasRight, teamOnlyRoles, type Right } from "./rights";
import type { Tenant } from "./scope.server";
import type { TenantContext } from "./tenant.server";

/**
 * "Sees the whole cluster, or only some teams" (docs/decisions/1420): the one rule behind every page that
 * shows per-team data. A module names the right its data needs in one line and applies the answer to its
 * query with `inTeamScope` (a team-id column) or `membersInTeamScope` (a membership-id column); e.g.
 * `flowScope` in features/flow/flow-access.server.ts.
 */
export type TeamScope = { all: true } | { all: false; teamIds: string[] };

export type TeamScopeActor = Pick<TenantContext, "roles" | "teamRoles" | "roleRights" | "modules"> & {
  user: Pick<TenantContext["user"], "isAccountAdmin" | "isSystemAdmin">;
};

/**
 * Whole cluster: an account or system admin, or `right` comes with one of the user's cluster-level roles
 * (not employee, team_member or team_admin: `teamOnlyRoles`). Otherwise the teams where the user holds a
 * team role (team_admin, team_member) that carries `right` — none when no role carries it. A right counts
 * only through the role that carries it: every member's employee rights never widen anyone's scope.
 */
export function teamScope(ctx: TeamScopeActor, right: Right): TeamScope {
  if (ctx.user.isAccountAdmin || ctx.user.isSystemAdmin) return { all: true };
  const carries = (role: string) =>
    hasRight(
      {
        isAccountAdmin: false,
        isSystemAdmin: false,
        rights: ctx.roleRights.get(role) ?? new Set(),
        modules: ctx.modules,
      },
      right,
    );
  if ([...ctx.roles].some((role) => !teamOnlyRoles.includes(role) && carries(role))) return { all: true };
  return { all: false, teamIds: [...new Set(ctx.teamRoles.filter((r) => carries(r.role)).map((r) => r.teamId))] };
}

/** The scope as a condition on a team-id column: undefined for the whole cluster, false for no team. */
export function inTeamScope(scope: TeamScope, teamId: SQLWrapper): SQL | undefined {
  if (scope.all) return undefined;
  return scope.teamIds.length ? inArray(teamId, scope.teamIds) : sql`false`;
}

/** Whether the scope reaches no team at all (not the whole cluster, and no team of one's own). */
export function coversNoTeam(scope: TeamScope): boolean {
  return !scope.all && scope.teamIds.length === 0;
}

/** Whether a team (a row's team id, null for none) is in the scope: `inTeamScope` for a value already read. */
export function teamInScope(scope: TeamScope, teamId: string | null): boolean {
  return scope.all || (teamId !== null && scope.teamIds.includes(teamId));
}

/**
 * The people placed as team member (not removed) in the scope's teams, as a condition on a membership-id
 * column: undefined for the whole cluster, false for no team.
 */
export function membersInTeamScope(scope: TeamScope, tenant: Tenant, membershipId: SQLWrapper): SQL | undefined {
  if (scope.all) return undefined;
  if (scope.teamIds.length === 0) return sql`false`;
  return sql`exists (select 1 from ${roleAssignments} ts_ra
    join ${memberships} ts_m on ts_m.id = ts_ra.membership_id and ts_m.deleted_at is null
    where ts_ra.membership_id = ${membershipId} and ts_ra.account_id = ${tenant.accountId}
      and ts_ra.cluster_id = ${tenant.clusterId} and ts_ra.role_key = 'team_member' and ${inTeamScope(scope, sql`ts_ra.team_id`)})`;
}
