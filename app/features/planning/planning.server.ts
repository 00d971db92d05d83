import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { executePrepared, getDb, type DbOrTx } from "#db/client.server";
import { planningNeeds, positions, teams } from "#db/schema";
import { parseHrFilter } from "~/features/analytics/hr-filter";
import { isTooSmall, suppressSiblings, type HiddenReason } from "~/features/analytics/small-groups";
import { keptFigures, peopleVersion } from "~/features/analytics/kept-figures.server";
import { minGroupSize } from "~/features/analytics/small-groups.server";
import { teamCompetenceGaps, type CompetenceGapCount } from "~/features/competences/scores.server";
import { getKnowledgeCards } from "~/features/knowledge-areas/knowledge-cards.server";
import { DEFAULT_FTE } from "~/features/teams/teams.server";
import { personNameSql } from "~/utils/person-name.server";
import { inCluster, requireIdsInScope } from "~/utils/scope.server";
import { coversNoTeam, inTeamScope, teamInScope, teamScope, type TeamScope } from "~/utils/team-scope.server";
import { can, type TenantContext } from "~/utils/tenant.server";
import { notFound } from "~/utils/not-found";
import { parseRequestFilter } from "~/utils/list-filter";
import {
  gapOf,
  horizonDate,
  type CompetenceShortage,
  type Leaver,
  type PlanningHorizon,
  type PlanningRow,
} from "./planning";
import { planningPageSchema, type PlanningFilter, type PlanningNeedInput } from "./planning.schema";

/**
 * Workforce planning (spec §3 Planning; docs/decisions/1550). Per team and position at a horizon: what HR
 * needs (planning_needs), what is available — the FTE of the members' contracts that still run on the
 * horizon's day, 0.8 for a member without an active contract (spec §9) — the gap, and who leaves before the
 * horizon. Everything is counted in one SQL statement; only the page's rows come back.
 */

/** Who sees which teams' planning, and who may set their needs: the one team-scope rule (1420). */
export const planningViewScope = (ctx: TenantContext): TeamScope => teamScope(ctx, "analytics.read");
export const planningEditScope = (ctx: TenantContext): TeamScope => teamScope(ctx, "teams.manage");

/** Whether ctx may edit the plan of at least one team (the page's edit link). */
export const mayEditSomePlan = (ctx: TenantContext) => !coversNoTeam(planningEditScope(ctx));

export type PlanningTotals = {
  rows: number;
  neededFte: number;
  availableFte: number;
  /** The FTE short over all rows with a need (a surplus in one row does not fill another). */
  shortFte: number;
  leaving: number;
};

type RawRow = {
  team_id: string;
  team_name: string;
  position_id: string | null;
  position_name: string | null;
  needed_employees: number | null;
  needed_fte: string | null;
  reason: string | null;
  available_employees: number;
  available_fte: string;
  leaving: number;
  leavers: Leaver[] | null;
  total_rows: number;
  total_needed_fte: string;
  total_available_fte: string;
  total_short_fte: string;
  total_leaving: number;
};

type Query = {
  horizon: PlanningHorizon;
  today: string;
  filter: Pick<PlanningFilter, "team" | "position">;
  /** The page's rows; none for an export (up to `limit`). */
  limit: number;
  offset: number;
};

/** The position key of members counted at the default FTE: a real value, so the joins stay equi-joins (hashable). */
const NO_POSITION = "00000000-0000-0000-0000-000000000000";

/**
 * The table in one statement (docs/decisions/1981). `available` joins each team member of the viewer's teams
 * (after the filter) once to their contracts that run today or on the horizon's day and counts per team and
 * position in the same pass: the contracts on the horizon's day, or the default FTE for a member with neither.
 * `leaving` starts from the contracts that end between the two days (few, but for a far horizon). The totals
 * are over every row the filter keeps, so every member is counted; only the page's rows read leavers' names.
 */
