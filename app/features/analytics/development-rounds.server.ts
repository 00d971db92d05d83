import { createHash } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import { placedRoleOf } from "~/features/reviews/placement.server";
import { listTagOptions } from "~/features/tags/tags.server";
import { planningChoices } from "~/features/planning/planning.server";
import { teamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { compareNames, groupRows, periodStart } from "./analytics";
import type { HrFilter } from "./hr-filter";
import { keptDerived, keptFigures, reviewVersion } from "./kept-figures.server";
import { teamsShown } from "./teams-shown";
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

/**
 * The filter's choices: teams in scope, tags, positions, and the finished rounds of the scope's teams (none
 * read without `withRounds`: the workforce tab has no round).
 */
export async function hrChoices(ctx: TenantContext, scope: TeamScope = hrAnalyticsScope(ctx), withRounds = true) {
  // Side by side: three independent reads, every HR analytics request waits for them (1935).
  const [{ teams, positions }, tags, { rows }] = await Promise.all([
    planningChoices(ctx, scope),
    listTagOptions(ctx),
    withRounds ? roundChoices(ctx, scope) : { rows: [] },
  ]);
  const rounds: RoundChoice[] = rows.map((r) => ({ id: r.id, name: r.name, finishedAt: r.finished_at }));
  return { teams, tags, positions, rounds };
}
export type HrChoices = Awaited<ReturnType<typeof hrChoices>>;

function roundChoices(ctx: TenantContext, scope: TeamScope) {
  return getReadDb().execute<{ id: string; name: string; finished_at: string }>(sql`
    select coalesce(r.parent_id, r.id) as id, coalesce(p.name, r.name) as name,
      to_char(max(r.finished_at) at time zone 'Europe/Amsterdam', 'YYYY-MM-DD') as finished_at
    from reviews r left join reviews p on p.id = r.parent_id
    where r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and r.type = 'team'
      and r.is_finished and r.deleted_at is null and ${scopeSql(scope, sql`r.team_id`)}
    group by 1, 2 order by max(r.finished_at) desc, 1`);
}

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

/**
 * The counted rows of the rounds and movement tabs, kept per web process under the review version (docs/decisions/
 * 1983, as 1911 and 1930) for what HR opens: the whole cluster without a tag or position filter — those read
 * today's tags and contracts, which the version does not follow; a team leader reads few teams. The rows are
 * counts before suppression and never leave the server: each request suppresses them with its own threshold and
 * team filter (the team filter is applied to the rows, not in SQL), and names rounds and teams from its own lists.
 * `kept: false` reads straight (the test that compares both).
 */
async function keptRows<T extends { n: number }>(
  ctx: TenantContext,
  scope: TeamScope,
  filter: HrFilter,
  inputs: readonly (string | null)[],
  kept: boolean,
  read: () => Promise<T[]>,
): Promise<T[]> {
  if (!kept || !scope.all || filter.tag || filter.position) return read();
  const key = [ctx.accountId, ctx.clusterId, await reviewVersion(ctx), ...inputs].map(String).join("|");
  return (await keptCountRows(key, read)) as T[];
}

/** Per web process at most 100,000 rows in all (the rounds of 800 teams over two rounds are ≈ 8,000). */
const keptCountRows = keptFigures<{ n: number }[]>(100_000, (rows) => rows.length + 1);

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
export async function roundsAnalytics(
  ctx: TenantContext,
  filter: HrFilter,
  today: string,
  choices: HrChoices,
  { kept = true } = {},
) {
  const scope = hrAnalyticsScope(ctx);
  const min = await minGroupSize(ctx);
  const since = periodStart(filter.period, today);
  const rows = await keptRows(ctx, scope, filter, ["rounds", since], kept, async () => {
    const { rows } = await getReadDb().execute<RoleRow>(sql`
      with subjects as (${subjectsSql(ctx, scope, filter, since)})
      select round_id, team_id, in_tag, in_position, role, count(*)::int as n
      from subjects group by 1, 2, 3, 4, 5`);
    return rows;
  });
  // What the request works out of the rows is kept beside them too (keptDerived, as 1940): keyed by the rows
  // themselves and everything else it reads — the threshold, the filter, and the rounds and teams as this
  // request has just read them (a digest: a renamed team is a new key). Rows read straight are new objects and
  // simply miss. The answer is shared, never mutated (the page's share copies).
  const key = createHash("sha1")
    .update(JSON.stringify([min, filter.team, filter.tag, filter.position, choices.rounds, choices.teams]))
    .digest("base64");
  return keptRoundsAnswer(rows, key, () => suppressedRounds(rows, filter, min, choices));
}

const keptRoundsAnswer = keptDerived<RoleRow[], ReturnType<typeof suppressedRounds>>();

/** The rounds' and the latest round's teams' groups, with the small-group rules applied (1600). */
function suppressedRounds(rows: readonly RoleRow[], filter: HrFilter, min: number, choices: HrChoices) {
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

/**
 * The page's share of the rounds tab (`teamsShown`, as the development tab, docs/decisions/1915 and 1983): the
 * latest round's teams with the most reviewed people first, a hidden team last, ties by name. The export lists
 * them all.
 */
export function roundsForPage(data: RoundsAnalytics) {
  return { ...data, ...teamsShown(data.teams, (team) => (team.size === null ? null : -team.size)) };
}

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
export async function movementAnalytics(
  ctx: TenantContext,
  filter: HrFilter,
  choices: HrChoices,
  { kept = true } = {},
) {
  const scope = hrAnalyticsScope(ctx);
  const min = await minGroupSize(ctx);
  const to = filter.to ?? choices.rounds[0]?.id ?? null;
  const from = filter.from ?? choices.rounds.find((r) => r.id !== to)?.id ?? null;
  const base = { min, from, to, roles: [] as string[], table: null, hidden: { small: false, sibling: false } };
  if (!from || !to || from === to) return { ...base, population: null, populationHidden: null };
  // One pass grouped by person (subjectsSql gives each person at most one row per round), not the subjects joined
  // with themselves: the planner guessed 200 rows of the CTE where there were 20,000 and joined them row by row
  // (100 million comparisons, 14–62 s at 10,000 people with two rounds; docs/decisions/1953).
  const rows = await keptRows(ctx, scope, filter, ["movement", from, to], kept, async () => {
    const { rows } = await getReadDb().execute<MoveRow>(sql`
    with subjects as (${subjectsSql(ctx, scope, filter, null, [from, to])}),
    people as (
      select max(role) filter (where round_id = ${from}) as from_role,
        max(role) filter (where round_id = ${to}) as to_role,
        (array_agg(team_id) filter (where round_id = ${to}))[1] as team_id,
        bool_or(in_tag) filter (where round_id = ${to}) as in_tag,
        bool_or(in_position) filter (where round_id = ${to}) as in_position
      from subjects group by membership_id
    )
    select from_role, to_role, team_id, in_tag, in_position, count(*)::int as n
    from people where from_role is not null and to_role is not null
    group by 1, 2, 3, 4, 5`);
    return rows;
  });
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
