import { sql } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import { DEFAULT_FTE } from "~/features/teams/teams.server";
import { can, type TenantContext } from "~/utils/tenant.server";
import { ageBandOf, ageBands, CONTRACT_HORIZON_DAYS, ENDING_CONTRACTS_SHOWN, type AgeBand } from "./analytics";
import { personNameSql } from "~/utils/person-name.server";

/**
 * The workforce tab of HR analytics (docs/decisions/1409): the cluster's people as they are today, counted in
 * SQL. Active means an active, not removed membership; FTE counts each active person's current contracts,
 * or the default 0.8 for someone without one (spec §9), as the teams page does.
 */

type Totals = {
  active: number;
  with_access: number;
  inactive: number;
  fte: string;
  permanent: number;
  temporary: number;
  without_contract: number;
  ending: number;
};

export type EndingContract = {
  membershipId: string;
  name: string;
  position: string;
  endDate: string;
  isTemporary: boolean;
};

export async function workforceAnalytics(ctx: TenantContext, today: string) {
  const db = getReadDb();
  const horizon = sql`(${today}::date + ${CONTRACT_HORIZON_DAYS}::int)`;
  const active = sql`select m.id, u.gender, u.birthday from memberships m join users u on u.id = m.user_id
    where m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null
      and m.status = 'active'`;
  const current = sql`select c.membership_id, sum(c.fte) as fte, bool_or(not c.is_temporary) as permanent
    from contracts c
    where c.account_id = ${ctx.accountId} and c.cluster_id = ${ctx.clusterId} and c.is_active
      and c.start_date <= ${today}::date and c.end_date >= ${today}::date
    group by c.membership_id`;
  // One statement for the numbers, then the two distributions; each reads only this cluster's rows.
  const {
    rows: [totals],
  } = await db.execute<Totals>(sql`
    with active as (${active}), current as (${current})
    select
      (select count(*)::int from active) as active,
      (select count(*)::int from memberships m where m.account_id = ${ctx.accountId}
         and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null and m.status = 'active' and m.access) as with_access,
      (select count(*)::int from memberships m where m.account_id = ${ctx.accountId}
         and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null and m.status <> 'active') as inactive,
      (select coalesce(sum(coalesce(c.fte, ${DEFAULT_FTE})), 0)::text
         from active a left join current c on c.membership_id = a.id) as fte,
      (select count(*)::int from active a join current c on c.membership_id = a.id where c.permanent) as permanent,
      (select count(*)::int from active a join current c on c.membership_id = a.id where not c.permanent) as temporary,
      (select count(*)::int from active a where not exists (select 1 from current c where c.membership_id = a.id))
         as without_contract,
      (select count(*)::int from contracts c join active a on a.id = c.membership_id
        where c.account_id = ${ctx.accountId} and c.cluster_id = ${ctx.clusterId} and c.is_active
          and c.end_date >= ${today}::date and c.end_date <= ${horizon}) as ending`);

  const { rows: genderRows } = await db.execute<{ gender: string | null; count: number }>(sql`
    with active as (${active}) select gender, count(*)::int as count from active group by gender`);
  const { rows: ageRows } = await db.execute<{ age: number | null; count: number }>(sql`
    with active as (${active})
    select extract(year from age(${today}::date, birthday))::int as age, count(*)::int as count
    from active group by 1`);

  const ages = Object.fromEntries(ageBands.map((band) => [band, 0])) as Record<AgeBand, number>;
  for (const row of ageRows) ages[ageBandOf(row.age)] += row.count;
  const genders = { f: 0, m: 0, unknown: 0 };
  for (const row of genderRows) genders[row.gender === "f" || row.gender === "m" ? row.gender : "unknown"] += row.count;

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
      with active as (${active})
      select c.membership_id, ${personNameSql("u")} as name, p.name as position, c.end_date::text, c.is_temporary
      from contracts c
      join active a on a.id = c.membership_id
      join memberships m on m.id = c.membership_id
      join users u on u.id = m.user_id
      left join positions p on p.id = c.position_id
      where c.account_id = ${ctx.accountId} and c.cluster_id = ${ctx.clusterId} and c.is_active
        and c.end_date >= ${today}::date and c.end_date <= ${horizon}
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
    genders,
    ages,
  };
}

export type WorkforceAnalytics = Awaited<ReturnType<typeof workforceAnalytics>>;
