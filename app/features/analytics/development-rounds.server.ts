import { sql, type SQL } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import { placedRoleOf } from "~/features/reviews/placement.server";
import { listTagOptions } from "~/features/tags/tags.server";
import { planningChoices } from "~/features/planning/planning.server";
import { teamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { compareNames, groupRows, periodStart } from "./analytics";
import type { HrFilter } from "./hr-filter";
import {
  filteredGroup,
  filteredSiblings,
  hiddenSummary,
  showGroup,
  suppressTable,
  type ShownGroup,
} from "./small-groups";
import { minGroupSize } from "./small-groups.server";

/**
 * Development roles per finished round and the movement between two rounds (HR analytics, docs/decisions/1602).
 * Team reviews count once finished (spec §4); a round is a team-summary round (or a lone team review), dated by
 * its last finished team review. Counted in SQL per round × team × (tag, position match) × role — a few hundred
 * rows at 10,000 people — and suppressed here before anything leaves the server (docs/decisions/1600).
 */

/** HR analytics of reviews need analytics.read; a team leader sees their own teams (1420). */
export const hrAnalyticsScope = (ctx: TenantContext): TeamScope => teamScope(ctx, "analytics.read");

const scopeSql = (scope: TeamScope, column: SQL) =>
  scope.all
    ? sql`true`
    : scope.teamIds.length
      ? sql`${column} = any(${`{${scope.teamIds.join(",")}}`}::uuid[])`
      : sql`false`;

export type RoundChoice = { id: string; name: string; finishedAt: string };

/** The filter's choices: teams in scope, tags, positions, and the finished rounds of the scope's teams. */
export async function hrChoices(ctx: TenantContext, scope: TeamScope = hrAnalyticsScope(ctx)) {
  const { teams, positions } = await planningChoices(ctx, scope);
  const tags = await listTagOptions(ctx);
  const { rows } = await getReadDb().execute<{ id: string; name: string; finished_at: string }>(sql`
    select coalesce(r.parent_id, r.id) as id, coalesce(p.name, r.name) as name,
      to_char(max(r.finished_at) at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as finished_at
    from reviews r left join reviews p on p.id = r.parent_id
    where r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and r.type = 'team'
      and r.is_finished and r.deleted_at is null and ${scopeSql(scope, sql`r.team_id`)}
    group by 1, 2 order by max(r.finished_at) desc, 1`);
  const rounds: RoundChoice[] = rows.map((r) => ({ id: r.id, name: r.name, finishedAt: r.finished_at }));
  return { teams, tags, positions, rounds };
}
export type HrChoices = Awaited<ReturnType<typeof hrChoices>>;

type RoleRow = {
  round_id: string;
  team_id: string | null;
  in_tag: boolean;
  in_position: boolean;
  role: string;
  n: number;
};

/**
 * Each reviewed person once per finished round (their latest finished team review in it), in scope, with
 * whether they match the tag and position filters (on the day the review was finished). Criteria analytics
 * read the same people (their scores through `subject_id`; docs/decisions/1730).
 */
export function subjectsSql(
  ctx: TenantContext,
  scope: TeamScope,
  filter: HrFilter,
  since: string | null,
  roundIds?: string[],
) {
  return sql`
    select distinct on (coalesce(r.parent_id, r.id), s.membership_id)
      coalesce(r.parent_id, r.id) as round_id, r.team_id, s.membership_id, s.id as subject_id, r.scale, r.finished_at,
      coalesce(${placedRoleOf("s")}::text, 'none') as role,
      ${filter.tag ? sql`exists (select 1 from membership_tags mt where mt.membership_id = s.membership_id and mt.tag_id = ${filter.tag})` : sql`true`} as in_tag,
      ${
        filter.position
          ? sql`exists (select 1 from contracts k where k.membership_id = s.membership_id and k.position_id = ${filter.position}
              and k.is_active and k.start_date <= r.finished_at::date and k.end_date >= r.finished_at::date)`
          : sql`true`
      } as in_position
    from review_subjects s
    join reviews r on r.id = s.review_id and r.type = 'team' and r.is_finished and r.deleted_at is null
    where s.account_id = ${ctx.accountId} and s.cluster_id = ${ctx.clusterId}
      and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and ${scopeSql(scope, sql`r.team_id`)}
      ${since ? sql`and r.finished_at >= ${since}::date` : sql``}
      ${roundIds ? sql`and coalesce(r.parent_id, r.id) = any(${`{${roundIds.join(",")}}`}::uuid[])` : sql``}
    order by coalesce(r.parent_id, r.id), s.membership_id, r.finished_at desc, r.id`;
}

const sum = (rows: readonly { n: number }[]) => rows.reduce((total, r) => total + r.n, 0);

function countsOf(rows: readonly RoleRow[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of rows) counts[r.role] = (counts[r.role] ?? 0) + r.n;
  return counts;
}

export type RoundRow = { id: string; name: string; finishedAt: string; group: ShownGroup };
export type TeamGroup = ShownGroup & { name: string };

/**
 * Development roles per finished round of the period (oldest first), and per team in the latest of them —
 * the teams are siblings under the round's total.
 */
export async function roundsAnalytics(ctx: TenantContext, filter: HrFilter, today: string, choices: HrChoices) {
  const scope = hrAnalyticsScope(ctx);
  const min = await minGroupSize(ctx);
  const since = periodStart(filter.period, today);
  const { rows } = await getReadDb().execute<RoleRow>(sql`
    with subjects as (${subjectsSql(ctx, scope, filter, since)})
    select round_id, team_id, in_tag, in_position, role, count(*)::int as n
    from subjects group by 1, 2, 3, 4, 5`);
  const rounds: RoundRow[] = choices.rounds
    .filter((round) => rows.some((r) => r.round_id === round.id))
    .map((round) => {
      const { rows: shown, hidden } = filteredGroup(
        rows.filter((r) => r.round_id === round.id),
        filter,
        min,
      );
      return { ...round, group: showGroup({ key: round.id, size: sum(shown), counts: countsOf(shown) }, hidden) };
    })
    .reverse();
  const latest = rounds.at(-1);
  let teams: TeamGroup[] = [];
  if (latest && !filter.team) {
    const inRound = rows.filter((r) => r.round_id === latest.id);
    const teamIds = [...new Set(inRound.filter((r) => r.in_tag && r.in_position).map((r) => r.team_id ?? ""))];
    const names = new Map(choices.teams.map((t) => [t.id, t.name]));
    const byTeam = groupRows(inRound, (r) => r.team_id ?? "");
    // Each team under a tag or position filter is a filtered view of that team: its complement must not be small.
    const groups = filteredSiblings(
      latest.group.size,
      teamIds.map((id) => byTeam.get(id)!),
      { ...filter, team: null },
      min,
    );
    teams = groups
      .map((g, i) => ({
        ...showGroup({ key: teamIds[i], size: sum(g.rows), counts: countsOf(g.rows) }, g.hidden),
        name: names.get(teamIds[i]) ?? "",
      }))
      .sort((a, b) => compareNames(a.name, b.name));
  }
  return {
    min,
    rounds,
    latest: latest ?? null,
    teams,
    hidden: hiddenSummary([...rounds.map((r) => r.group.hidden), ...teams.map((t) => t.hidden)]),
  };
}
export type RoundsAnalytics = Awaited<ReturnType<typeof roundsAnalytics>>;

type MoveRow = {
  from_role: string;
  to_role: string;
  team_id: string | null;
  in_tag: boolean;
  in_position: boolean;
  n: number;
};

/**
 * Who moved from which development role to which between two finished rounds (the people reviewed in both):
 * a transition table of counts, each cell a group (docs/decisions/1600). The team, tag and position are those of
 * the later round. Without a choice, the latest two rounds of the scope.
 */
export async function movementAnalytics(ctx: TenantContext, filter: HrFilter, choices: HrChoices) {
  const scope = hrAnalyticsScope(ctx);
  const min = await minGroupSize(ctx);
  const to = filter.to ?? choices.rounds[0]?.id ?? null;
  const from = filter.from ?? choices.rounds.find((r) => r.id !== to)?.id ?? null;
  const base = { min, from, to, roles: [] as string[], table: null, hidden: { small: false, sibling: false } };
  if (!from || !to || from === to) return { ...base, population: null, populationHidden: null };
  const { rows } = await getReadDb().execute<MoveRow>(sql`
    with subjects as (${subjectsSql(ctx, scope, filter, null, [from, to])})
    select a.role as from_role, b.role as to_role, b.team_id, b.in_tag, b.in_position, count(*)::int as n
    from subjects a join subjects b on b.membership_id = a.membership_id and b.round_id = ${to}
    where a.round_id = ${from}
    group by 1, 2, 3, 4, 5`);
  const { rows: shown, hidden } = filteredGroup(rows, filter, min);
  const population = sum(shown);
  if (hidden || population === 0) {
    return { ...base, population: hidden ? null : 0, populationHidden: hidden, hidden: hiddenSummary([hidden]) };
  }
  const roles = [...new Set(shown.flatMap((r) => [r.from_role, r.to_role]))].sort();
  const cells = roles.map((f) => roles.map((t) => sum(shown.filter((r) => r.from_role === f && r.to_role === t))));
  const flags = suppressTable(cells, min);
  const table = {
    cells: cells.map((row, i) => row.map((n, j) => (flags.cells[i][j] ? null : n))),
    rowTotals: cells.map((row, i) => (flags.rowTotals[i] ? null : row.reduce((a, b) => a + b, 0))),
    columnTotals: roles.map((_, j) => (flags.columnTotals[j] ? null : cells.reduce((a, row) => a + row[j], 0))),
  };
  return {
    ...base,
    roles,
    table,
    population,
    populationHidden: null,
    hidden: hiddenSummary([...flags.cells.flat(), ...flags.rowTotals, ...flags.columnTotals]),
  };
}
export type MovementAnalytics = Awaited<ReturnType<typeof movementAnalytics>>;
