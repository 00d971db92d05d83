import { sql } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import { DEFAULT_FTE } from "~/features/teams/teams.server";
import { membersInTeamScope, teamScope, type TeamScope } from "~/utils/team-scope.server";
import { can, type TenantContext } from "~/utils/tenant.server";
import {
  ageBandOf,
  ageBands,
  CONTRACT_HORIZON_DAYS,
  ENDING_CONTRACTS_SHOWN,
  hrTabRights,
  type AgeBand,
} from "./analytics";
import { keptFigures, peopleVersion } from "./kept-figures.server";
import { inPositionSql, memberOfTeamSql, taggedSql, teamRowsSql } from "./group-filter.server";
import type { HrFilter } from "./hr-filter";
import { filteredGroup, filteredGroupHidden, hiddenSummary, isTooSmall, type HiddenReason } from "./small-groups";
import { minGroupSize } from "./small-groups.server";
import { personNameSql } from "~/utils/person-name.server";

/**
 * The workforce tab of HR analytics (docs/decisions/1409, 1961): the people as they are today, counted in SQL.
 * Active means an active, not removed membership; FTE counts each active person's current contracts, or the
 * default 0.8 for someone without one (spec §9), as the teams page does.
 *
 * Over the tab's scope (teams.manage: HR the cluster, a team leader the members of their teams) and the GET
 * filters, all as of today: team (a team member of it), tag (tagged), position (a running contract of it; then
 * only that position's contracts count for FTE, the kinds and the ending contracts). No period: every figure is
 * today's (the in/out-flow tab has the time dimension).
 *
 * Gender and age tell something about a person in a small group (docs/decisions/1962): the filtered view's active
 * people are a group under the view rule of the flow tab (`filteredGroupHidden`) — hidden when small, when the
 * view without one of its filters differs from it by a small group, or when the reader's whole scope is small.
 * With a team filter the team is also one of the teams of the view without it (team sibling suppression, 1990:
 * `filteredGroup` over `teamRowsSql`'s rows, the people in no team and those in several as groups of their own).
 * Headcount, FTE and contract kinds stay shown (1961).
 */

export type WorkforceFilter = Pick<HrFilter, "team" | "tag" | "position">;
const everyone: WorkforceFilter = { team: null, tag: null, position: null };

export const workforceScope = (ctx: TenantContext): TeamScope => teamScope(ctx, hrTabRights.workforce);

/**
 * One row per combination of the filters the scope's people match (in_team, in_tag, in_position; all true without
 * filters), with the counts of that group: the view's figures are the all-true row's, and the active counts of
 * every row tell the sizes of the views without one filter and of the whole scope (the small-group rule).
 */
type GroupRow = {
  /** A team row (`teamRowsSql`: `team_id`, `in_tag`, `in_position`, `active` its people) rather than a filter row. */
  per_team: boolean;
  team_id: string | null;
  in_team: boolean;
  in_tag: boolean;
  in_position: boolean;
  active: number;
  with_access: number;
  inactive: number;
  fte: string;
  permanent: number;
  temporary: number;
  without_contract: number;
  ending: number;
};

type FilterField = "team" | "tag" | "position";
/** The figures of a view nobody matches. */
const nobody = {
  active: 0,
  with_access: 0,
  inactive: 0,
  fte: "0",
  permanent: 0,
  temporary: 0,
  without_contract: 0,
  ending: 0,
};

export type EndingContract = {
  membershipId: string;
  name: string;
  position: string;
  endDate: string;
  isTemporary: boolean;
};

/**
 * The tab's answer, kept per people version (docs/decisions/1984, as 1780/1930) for what HR opens: the whole
 * cluster (a team leader's scope is computed straight — it reads few people, and their team places). The answer
 * is kept after suppression and with the ending contracts' names or not, so the key names, beside the version,
 * everything else it is a function of: the day, the filter, whether the reader may read contracts, the threshold.
 */