function planningStatement(ctx: TenantContext, scope: TeamScope, q: Query, withNames: boolean): SQL {
  const day = q.today;
  const horizonDay = horizonDate(q.horizon, q.today);
  // A contract of alias `c` that runs on a day.
  const covering = (c: string, at: string) =>
    sql`${sql.raw(c)}.is_active and ${sql.raw(c)}.start_date <= ${at}::date and ${sql.raw(c)}.end_date >= ${at}::date`;
  const teamFilter = q.filter.team ? sql`and t.id = ${q.filter.team}` : sql``;
  // The position filter on each source of rows: a row's position is its source's.
  const onPosition = (column: SQL) => (q.filter.position ? sql`and ${column} = ${q.filter.position}::uuid` : sql``);
  const teamMember = (ra: string) =>
    sql`${sql.raw(ra)}.account_id = ${ctx.accountId} and ${sql.raw(ra)}.cluster_id = ${ctx.clusterId}
      and ${sql.raw(ra)}.role_key = 'team_member' and ${sql.raw(ra)}.team_id in (select id from tm)`;
  const positionOf = sql`coalesce(c.position_id, ${NO_POSITION}::uuid)`;
  // Counted on the horizon's day: a contract that runs then, or no contract on either day (the default FTE).
  const counted = sql`(c.membership_id is null or c.end_date >= ${horizonDay}::date)`;
  const leaverLists = withNames
    ? sql`array_agg(membership_id order by membership_id) as leaver_ids,
        array_agg(end_date order by membership_id) as leaver_ends`
    : sql`null::uuid[] as leaver_ids, null::date[] as leaver_ends`;
  const names = withNames
    ? sql`(select json_agg(json_build_object('name', ${personNameSql("u")}, 'endDate', l.end_date::text)
           order by l.end_date, u.last_name_sort, lower(u.first_name), l.membership_id)
         from unnest(pg.leaver_ids, pg.leaver_ends) l(membership_id, end_date)
         join memberships lm on lm.id = l.membership_id join users u on u.id = lm.user_id)`
    : sql`null`;
  return sql`
    with tm as (
      select t.id, t.name from teams t
      where t.account_id = ${ctx.accountId} and t.cluster_id = ${ctx.clusterId} and t.deleted_at is null
        and ${inTeamScope(scope, sql`t.id`) ?? sql`true`} ${teamFilter}
    ), available as (
      -- A member counts once per position (two contracts there are one person, their FTE added).
      select ra.team_id, ${positionOf} as position_id,
        count(distinct ra.membership_id) filter (where ${counted})::int as employees,
        sum(coalesce(c.fte, ${DEFAULT_FTE}::numeric)) filter (where ${counted}) as fte
      from role_assignments ra
      join memberships m on m.id = ra.membership_id and m.deleted_at is null and m.status = 'active'
      left join contracts c on c.membership_id = ra.membership_id
        and (${covering("c", day)} or ${covering("c", horizonDay)})
      where ${teamMember("ra")} ${onPosition(positionOf)}
      group by 1, 2
      having count(*) filter (where ${counted}) > 0
    ), leaving as (
      -- Counted today, gone on the horizon's day: their current contracts end before it, nothing follows.
      select ra.team_id, c.position_id, c.membership_id, max(c.end_date) as end_date
      from contracts c
      join memberships m on m.id = c.membership_id and m.deleted_at is null and m.status = 'active'
      join role_assignments ra on ra.membership_id = c.membership_id and ${teamMember("ra")}
      where ${covering("c", day)} and c.end_date < ${horizonDay}::date ${onPosition(sql`c.position_id`)}
        and not exists (select 1 from contracts h where h.membership_id = c.membership_id and ${covering("h", horizonDay)})
      group by 1, 2, 3
    ), leavers as (
      select team_id, position_id, count(*)::int as n, ${leaverLists} from leaving group by 1, 2
    ), needs as (
      select n.team_id, n.position_id, n.employees, n.fte, n.reason from planning_needs n
      where n.account_id = ${ctx.accountId} and n.cluster_id = ${ctx.clusterId} and n.horizon = ${q.horizon}
        and n.team_id in (select id from tm) ${onPosition(sql`n.position_id`)}
    ), counted as (
      select k.team_id, tm.name as team_name, nullif(k.position_id, ${NO_POSITION}::uuid) as position_id,
        p.name as position_name,
        n.employees as needed_employees, n.fte as needed_fte, n.reason,
        coalesce(a.employees, 0) as available_employees, coalesce(a.fte, 0) as available_fte,
        coalesce(l.n, 0) as leaving, l.leaver_ids, l.leaver_ends,
        count(*) over ()::int as total_rows,
        coalesce(sum(n.fte) over (), 0)::text as total_needed_fte,
        coalesce(sum(coalesce(a.fte, 0)) over (), 0)::text as total_available_fte,
        coalesce(sum(least(coalesce(a.fte, 0) - n.fte, 0)) over (), 0)::text as total_short_fte,
        coalesce(sum(coalesce(l.n, 0)) over (), 0)::int as total_leaving
      from available a
      full join needs n on n.team_id = a.team_id and n.position_id = a.position_id
      full join leavers l on l.team_id = coalesce(a.team_id, n.team_id)
        and l.position_id = coalesce(a.position_id, n.position_id)
      cross join lateral (select coalesce(a.team_id, n.team_id, l.team_id) as team_id,
        coalesce(a.position_id, n.position_id, l.position_id) as position_id) k
      join tm on tm.id = k.team_id
      left join positions p on p.id = k.position_id
    ), pg as (
      select * from counted
      order by lower(team_name), team_id, position_name is null, lower(position_name), position_id
      limit ${q.limit} offset ${q.offset}
    )
    select pg.team_id, pg.team_name, pg.position_id, pg.position_name, pg.needed_employees, pg.reason,
      pg.available_employees, pg.leaving, pg.total_rows, pg.total_needed_fte, pg.total_available_fte,
      pg.total_short_fte, pg.total_leaving,
      pg.needed_fte::text as needed_fte, pg.available_fte::text as available_fte, ${names} as leavers
    from pg
    order by lower(pg.team_name), pg.team_id, pg.position_name is null, lower(pg.position_name), pg.position_id`;
}

