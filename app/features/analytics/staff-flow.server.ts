import { sql } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import { membersInTeamScope, teamScope, type TeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { hrTabRights, periodStart } from "./analytics";
import { memberOfTeamSql, taggedSql, teamRowsSql } from "./group-filter.server";
import type { HrFilter } from "./hr-filter";
import { contractVersion, keptFigures } from "./kept-figures.server";
import { filteredGroup, filteredGroupHidden, hiddenSummary } from "./small-groups";
import { minGroupSize } from "./small-groups.server";

/**
 * In- and outflow over time from contracts (HR analytics, issue 34; docs/decisions/1720): per month or quarter
 * of the period, the people who started (a contract with no running contract of theirs the day before), who
 * left (a contract's last day, before today, with none of theirs running the day after — a renewal is neither),
 * the net and the headcount on the interval's last day (today for the running one). Counted in SQL.
 *
 * The filtered view is a group: the people with a contract in the period who match the filters. It is hidden
 * when small or when one filter's complement is small (the difference of two links would show it;
 * docs/decisions/1600), and with a team filter when the team is hidden among the teams of the view without it
 * (team sibling suppression, 1990); a shown group's figures are shown in full, as a shown group's role spread is.
 * Team: a team member of it today; tag: tagged today; position: only that position's contracts count, so moving
 * from another position into it is inflow, and out of it outflow.
 */

export const staffFlowScope = (ctx: TenantContext): TeamScope => teamScope(ctx, hrTabRights.flow);

/** "All" goes back at most this many years: a hundred-odd months is still a readable table. */
const ALL_YEARS = 10;

export type FlowRow = { start: string; started: number; left: number; net: number; headcount: number };

export async function staffFlowAnalytics(ctx: TenantContext, filter: HrFilter, today: string) {
  const scope = staffFlowScope(ctx);
  const min = await minGroupSize(ctx);
  const { events, population: counted } = await staffFlowFigures(ctx, scope, filter, today);
  const population = counted.filter((r) => !r.per_team);
  const size = (ignore: "team" | "tag" | "position" | null) =>
    population
      .filter(
        (r) =>
          (ignore === "team" || r.in_team) &&
          (ignore === "tag" || r.in_tag) &&
          (ignore === "position" || r.in_position),
      )
      .reduce((total, r) => total + r.n, 0);
  const people = size(null);
  const unfiltered = (["team", "tag", "position"] as const).filter((f) => filter[f]).map(size);
  // With a team filter, also the team among its siblings: the teams of the view without it (1990).
  const hidden =
    filteredGroupHidden(people, unfiltered, min) ??
    (filter.team
      ? filteredGroup(
          counted.filter((r) => r.per_team),
          filter,
          min,
        ).hidden
      : null);
  const rows: FlowRow[] | null = hidden
    ? null
    : events.map((e) => ({
        start: e.bucket,
        started: e.started,
        left: e.ended,
        net: e.started - e.ended,
        headcount: e.headcount,
      }));
  return {
    min,
    interval: filter.interval,
    people: hidden ? null : people,
    rows,
    totals: rows && {
      started: rows.reduce((t, r) => t + r.started, 0),
      left: rows.reduce((t, r) => t + r.left, 0),
      headcount: rows.at(-1)?.headcount ?? 0,
    },
    populationHidden: hidden,
    hidden: hiddenSummary([hidden]),
  };
}

type FlowEvent = { bucket: string; started: number; ended: number; headcount: number };
/** The view's people by filter match; with a team filter also per team (`per_team`, `teamRowsSql`). */
type FlowPopulation = {
  per_team: boolean;
  team_id: string | null;
  in_team: boolean;
  in_tag: boolean;
  in_position: boolean;
  n: number;
};
type FlowFigures = { events: FlowEvent[]; population: FlowPopulation[] };

/**
 * The counts behind the tab (before suppression). The whole cluster's, unfiltered or by position, are what HR
 * opens most and the costliest (every contract of the cluster): kept per contract version (1780) and recomputed
 * only after a contract or membership changed, or on a new day. A team or tag filter, or a team-scoped user,
 * reads few people and also depends on memberships and tags today: always computed.
 */
async function staffFlowFigures(ctx: TenantContext, scope: TeamScope, filter: HrFilter, today: string) {
  if (!scope.all || filter.team || filter.tag) return computeStaffFlowFigures(ctx, scope, filter, today);
  const key = [
    ctx.accountId,
    ctx.clusterId,
    await contractVersion(ctx),
    today,
    filter.period,
    filter.interval,
    filter.position,
  ]
    .map(String)
    .join("|");
  return keptFlowFigures(key, () => computeStaffFlowFigures(ctx, scope, filter, today));
}

/** Per web process, at most 500 answers (1780). */
const keptFlowFigures = keptFigures<FlowFigures>(500);

/** The figures straight from the contracts (exported for the test that the kept ones match them). */
export async function computeStaffFlowFigures(
  ctx: TenantContext,
  scope: TeamScope,
  filter: HrFilter,
  today: string,
): Promise<FlowFigures> {
  const unit = filter.interval;
  const [y] = today.split("-").map(Number);
  const from = periodStart(filter.period, today) ?? `${y - ALL_YEARS}-01-01`;
  const step = unit === "quarter" ? "3 months" : "1 month";
  const inTeam = memberOfTeamSql(ctx, filter.team, sql`m.id`);
  const inTag = taggedSql(filter.tag, sql`m.id`);
  const position = (column: ReturnType<typeof sql>) =>
    filter.position ? sql`${column} = ${filter.position}` : sql`true`;
  const common = sql`
    people as (
      select m.id, ${inTeam} as in_team, ${inTag} as in_tag from memberships m
      where m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null
        and ${membersInTeamScope(scope, ctx, sql`m.id`) ?? sql`true`}
    ),
    k as (
      select c.id, c.membership_id, c.position_id, c.start_date, c.end_date, p.in_team, p.in_tag
      from contracts c join people p on p.id = c.membership_id
      where c.account_id = ${ctx.accountId} and c.cluster_id = ${ctx.clusterId} and c.is_active
    )`;
  const db = getReadDb();
  const [{ rows: events }, { rows: population }] = await Promise.all([
    db.execute<FlowEvent>(sql`
      with ${common},
      buckets as (
        select b::date as bucket, least((b + ${step}::interval - interval '1 day')::date, ${today}::date) as last_day
        from generate_series(date_trunc(${unit}, ${from}::date), date_trunc(${unit}, ${today}::date), ${step}::interval) b
      ),
      kp as (select * from k where k.in_team and k.in_tag and ${position(sql`k.position_id`)}),
      -- Contracts that touch or overlap are one stretch of employment (an island): a contract begins one when no
      -- earlier contract runs up to the day before (the running maximum of earlier ends), and closes one when no
      -- later contract starts by the day after. Window functions, not a lookup per contract.
      ordered as (
        select membership_id, start_date, end_date,
          max(end_date) over (partition by membership_id order by start_date, id
            rows between unbounded preceding and 1 preceding) as earlier_end,
          min(start_date) over (partition by membership_id order by end_date desc, id desc
            rows between unbounded preceding and 1 preceding) as later_start
        from kp
      ),
      island_start as (
        select membership_id, start_date as day from ordered where earlier_end is null or earlier_end < start_date - 1
      ),
      island_end as (
        select membership_id, end_date as day from ordered where later_start is null or later_start > end_date + 1
      ),
      counted as (
        select bucket, count(distinct membership_id) filter (where kind = 'start')::int as started,
          count(distinct membership_id) filter (where kind = 'end')::int as ended
        from (
          select membership_id, date_trunc(${unit}, day)::date as bucket, 'start' as kind from island_start
          where day >= date_trunc(${unit}, ${from}::date) and day <= ${today}::date
          union all
          select membership_id, date_trunc(${unit}, day)::date, 'end' from island_end
          where day >= date_trunc(${unit}, ${from}::date) and day < ${today}::date
        ) moves
        group by bucket
      ),
      -- Islands never overlap for one person, so the people employed on a bucket's last day are the islands begun
      -- by then minus those closed before it: per bucket the change, then a running sum (anything before the
      -- period falls into its first bucket).
      deltas as (
        select greatest(date_trunc(${unit}, day), date_trunc(${unit}, ${from}::date))::date as bucket, count(*) as n
        from island_start where day <= ${today}::date group by 1
        union all
        select greatest(date_trunc(${unit}, day + 1), date_trunc(${unit}, ${from}::date))::date, -count(*)
        from island_end where day + 1 <= ${today}::date group by 1
      ),
      heads as (
        select x.bucket, (sum(coalesce(d.n, 0)) over (order by x.bucket))::int as headcount
        from buckets x left join (select bucket, sum(n) as n from deltas group by bucket) d on d.bucket = x.bucket
      )
      select to_char(x.bucket, 'YYYY-MM-DD') as bucket, coalesce(c.started, 0) as started,
        coalesce(c.ended, 0) as ended, coalesce(h.headcount, 0) as headcount
      from buckets x left join counted c on c.bucket = x.bucket left join heads h on h.bucket = x.bucket
      order by x.bucket`),
    // The view's people (a contract in the period) by filter match, for the group and its complements.
    db.execute<FlowPopulation>(sql`
      with ${common},
      person as (
        select membership_id, bool_and(in_team) as in_team, bool_and(in_tag) as in_tag,
          bool_or(${position(sql`position_id`)}) as in_position
        from k where k.start_date <= ${today}::date and k.end_date >= date_trunc(${unit}, ${from}::date)
        group by membership_id
      )
      select false as per_team, null::text as team_id, in_team, in_tag, in_position, count(*)::int as n
      from person group by 3, 4, 5
      ${
        // With a team filter, the same people per team: the rows of team sibling suppression (1990).
        filter.team
          ? sql`union all select true, r.team_id, null, r.in_tag, r.in_position, r.n
              from (${teamRowsSql(scope, sql`select membership_id as id, in_tag, in_position from person`)}) r`
          : sql``
      }`),
  ]);
  return { events, population };
}
export type StaffFlowAnalytics = Awaited<ReturnType<typeof staffFlowAnalytics>>;