export async function workforceAnalytics(ctx: TenantContext, today: string, filter: WorkforceFilter = everyone) {
  const [min, version] = await Promise.all([minGroupSize(ctx), peopleVersion(ctx)]);
  const compute = () => computeWorkforce(ctx, today, filter, min);
  if (!workforceScope(ctx).all) return compute();
  const key = [
    ctx.accountId,
    ctx.clusterId,
    version,
    today,
    filter.team,
    filter.tag,
    filter.position,
    can(ctx, "contracts.read"),
    min,
  ]
    .map(String)
    .join("|");
  return keptWorkforce(key, compute);
}

/** Per web process, at most 500 answers (each a few counts and at most ENDING_CONTRACTS_SHOWN names). */
const keptWorkforce = keptFigures<WorkforceAnalytics>(500);

/** The answer straight from the people (exported for the test that the kept one matches it). */
export async function computeWorkforce(ctx: TenantContext, today: string, filter: WorkforceFilter, min: number) {
  const db = getReadDb();
  const horizon = sql`(${today}::date + ${CONTRACT_HORIZON_DAYS}::int)`;
  const ofPosition = filter.position ? sql`c.position_id = ${filter.position}` : sql`true`;
  const ofCluster = sql`c.account_id = ${ctx.accountId} and c.cluster_id = ${ctx.clusterId} and c.is_active`;
  const endsSoon = sql`c.end_date >= ${today}::date and c.end_date <= ${horizon}`;
  // The people in scope (active or not) with whether they match each filter; the view is those who match all.
  // Not materialized: with a team filter the figures' statement reads it twice (1990), and each read inlined keeps
  // its own plan (a hashed team condition) — a materialized copy cost more than scanning the people twice.
  const scoped = sql`scoped as not materialized (
      select m.id, m.user_id, m.status, m.access, ${memberOfTeamSql(ctx, filter.team, sql`m.id`)} as in_team,
        ${taggedSql(filter.tag, sql`m.id`)} as in_tag,
        ${inPositionSql(filter.position, sql`m.id`, sql`${today}::date`)} as in_position
      from memberships m
      where m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null
        and ${membersInTeamScope(workforceScope(ctx), ctx, sql`m.id`) ?? sql`true`}
    )`;
  const activeInView = sql`s.status = 'active' and s.in_team and s.in_tag and s.in_position`;

  // Every figure in one pass (docs/decisions/1980): the scoped people joined once to their contracts that count
  // today — running today (FTE, permanent or temporary) or ending within the horizon — summed per person first,
  // then counted per filter combination. FTE is summed in hundredths (fte is numeric(4,2), so exact): an integer
  // sum per person costs about a quarter less of the statement's CPU than a numeric one.
  // With a team filter, the same statement also counts the view's active people per team (docs/decisions/1990):
  // the rows of team sibling suppression, in the figures' columns (`active` is the count), marked per_team.
  const teamRows = filter.team
    ? sql`union all
      select true, r.team_id, null, r.in_tag, r.in_position, r.n, 0, 0, '0', 0, 0, 0, 0
      from (${teamRowsSql(workforceScope(ctx), sql`select * from scoped where status = 'active'`)}) r`
    : sql``;
  const rows = (
    await db.execute<GroupRow>(sql`
      with ${scoped}, contracts_of as (
        select c.membership_id,
          sum((c.fte * 100)::int) filter (where c.start_date <= ${today}::date) as fte_hundredths,
          bool_or(not c.is_temporary) filter (where c.start_date <= ${today}::date) as permanent,
          count(*) filter (where c.end_date <= ${horizon}) as ending
        from contracts c
        where ${ofCluster} and ${ofPosition} and c.end_date >= ${today}::date
          and (c.start_date <= ${today}::date or c.end_date <= ${horizon})
        group by c.membership_id
      )
      select false as per_team, null::text as team_id, s.in_team, s.in_tag, s.in_position,
        count(*) filter (where s.status = 'active')::int as active,
        count(*) filter (where s.status = 'active' and s.access)::int as with_access,
        count(*) filter (where s.status <> 'active')::int as inactive,
        (coalesce(sum(c.fte_hundredths) filter (where s.status = 'active'), 0) / 100.0
          + count(*) filter (where s.status = 'active' and c.fte_hundredths is null) * ${DEFAULT_FTE}::numeric)::text
          as fte,
        count(*) filter (where s.status = 'active' and c.permanent)::int as permanent,
        count(*) filter (where s.status = 'active' and not c.permanent)::int as temporary,
        count(*) filter (where s.status = 'active' and c.fte_hundredths is null)::int as without_contract,
        coalesce(sum(c.ending) filter (where s.status = 'active'), 0)::int as ending
      from scoped s left join contracts_of c on c.membership_id = s.id
      group by s.in_team, s.in_tag, s.in_position
      ${teamRows}`)
  ).rows;
  const groups = rows.filter((r) => !r.per_team);
  const totals = groups.find((g) => g.in_team && g.in_tag && g.in_position) ?? nobody;

  // The group gender and age are shown of: the filtered active people, against the same view without each
  // filter and against the whole scope (docs/decisions/1962).
  const size = (ignore: readonly FilterField[]) =>
    groups
      .filter((r) => (["team", "tag", "position"] as const).every((f) => ignore.includes(f) || r[`in_${f}`]))
      .reduce((sum, r) => sum + r.active, 0);
  const active = (["team", "tag", "position"] as const).filter((f) => filter[f]);
  const scopeSize = size(["team", "tag", "position"]);
  // With a team filter, also the team among its siblings — the teams of the view without it (1990).
  const teams = rows.filter((r) => r.per_team).map((r) => ({ ...r, n: r.active }));
  const distributionsHidden: HiddenReason | null = isTooSmall(scopeSize, min)
    ? "small"
    : (filteredGroupHidden(
        totals.active,
        [...active.map((f) => size([f])), ...(active.length ? [scopeSize] : [])],
        min,
      ) ?? (filter.team ? filteredGroup(teams, filter, min).hidden : null));

  // A hidden group's distributions are not even read: nothing of them can leave the server. Otherwise one read
  // of the view's active people by gender and age (a few hundred rows at most), summed here.
  const distribution = distributionsHidden
    ? []
    : (
        await db.execute<{ gender: string | null; age: number | null; count: number }>(sql`
          with ${scoped}
          select u.gender, extract(year from age(${today}::date, u.birthday))::int as age, count(*)::int as count
          from scoped s join users u on u.id = s.user_id
          where ${activeInView}
          group by 1, 2`)
      ).rows;
  const ages = Object.fromEntries(ageBands.map((band) => [band, 0])) as Record<AgeBand, number>;
  const genders = { f: 0, m: 0, unknown: 0 };
  for (const row of distribution) {
    ages[ageBandOf(row.age)] += row.count;
    genders[row.gender === "f" || row.gender === "m" ? row.gender : "unknown"] += row.count;
  }

  // Who is leaving is personal data: names only for those who may read contracts, the count for all.
  let endingContracts: EndingContract[] | null = null;
  if (can(ctx, "contracts.read")) {
    const { rows } = await db.execute<{
      membership_id: string;
      name: string;
      position: string | null;
      end_date: string;
      is_temporary: boolean;
    }>(sql`
      with ${scoped}
      select c.membership_id, ${personNameSql("u")} as name, p.name as position, c.end_date::text, c.is_temporary
      from contracts c
      join scoped s on s.id = c.membership_id
      join users u on u.id = s.user_id
      left join positions p on p.id = c.position_id
      where ${ofCluster} and ${ofPosition} and ${endsSoon} and ${activeInView}
      order by c.end_date, u.last_name_sort, lower(u.first_name), c.id
      limit ${ENDING_CONTRACTS_SHOWN}`);
    endingContracts = rows.map((r) => ({
      membershipId: r.membership_id,
      name: r.name,
      position: r.position ?? "",
      endDate: r.end_date,
      isTemporary: r.is_temporary,
    }));
  }

  return {
    today,
    active: totals.active,
    withAccess: totals.with_access,
    inactive: totals.inactive,
    fte: Number(totals.fte),
    contracts: { permanent: totals.permanent, temporary: totals.temporary, none: totals.without_contract },
    endingCount: totals.ending,
    endingContracts,
    min,
    genders: distributionsHidden ? null : genders,
    ages: distributionsHidden ? null : ages,
    distributionsHidden,
    hidden: hiddenSummary([distributionsHidden]),
  };
}

export type WorkforceAnalytics = Awaited<ReturnType<typeof computeWorkforce>>;