function toRow(r: RawRow, editScope: TeamScope, competence: CompetenceShortages | null): PlanningRow {
  const available = { employees: r.available_employees, fte: Number(r.available_fte) };
  const needed =
    r.needed_employees === null
      ? null
      : { employees: r.needed_employees, fte: Number(r.needed_fte), reason: r.reason ?? "" };
  return {
    teamId: r.team_id,
    teamName: r.team_name,
    positionId: r.position_id,
    positionName: r.position_name,
    needed,
    available,
    gap: needed ? { employees: available.employees - needed.employees, fte: gapOf(needed.fte, available.fte)! } : null,
    leavingCount: r.leaving,
    leavers: r.leavers,
    competence: (r.position_id && competence?.positions[`${r.team_id}:${r.position_id}`]) || null,
    mayEdit: r.position_id !== null && teamInScope(editScope, r.team_id),
  };
}

function toTotals(rows: readonly RawRow[]): PlanningTotals {
  const first = rows[0];
  if (!first) return { rows: 0, neededFte: 0, availableFte: 0, shortFte: 0, leaving: 0 };
  return {
    rows: first.total_rows,
    neededFte: Number(first.total_needed_fte),
    availableFte: Number(first.total_available_fte),
    shortFte: -Number(first.total_short_fte),
    leaving: first.total_leaving,
  };
}

/**
 * The planning table at one horizon: `limit` rows from `offset` (a page, or every row up to a maximum for the
 * export) and the totals over every row the filter keeps, with the competence shortages of the rows' teams and
 * positions (decision 1970) and, for the page (`knowledge`), the knowledge shortages of its teams — both read
 * at once, after the rows.
 */
export async function planningTable(
  ctx: TenantContext,
  input: {
    horizon: PlanningHorizon;
    today: string;
    filter: Pick<PlanningFilter, "team" | "position">;
    limit: number;
    offset: number;
    knowledge?: boolean;
  },
  /** `kept: false` reads straight (the test that compares both, 1985). */
  options: { kept?: boolean } = {},
) {
  const { rows, competence, knowledge } = await planningFigures(ctx, input, options);
  const shownTeams = shownTeamsOf(rows);
  const editScope = planningEditScope(ctx);
  return {
    rows: rows.map((r) => toRow(r, editScope, competence)),
    totals: toTotals(rows),
    /** The teams of these rows, in the rows' order. */
    shownTeams,
    /** Per team of these rows, where the competences module is on (null when it is off). */
    teamCompetence: competence?.teams ?? null,
    knowledge,
  };
}

/** The teams of these rows, in the rows' order. */
const shownTeamsOf = (rows: readonly RawRow[]) => [
  ...new Map(rows.map((r) => [r.team_id, { id: r.team_id, name: r.team_name }])).values(),
];

