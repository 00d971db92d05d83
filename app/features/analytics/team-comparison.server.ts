import { sql } from "drizzle-orm";
import { getReadDb } from "#db/client.server";
import { DEFAULT_FTE } from "~/features/teams/teams.server";
import { isUuid } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { overSelectionLimit, teamComparisonLimit } from "~/utils/selection-limit";

/**
 * Team comparison (spec §2 analytics/teams/team-comparison, §6; docs/decisions/1409): chosen teams of the
 * cluster side by side — members, FTE, and their latest finished team review: averages per dimension (as a
 * share of that review's scale) and the spread over the development roles (the precomputed
 * review_team_stats row). Team ids come from a GET form anyone can edit: ids of another cluster or account,
 * or no id at all, are left out, never an error.
 */

export type ComparedTeam = {
  id: string;
  name: string;
  members: number;
  fte: number;
  review: {
    id: string;
    name: string;
    finishedAt: string | null;
    subjects: number;
    roleCounts: Record<string, number>;
    averages: { performance: number | null; potential: number | null; employability: number | null };
  } | null;
};

/**
 * The chosen ids as the form sent them (distinct, well-formed) and whether they are more than may be compared
 * at once: then nothing is compared and the page says the spec's selection limit (§5), the choice kept.
 */
export function chosenTeamIds(values: readonly string[]): { ids: string[]; tooMany: boolean } {
  const ids = [...new Set(values.filter(isUuid))];
  return { ids, tooMany: overSelectionLimit(ids.length, teamComparisonLimit) };
}

export async function compareTeams(ctx: TenantContext, teamIds: readonly string[]): Promise<ComparedTeam[]> {
  if (teamIds.length === 0) return [];
  const ids = `{${teamIds.join(",")}}`;
  const { rows } = await getReadDb().execute<{
    id: string;
    name: string;
    members: number;
    fte: string;
    review_id: string | null;
    review_name: string | null;
    finished_at: string | null;
    subjects: number | null;
    role_counts: Record<string, number> | null;
    performance: number | null;
    potential: number | null;
    employability: number | null;
  }>(sql`
    with chosen as (
      select t.id, t.name from teams t
      where t.id = any(${ids}::uuid[]) and t.account_id = ${ctx.accountId} and t.cluster_id = ${ctx.clusterId}
        and t.deleted_at is null
    ), members as (
      select ra.team_id, ra.membership_id from role_assignments ra
      join memberships m on m.id = ra.membership_id and m.deleted_at is null and m.status = 'active'
      where ra.team_id in (select id from chosen) and ra.role_key = 'team_member'
    ), latest as (
      select distinct on (r.team_id) r.team_id, r.id, coalesce(p.name, r.name) as name, r.finished_at, r.scale
      from reviews r left join reviews p on p.id = r.parent_id
      where r.team_id in (select id from chosen) and r.account_id = ${ctx.accountId}
        and r.cluster_id = ${ctx.clusterId} and r.type = 'team' and r.is_finished and r.deleted_at is null
      order by r.team_id, r.finished_at desc nulls last, r.created_at desc, r.id
    )
    select c.id, c.name,
      (select count(*)::int from members mb where mb.team_id = c.id) as members,
      (select coalesce(sum(coalesce((
         select sum(k.fte) from contracts k where k.membership_id = mb.membership_id and k.is_active
           and k.start_date <= current_date and k.end_date >= current_date), ${DEFAULT_FTE})), 0)::text
         from members mb where mb.team_id = c.id) as fte,
      l.id as review_id, l.name as review_name, to_json(l.finished_at) #>> '{}' as finished_at, st.subjects, st.role_counts,
      (select avg((s.performance - 1) / greatest(l.scale - 1, 1) * 100) from review_subjects s
        where s.review_id = l.id and s.performance > 0) as performance,
      (select avg((s.potential - 1) / greatest(l.scale - 1, 1) * 100) from review_subjects s
        where s.review_id = l.id and s.potential > 0) as potential,
      (select avg((s.employability - 1) / greatest(l.scale - 1, 1) * 100) from review_subjects s
        where s.review_id = l.id and s.employability > 0) as employability
    from chosen c
    left join latest l on l.team_id = c.id
    left join review_team_stats st on st.review_id = l.id
    order by lower(c.name), c.id`);
  const num = (value: number | null) => (value === null ? null : Number(value));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    members: r.members,
    fte: Number(r.fte),
    review: r.review_id
      ? {
          id: r.review_id,
          name: r.review_name ?? "",
          finishedAt: r.finished_at,
          subjects: r.subjects ?? 0,
          roleCounts: r.role_counts ?? {},
          averages: {
            performance: num(r.performance),
            potential: num(r.potential),
            employability: num(r.employability),
          },
        }
      : null,
  }));
}
