import { sql } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import { placedRoleOf } from "~/features/reviews/placement.server";
import { inTeamScope, teamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { compareNames } from "./analytics";
import { hiddenSummary, isTooSmall, suppressGroups } from "./small-groups";
import { minGroupSize } from "./small-groups.server";

/**
 * The development tab of HR analytics (docs/decisions/1409): each active person's development role from
 * their latest finished team review (as calibrated, 1610), in total and per team of that review. Counts only,
 * no names: the people behind them are on the review results, which need reviews.manage. The teams of the
 * viewer's analytics.read scope (1602); a team with too few people, or one that would give such a team away, is
 * hidden (1600).
 */

export type RoleCounts = Record<string, number>;
export type TeamRoleRow = { teamId: string | null; name: string; people: number; roleCounts: RoleCounts };

export async function developmentAnalytics(ctx: TenantContext) {
  const scope = teamScope(ctx, "analytics.read");
  const reviewTeamInScope = inTeamScope(scope, sql`r.team_id`) ?? sql`true`;
  const { rows } = await getReadDb().execute<{
    team_id: string | null;
    team_name: string | null;
    development_role: number | null;
    count: number;
  }>(sql`
    with latest as (
      select distinct on (s.membership_id) s.membership_id, ${placedRoleOf("s")} as development_role, r.team_id,
             coalesce(t.name, r.team_name) as team_name
      from review_subjects s
      join reviews r on r.id = s.review_id and r.type = 'team' and r.is_finished and r.deleted_at is null
      join memberships m on m.id = s.membership_id and m.deleted_at is null and m.status = 'active'
      left join teams t on t.id = r.team_id and t.deleted_at is null
      where s.account_id = ${ctx.accountId} and s.cluster_id = ${ctx.clusterId}
        and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and ${reviewTeamInScope}
      order by s.membership_id, r.finished_at desc nulls last, r.created_at desc, r.id
    )
    select team_id, team_name, development_role, count(*)::int as count
    from latest group by team_id, team_name, development_role`);
  const {
    rows: [{ active }],
  } = await getReadDb().execute<{ active: number }>(sql`
    select count(*)::int as active from memberships m
    where m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null
      and m.status = 'active'`);

  const total: RoleCounts = {};
  const teams = new Map<string, TeamRoleRow>();
  let reviewed = 0;
  for (const row of rows) {
    const role = row.development_role === null ? "none" : String(row.development_role);
    total[role] = (total[role] ?? 0) + row.count;
    reviewed += row.count;
    const key = row.team_id ?? `name:${row.team_name ?? ""}`;
    const team = teams.get(key) ?? { teamId: row.team_id, name: row.team_name ?? "", people: 0, roleCounts: {} };
    team.people += row.count;
    team.roleCounts[role] = (team.roleCounts[role] ?? 0) + row.count;
    teams.set(key, team);
  }
  const min = await minGroupSize(ctx);
  const sorted = [...teams.values()].sort((a, b) => compareNames(a.name, b.name));
  const totalHidden = isTooSmall(reviewed, min);
  const shown = suppressGroups(
    totalHidden ? null : reviewed,
    sorted.map((team) => ({ key: team.teamId ?? team.name, size: team.people, counts: team.roleCounts })),
    min,
  );
  return {
    min,
    active,
    reviewed: totalHidden ? null : reviewed,
    notReviewed: totalHidden ? null : Math.max(active - reviewed, 0),
    total: totalHidden ? null : total,
    teams: sorted.map((team, i) => ({
      teamId: team.teamId,
      name: team.name,
      people: shown[i].size,
      roleCounts: shown[i].counts,
      hidden: shown[i].hidden,
    })),
    hidden: hiddenSummary([totalHidden ? "small" : null, ...shown.map((g) => g.hidden)]),
  };
}

export type DevelopmentAnalytics = Awaited<ReturnType<typeof developmentAnalytics>>;
