import { and, asc, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { knowledgeAreas, teamKnowledgeNeeds } from "#db/schema";
import { inCluster, type Tenant } from "~/utils/scope.server";
import { computeTeamCard, type AreaNeed, type MemberLevel } from "./knowledge-card";
import { getMemberLevels } from "./knowledge-setup.server";
import { listTeamMembers, type KnowledgeTeam, type TeamMember } from "./knowledge-teams.server";

/** The knowledge cards of teams (spec §1): what each team needs per area against what its members carry. */

async function needsOfTeams(ctx: Tenant, teamIds: readonly string[], db: DbOrTx) {
  if (teamIds.length === 0) return [];
  // An archived area leaves the cards; its needs and levels stay stored (docs/decisions/1320).
  return db
    .select({
      teamId: teamKnowledgeNeeds.teamId,
      areaId: teamKnowledgeNeeds.knowledgeAreaId,
      areaName: knowledgeAreas.name,
      level: teamKnowledgeNeeds.level,
      count: teamKnowledgeNeeds.neededCount,
    })
    .from(teamKnowledgeNeeds)
    .innerJoin(knowledgeAreas, sql`${knowledgeAreas.id} = ${teamKnowledgeNeeds.knowledgeAreaId}`)
    .where(
      and(
        inCluster(teamKnowledgeNeeds, ctx),
        inArray(teamKnowledgeNeeds.teamId, [...teamIds]),
        isNull(knowledgeAreas.archivedAt),
      ),
    )
    .orderBy(asc(sql`lower(${knowledgeAreas.name})`), asc(knowledgeAreas.id));
}

export type TeamKnowledgeCard = ReturnType<typeof computeTeamCard> & {
  team: KnowledgeTeam;
  members: (TeamMember & { levels: Record<string, number> })[];
};

/** The cards of these teams (already checked to be the actor's), in the order given. */
export async function getKnowledgeCards(
  ctx: Tenant,
  teams: readonly KnowledgeTeam[],
  db: DbOrTx = getDb(),
): Promise<TeamKnowledgeCard[]> {
  const teamIds = teams.map((t) => t.id);
  const [needRows, memberRows] = await Promise.all([needsOfTeams(ctx, teamIds, db), listTeamMembers(ctx, teamIds, db)]);
  const areaIds = [...new Set(needRows.map((r) => r.areaId))];
  const levels = await getMemberLevels(ctx, [...new Set(memberRows.map((m) => m.membershipId))], areaIds, db);
  return teams.map((team) => {
    const needs = new Map<string, AreaNeed>();
    for (const row of needRows.filter((r) => r.teamId === team.id)) {
      const need = needs.get(row.areaId) ?? { areaId: row.areaId, areaName: row.areaName, needed: {} };
      need.needed[row.level] = row.count;
      needs.set(row.areaId, need);
    }
    const members = memberRows
      .filter((m) => m.teamId === team.id)
      .map(({ membershipId, name }) => ({
        membershipId,
        name,
        levels: Object.fromEntries(
          [...needs.keys()].flatMap((areaId) => {
            const level = levels.get(`${membershipId}:${areaId}`);
            return level === undefined ? [] : [[areaId, level]];
          }),
        ),
      }));
    const memberLevels: MemberLevel[] = members.flatMap((m) =>
      Object.entries(m.levels).map(([areaId, level]) => ({
        membershipId: m.membershipId,
        name: m.name,
        areaId,
        level,
      })),
    );
    return { team, members, ...computeTeamCard([...needs.values()], memberLevels) };
  });
}
