import { sql } from "drizzle-orm";
import { getDb, queryPrepared } from "#db/client.server";
import type { TenantContext } from "~/utils/tenant.server";

export type MyTeam = { id: string; name: string; isLeader: boolean; memberCount: number };

// Every dashboard view runs it, so it is a named prepared statement: parsed and planned once a connection.
const myTeamsQuery = `
  select t.id, t.name,
         bool_or(ra.role_key = 'team_admin') as is_leader,
         (select count(*)::int from role_assignments m
           where m.team_id = t.id and m.role_key = 'team_member') as member_count
  from role_assignments ra
  join teams t on t.id = ra.team_id and t.deleted_at is null
  where ra.membership_id = $1
    and ra.cluster_id = $2 and ra.account_id = $3
    and ra.role_key in ('team_member', 'team_admin')
  group by t.id, t.name
  order by t.name
`;

/** Teams of the current cluster where the user is a member or the leader, with their size. */
export async function listMyTeams(ctx: TenantContext): Promise<MyTeam[]> {
  if (!ctx.membershipId) return [];
  const rows = await queryPrepared<{ id: string; name: string; is_leader: boolean; member_count: number }>(
    "dashboard_my_teams",
    myTeamsQuery,
    [ctx.membershipId, ctx.clusterId, ctx.accountId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, isLeader: r.is_leader, memberCount: r.member_count }));
}

export type OpenTeamReview = { id: string; name: string; deadline: string | null; mayEvaluate: boolean };

/**
 * Each team's open team review (not finished, not deleted; the newest when there are several), for the
 * dashboard's teams block. `mayEvaluate`: I am one of its reviewers, so the evaluation page is mine to open.
 */
export async function openTeamReviews(
  ctx: TenantContext,
  teamIds: readonly string[],
): Promise<Record<string, OpenTeamReview>> {
  if (teamIds.length === 0) return {};
  const result = await getDb().execute<{
    team_id: string;
    id: string;
    name: string;
    deadline: string | null;
    may_evaluate: boolean;
  }>(sql`
    select distinct on (r.team_id) r.team_id, r.id, coalesce(round.name, r.name) as name,
           coalesce(r.deadline, round.deadline)::text as deadline,
           exists (select 1 from review_reviewers rr where rr.review_id = r.id
             and rr.membership_id = ${ctx.membershipId}) as may_evaluate
    from reviews r
    left join reviews round on round.id = r.parent_id
    where r.type = 'team' and not r.is_finished and r.deleted_at is null
      and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}
      and r.team_id in (${sql.join(
        teamIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    order by r.team_id, r.created_at desc`);
  return Object.fromEntries(
    result.rows.map((r) => [
      r.team_id,
      { id: r.id, name: r.name, deadline: r.deadline, mayEvaluate: r.may_evaluate && Boolean(ctx.membershipId) },
    ]),
  );
}
