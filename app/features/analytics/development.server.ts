import { sql } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import { placedRoleOf } from "~/features/reviews/placement.server";
import { inTeamScope, teamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { compareNames } from "./analytics";
import { keptFigures, reviewVersion } from "./kept-figures.server";
import { hiddenSummary, isTooSmall, suppressGroups } from "./small-groups";
import { minGroupSize } from "./small-groups.server";
import { teamsShown } from "./teams-shown";

/**
 * The development tab of HR analytics (docs/decisions/1409): each active person's development role from
 * their latest finished team review (as calibrated, 1610), in total and per team of that review. Counts only,
 * no names: the people behind them are on the review results, which need reviews.manage. The teams of the
 * viewer's analytics.read scope (1602); a team with too few people, or one that would give such a team away, is
 * hidden (1600). The team filter picks one team's row after the suppression over all teams (1915): the same
 * row as unfiltered, so the filter shows nothing the full list does not.
 */

export type RoleCounts = Record<string, number>;
export type TeamRoleRow = { teamId: string | null; name: string; people: number; roleCounts: RoleCounts };

export async function developmentAnalytics(ctx: TenantContext, team: string | null = null) {
  const scope = teamScope(ctx, "analytics.read");
  const min = await minGroupSize(ctx);
  const answer = scope.all
    ? await keptDevelopment(`${ctx.accountId}|${ctx.clusterId}|${await reviewVersion(ctx)}|${min}`, () =>
        computeDevelopment(ctx, scope, min),
      )
    : await computeDevelopment(ctx, scope, min);
  if (!team) return answer;
  const listed = answer.teams.filter((row) => row.teamId === team);
  return { ...answer, teams: listed, hidden: hiddenSummary([answer.totalHidden, ...listed.map((row) => row.hidden)]) };
}

/**
 * The whole cluster's answer (what HR opens) kept per web process under the review version — raised by every
 * change of what the statement reads: reviews, subjects, memberships' status and removal, team names (0052,
 * 0054) — and the threshold, so suppression and the name order run once per change, not per request (1935).
 * A team-scoped reader counts few teams: computed each time. At most 200 answers (≈ 800 teams each).
 */
const keptDevelopment = keptFigures<Development>(200);

type Development = Awaited<ReturnType<typeof computeDevelopment>>;

/** The answer straight from the reviews (exported for the test that the kept one matches it). */
export async function computeDevelopment(ctx: TenantContext, scope: TeamScope, min: number) {
  const reviewTeamInScope = inTeamScope(scope, sql`r.team_id`) ?? sql`true`;
  const db = getReadDb();
  const [{ rows }, { rows: activeRows }] = await Promise.all([
    db.execute<{
      team_id: string | null;
      team_name: string | null;
      development_role: number | null;
      count: number;
    }>(sql`
    with latest as (
      select distinct on (s.membership_id) s.review_id, ${placedRoleOf("s")} as development_role
      from review_subjects s
      join reviews r on r.id = s.review_id and r.type = 'team' and r.is_finished and r.deleted_at is null
      join memberships m on m.id = s.membership_id and m.deleted_at is null and m.status = 'active'
      where s.account_id = ${ctx.accountId} and s.cluster_id = ${ctx.clusterId}
        and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and ${reviewTeamInScope}
      order by s.membership_id, r.finished_at desc nulls last, r.created_at desc, r.id
    ),
    -- Counted per review before the team's name is joined: the sort above carries no text (1915, performance.md).
    counted as (select review_id, development_role, count(*)::int as n from latest group by 1, 2)
    select r.team_id, coalesce(t.name, r.team_name) as team_name, c.development_role, sum(c.n)::int as count
    from counted c join reviews r on r.id = c.review_id
    left join teams t on t.id = r.team_id and t.deleted_at is null
    group by 1, 2, 3`),
    db.execute<{ active: number }>(sql`
    select count(*)::int as active from memberships m
    where m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null
      and m.status = 'active'`),
  ]);
  const [{ active }] = activeRows;

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
  const sorted = [...teams.values()].sort((a, b) => compareNames(a.name, b.name));
  const totalHidden = isTooSmall(reviewed, min) ? ("small" as const) : null;
  const shown = suppressGroups(
    totalHidden ? null : reviewed,
    sorted.map((team) => ({ key: team.teamId ?? team.name, size: team.people, counts: team.roleCounts })),
    min,
  );
  const teamRows = sorted.map((row, i) => ({
    teamId: row.teamId,
    name: row.name,
    people: shown[i].size,
    roleCounts: shown[i].counts,
    hidden: shown[i].hidden,
  }));
  return {
    min,
    active,
    reviewed: totalHidden ? null : reviewed,
    notReviewed: totalHidden ? null : Math.max(active - reviewed, 0),
    total: totalHidden ? null : total,
    teams: teamRows,
    totalHidden,
    hidden: hiddenSummary([totalHidden, ...teamRows.map((row) => row.hidden)]),
  };
}

export type DevelopmentAnalytics = Awaited<ReturnType<typeof developmentAnalytics>>;

/**
 * The page's share of the development tab (`teamsShown`, docs/decisions/1915): with more teams than fit a readable
 * chart, those with the most reviewed people first — where most of the role spread is — a hidden team last (its
 * size is not shown, so it cannot rank), ties by name. The export lists them all.
 */
export function developmentForPage(data: DevelopmentAnalytics) {
  return { ...data, ...teamsShown(data.teams, (row) => (row.people === null ? null : -row.people)) };
}
