import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { planningNeeds, positions, teams } from "#db/schema";
import { getKnowledgeCards } from "~/features/knowledge-areas/knowledge-cards.server";
import { DEFAULT_FTE } from "~/features/teams/teams.server";
import { personNameSql } from "~/utils/person-name.server";
import { inCluster, requireIdsInScope } from "~/utils/scope.server";
import { coversNoTeam, inTeamScope, teamInScope, teamScope, type TeamScope } from "~/utils/team-scope.server";
import { can, type TenantContext } from "~/utils/tenant.server";
import { notFound } from "~/utils/not-found";
import { gapOf, horizonDate, type Leaver, type PlanningHorizon, type PlanningRow } from "./planning";
import type { PlanningFilter, PlanningNeedInput } from "./planning.schema";

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

function planningStatement(ctx: TenantContext, scope: TeamScope, q: Query, withNames: boolean): SQL {
  const day = q.today;
  const horizonDay = horizonDate(q.horizon, q.today);
  // A contract of member `c` that runs on a day.
  const covering = (at: string) => sql`c.is_active and c.start_date <= ${at}::date and c.end_date >= ${at}::date`;
  const teamFilter = q.filter.team ? sql`and t.id = ${q.filter.team}` : sql``;
  const positionFilter = q.filter.position ? sql`and k.position_id = ${q.filter.position}` : sql``;
  const names = withNames
    ? sql`(select json_agg(json_build_object('name', ${personNameSql("u")}, 'endDate', l.end_date::text)
           order by l.end_date, u.last_name_sort, lower(u.first_name), l.membership_id)
         from leaving l join memberships lm on lm.id = l.membership_id join users u on u.id = lm.user_id
         where l.team_id = pg.team_id and l.position_id = coalesce(pg.position_id, ${NO_POSITION}::uuid))`
    : sql`null`;
  return sql`
    with tm as (
      select t.id, t.name from teams t
      where t.account_id = ${ctx.accountId} and t.cluster_id = ${ctx.clusterId} and t.deleted_at is null
        and ${inTeamScope(scope, sql`t.id`) ?? sql`true`} ${teamFilter}
    ), members as (
      select distinct ra.team_id, ra.membership_id from role_assignments ra
      join memberships m on m.id = ra.membership_id and m.deleted_at is null and m.status = 'active'
      where ra.account_id = ${ctx.accountId} and ra.cluster_id = ${ctx.clusterId} and ra.role_key = 'team_member'
        and ra.team_id in (select id from tm)
    ), state as (
      select mb.team_id, mb.membership_id,
        exists (select 1 from contracts c where c.membership_id = mb.membership_id and ${covering(day)}) as has_current,
        exists (select 1 from contracts c where c.membership_id = mb.membership_id and ${covering(horizonDay)}) as has_later
      from members mb
    ), supply as (
      select s.team_id, c.position_id, s.membership_id, sum(c.fte) as fte
      from state s join contracts c on c.membership_id = s.membership_id and ${covering(horizonDay)}
      group by 1, 2, 3
      union all
      -- No active contract today and none on the horizon's day: the spec's default FTE, no position.
      select s.team_id, ${NO_POSITION}::uuid, s.membership_id, ${DEFAULT_FTE}::numeric from state s
      where not s.has_current and not s.has_later
    ), available as (
      select team_id, position_id, count(*)::int as employees, sum(fte) as fte from supply group by 1, 2
    ), leaving as (
      -- Counted today, gone on the horizon's day: their current contracts end before it, nothing follows.
      select s.team_id, c.position_id, s.membership_id, max(c.end_date) as end_date
      from state s join contracts c on c.membership_id = s.membership_id and ${covering(day)}
        and c.end_date < ${horizonDay}::date
      where not s.has_later
      group by 1, 2, 3
    ), leaving_count as (
      select team_id, position_id, count(*)::int as n from leaving group by 1, 2
    ), needs as (
      select n.team_id, n.position_id, n.employees, n.fte, n.reason from planning_needs n
      where n.account_id = ${ctx.accountId} and n.cluster_id = ${ctx.clusterId} and n.horizon = ${q.horizon}
        and n.team_id in (select id from tm)
    ), keys as (
      select team_id, position_id from available
      union select team_id, position_id from needs
      union select team_id, position_id from leaving
    ), rows as (
      select k.team_id, tm.name as team_name, nullif(k.position_id, ${NO_POSITION}::uuid) as position_id,
        p.name as position_name,
        n.employees as needed_employees, n.fte as needed_fte, n.reason,
        coalesce(a.employees, 0) as available_employees, coalesce(a.fte, 0) as available_fte,
        coalesce(lc.n, 0) as leaving
      from keys k
      join tm on tm.id = k.team_id
      left join positions p on p.id = k.position_id
      left join needs n on n.team_id = k.team_id and n.position_id = k.position_id
      left join available a on a.team_id = k.team_id and a.position_id = k.position_id
      left join leaving_count lc on lc.team_id = k.team_id and lc.position_id = k.position_id
      where true ${positionFilter}
    ), counted as (
      select r.*, count(*) over ()::int as total_rows,
        coalesce(sum(r.needed_fte) over (), 0)::text as total_needed_fte,
        coalesce(sum(r.available_fte) over (), 0)::text as total_available_fte,
        coalesce(sum(least(r.available_fte - r.needed_fte, 0)) over (), 0)::text as total_short_fte,
        coalesce(sum(r.leaving) over (), 0)::int as total_leaving
      from rows r
    ), pg as (
      select * from counted
      order by lower(team_name), team_id, position_name is null, lower(position_name), position_id
      limit ${q.limit} offset ${q.offset}
    )
    select pg.*, pg.needed_fte::text as needed_fte, pg.available_fte::text as available_fte, ${names} as leavers
    from pg
    order by lower(pg.team_name), pg.team_id, pg.position_name is null, lower(pg.position_name), pg.position_id`;
}

function toRow(r: RawRow, editScope: TeamScope): PlanningRow {
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
 * export) and the totals over every row the filter keeps.
 */
export async function planningTable(
  ctx: TenantContext,
  input: {
    horizon: PlanningHorizon;
    today: string;
    filter: Pick<PlanningFilter, "team" | "position">;
    limit: number;
    offset: number;
  },
) {
  const { rows } = await getDb().execute<RawRow>(
    planningStatement(ctx, planningViewScope(ctx), input, can(ctx, "contracts.read")),
  );
  const editScope = planningEditScope(ctx);
  return { rows: rows.map((r) => toRow(r, editScope)), totals: toTotals(rows) };
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
