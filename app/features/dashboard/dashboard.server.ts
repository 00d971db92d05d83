import { queryPrepared } from "#db/client.server";
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