/**
 * The table's rows with the competence and knowledge shortages of their teams: for HR (the whole cluster) kept
 * per web process under the people version (migration 0057, docs/decisions/1985) — raised by every change of
 * what they read: team places, memberships, contracts, positions, teams, planning needs, a leaver's name,
 * competences, their requirements and scores, knowledge areas, needs and levels — with the day, the horizon, the
 * filter, the page, whether the reader sees leavers' names, the threshold (the shortages hide small groups) and
 * the modules that are on in the key. A leader's few teams are read straight.
 */
type PlanningFigures = {
  rows: RawRow[];
  competence: CompetenceShortages | null;
  knowledge: Record<string, KnowledgeShortage[]> | null;
};

async function planningFigures(
  ctx: TenantContext,
  input: Query & { knowledge?: boolean },
  { kept = true } = {},
): Promise<PlanningFigures> {
  const scope = planningViewScope(ctx);
  const withNames = can(ctx, "contracts.read");
  const read = async () => {
    // A named prepared statement (a few shapes: filters, scope): parsed once a connection, and with a team filter
    // PostgreSQL keeps a generic plan, so neither is parsed nor planned again.
    const rows = await executePrepared<RawRow>(planningStatement(ctx, scope, input, withNames));
    const teams = shownTeamsOf(rows);
    const [competence, knowledge] = await Promise.all([
      competenceShortages(
        ctx,
        teams.map((t) => t.id),
      ),
      input.knowledge ? knowledgeShortages(ctx, teams) : null,
    ]);
    return { rows, competence, knowledge };
  };
  if (!kept || !scope.all) return read();
  const [version, min] = await Promise.all([peopleVersion(ctx), minGroupSize(ctx)]);
  const { today, horizon, filter, limit, offset } = input;
  const key = [ctx.accountId, ctx.clusterId, version, min, [...ctx.modules].sort().join(","), today, horizon]
    .concat([filter.team, filter.position, limit, offset, withNames, !!input.knowledge].map(String))
    .join("|");
  return keptPlanning(key, read);
}

/** Per web process at most 20,000 rows in all (a page is 50; the export up to its maximum). */
const keptPlanning = keptFigures<PlanningFigures>(20_000, (f) => f.rows.length + 1);

type CompetenceShortages = {
  teams: Record<string, CompetenceShortage>;
  /** By `${teamId}:${positionId}`. */
  positions: Record<string, CompetenceShortage>;
};

const shortageShown = (count: CompetenceGapCount, hidden: HiddenReason | null): CompetenceShortage =>
  hidden
    ? { hidden, assessed: null, short: null, competences: [] }
    : { hidden: null, assessed: count.assessed, short: count.short, competences: count.competences };

/**
 * The competence shortages that go with the gap (docs/decisions/1970), where the competences module is on: per
 * team and per position in it, today, by the competences' own rule (`teamCompetenceGaps`: one read for every
 * team of the page, not a query per team). They are counts of scores, so a group below the cluster's threshold
 * is hidden, and a position whose holders the team's figure minus its other positions would reveal (1600).
 */
async function competenceShortages(ctx: TenantContext, teamIds: string[]): Promise<CompetenceShortages | null> {
  if (!ctx.modules.has("competences")) return null;
  const [gaps, min] = await Promise.all([
    teamCompetenceGaps(ctx, teamIds, getDb(), { perPosition: true }),
    minGroupSize(ctx),
  ]);
  const out: CompetenceShortages = { teams: {}, positions: {} };
  for (const [teamId, team] of gaps) {
    const teamHidden = isTooSmall(team.assessed, min) ? "small" : null;
    out.teams[teamId] = shortageShown(team, teamHidden);
    const positions = Object.entries(team.positions ?? {});
    const hidden = suppressSiblings(
      teamHidden ? null : team.assessed,
      positions.map(([, p]) => p.assessed),
      min,
    );
    positions.forEach(([positionId, p], i) => {
      out.positions[`${teamId}:${positionId}`] = shortageShown(p, hidden[i]);
    });
  }
  return out;
}

/**
 * The page's and the export's filter: team and position as HR analytics reads them (`parseHrFilter`, 1602) —
 * a value that is not one of the viewer's choices (a typo, an old link, another cluster's or another leader's
 * team) falls back to all and is named in `invalid`, never an error and never that team's rows.
 */
