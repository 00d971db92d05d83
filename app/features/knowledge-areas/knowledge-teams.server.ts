import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { teams } from "#db/schema";
import { inCluster, isUuid, notFound, type Tenant } from "~/utils/scope.server";
import { inTeamScope, teamScope, type TeamScope, type TeamScopeActor } from "~/utils/team-scope.server";
import { personName } from "~/utils/person-name";

/**
 * Which teams' knowledge cards a person manages (docs/decisions/1082, 1420): knowledgeArea.manage through a
 * cluster-level role (or an account admin) every live team of the cluster, a team leader the teams he leads.
 * knowledgeArea.manage and the module are the routes' guard; this is "may this actor do it to this team".
 */
export type KnowledgeActor = Tenant & TeamScopeActor;

export const knowledgeScope = (ctx: KnowledgeActor): TeamScope => teamScope(ctx, "knowledgeArea.manage");

/** The condition on `teams` for the live teams of the cluster this person manages the cards of. */
export function knowledgeTeamsWhere(ctx: KnowledgeActor): SQL {
  return and(inCluster(teams, ctx), isNull(teams.deletedAt), inTeamScope(knowledgeScope(ctx), teams.id))!;
}

export type KnowledgeTeam = { id: string; name: string };

export async function listKnowledgeTeams(ctx: KnowledgeActor, db: DbOrTx = getDb()): Promise<KnowledgeTeam[]> {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(knowledgeTeamsWhere(ctx))
    .orderBy(asc(sql`lower(${teams.name})`), asc(teams.id));
}

/** The team, when this person manages its card; 404 otherwise (another cluster's or account's team too). */
export async function requireKnowledgeTeam(
  ctx: KnowledgeActor,
  teamId: string,
  db: DbOrTx = getDb(),
): Promise<KnowledgeTeam> {
  if (!isUuid(teamId)) notFound();
  const [team] = await db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.id, teamId), knowledgeTeamsWhere(ctx)));
  if (!team) notFound();
  return team;
}

export type TeamMember = { membershipId: string; name: string };

/** The members (team_member) of teams, by name; leaders count only when they are also members. */
export async function listTeamMembers(
  ctx: Tenant,
  teamIds: readonly string[],
  db: DbOrTx = getDb(),
): Promise<(TeamMember & { teamId: string })[]> {
  if (teamIds.length === 0) return [];
  const result = await db.execute<{
    team_id: string;
    membership_id: string;
    first_name: string;
    last_name: string;
    email: string;
  }>(sql`
    select ra.team_id, ra.membership_id, u.first_name, u.last_name, u.email
    from role_assignments ra
    join memberships m on m.id = ra.membership_id and m.deleted_at is null
    join users u on u.id = m.user_id
    where ra.account_id = ${ctx.accountId} and ra.cluster_id = ${ctx.clusterId}
      and ra.role_key = 'team_member'
      and ra.team_id in (${sql.join(
        teamIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    order by u.last_name_sort, lower(u.first_name), ra.membership_id`);
  return result.rows.map((r) => ({
    teamId: r.team_id,
    membershipId: r.membership_id,
    name: personName(r.first_name, r.last_name, r.email),
  }));
}