export async function parsePlanningFilter(ctx: TenantContext, request: Request) {
  const choices = await planningChoices(ctx);
  const { filter, invalid } = parseHrFilter(new URL(request.url).searchParams, { ...choices, tags: [], rounds: [] });
  const { page } = parseRequestFilter(planningPageSchema, request);
  return {
    choices,
    filter: { team: filter.team, position: filter.position, page } satisfies PlanningFilter,
    invalid: invalid.filter((field) => field === "team" || field === "position"),
  };
}

export type KnowledgeShortage = { areaName: string; shortage: number };

/**
 * The knowledge areas each of these teams is short of, where the knowledge-areas module is on: the knowledge
 * cards' own shortage (knowledge-card.ts), for the teams on the page only. Today's cards: knowledge needs
 * have no horizon.
 */
export async function knowledgeShortages(
  ctx: TenantContext,
  shown: readonly { id: string; name: string }[],
): Promise<Record<string, KnowledgeShortage[]> | null> {
  if (!ctx.modules.has("knowledge-areas")) return null;
  const cards = await getKnowledgeCards(ctx, shown);
  return Object.fromEntries(
    cards.map((card) => [
      card.team.id,
      card.areas.filter((a) => a.shortage > 0).map((a) => ({ areaName: a.areaName, shortage: a.shortage })),
    ]),
  );
}

/** The teams and positions the filter and the edit form choose from: the viewer's teams, the cluster's positions. */
export async function planningChoices(ctx: TenantContext, scope: TeamScope = planningViewScope(ctx)) {
  const db = getDb();
  const [teamRows, positionRows] = await Promise.all([
    db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(inCluster(teams, ctx), isNull(teams.deletedAt), inTeamScope(scope, teams.id)))
      .orderBy(sql`lower(${teams.name})`, teams.id),
    db
      .select({ id: positions.id, name: positions.name })
      .from(positions)
      .where(inCluster(positions, ctx))
      .orderBy(sql`lower(${positions.name})`, positions.id),
  ]);
  return { teams: teamRows, positions: positionRows };
}

/** "This team and position of my cluster, and the team mine to plan", or 404 (ids come from a form or a link). */
async function requirePlannable(ctx: TenantContext, teamId: string, positionId: string, db: DbOrTx) {
  if (!teamInScope(planningEditScope(ctx), teamId)) notFound();
  await requireIdsInScope(db, teams, [teamId], ctx, isNull(teams.deletedAt));
  await requireIdsInScope(db, positions, [positionId], ctx);
}

type NeedKey = { teamId: string; positionId: string; horizon: PlanningHorizon };
const needOf = (ctx: TenantContext, key: NeedKey) =>
  and(
    inCluster(planningNeeds, ctx),
    eq(planningNeeds.teamId, key.teamId),
    eq(planningNeeds.positionId, key.positionId),
    eq(planningNeeds.horizon, key.horizon),
  );

/** The need as stored, or null: what the edit form starts from. */
export async function getPlanningNeed(ctx: TenantContext, key: NeedKey) {
  const db = getDb();
  await requirePlannable(ctx, key.teamId, key.positionId, db);
  const [row] = await db
    .select({ employees: planningNeeds.employees, fte: planningNeeds.fte, reason: planningNeeds.reason })
    .from(planningNeeds)
    .where(needOf(ctx, key));
  return row ? { ...row, fte: Number(row.fte) } : null;
}

/** Sets a team's need of a position at a horizon (one row per team, position and horizon). */
export async function savePlanningNeed(ctx: TenantContext, input: PlanningNeedInput, db: DbOrTx = getDb()) {
  await requirePlannable(ctx, input.teamId, input.positionId, db);
  const values = { employees: input.employees, fte: input.fte.toFixed(2), reason: input.reason, updatedAt: new Date() };
  await db
    .insert(planningNeeds)
    .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, ...input, ...values })
    .onConflictDoUpdate({
      target: [planningNeeds.teamId, planningNeeds.positionId, planningNeeds.horizon],
      set: values,
    });
}

/** Removes a need; removing one that is not there is no error. */
export async function removePlanningNeed(ctx: TenantContext, key: NeedKey, db: DbOrTx = getDb()) {
  await requirePlannable(ctx, key.teamId, key.positionId, db);
  await db.delete(planningNeeds).where(needOf(ctx, key));
}
