import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { knowledgeAreas, memberKnowledgeLevels, teamKnowledgeNeeds } from "#db/schema";
import { isUniqueViolation, type Result } from "~/utils/results.server";
import { inCluster, notFound, requireIdsInScope, type Tenant } from "~/utils/scope.server";
import type { ChooseAreasInput, MemberLevelInput } from "./knowledge-areas.schema";
import { listTeamMembers } from "./knowledge-teams.server";
import { neededLevels } from "./knowledge-scale";

/**
 * Writes of the knowledge card setup (spec §2, 3 steps; docs/decisions/1081). The team has been checked by
 * the caller (requireKnowledgeTeam); every id from the request is checked against the cluster here. Each
 * step is one transaction.
 */

/** Who writes: the tenant and the signed-in user (null for the demo seed). */
export type KnowledgeWriter = Tenant & { userId: string | null };

export type KnowledgeAreaOption = { id: string; name: string; description: string };

/** The cluster's knowledge areas in use (not archived), by name. */
export async function listKnowledgeAreas(ctx: Tenant, db: DbOrTx = getDb()): Promise<KnowledgeAreaOption[]> {
  return db
    .select({ id: knowledgeAreas.id, name: knowledgeAreas.name, description: knowledgeAreas.description })
    .from(knowledgeAreas)
    .where(and(inCluster(knowledgeAreas, ctx), isNull(knowledgeAreas.archivedAt)))
    .orderBy(asc(sql`lower(${knowledgeAreas.name})`), asc(knowledgeAreas.id));
}

/**
 * What a team needs per area: area id → level → number of people (areas on the team's card only; an archived
 * area is not on it, docs/decisions/1320).
 */
export async function getTeamNeeds(
  ctx: Tenant,
  teamId: string,
  db: DbOrTx = getDb(),
): Promise<Map<string, Record<number, number>>> {
  const rows = await db
    .select({
      areaId: teamKnowledgeNeeds.knowledgeAreaId,
      level: teamKnowledgeNeeds.level,
      count: teamKnowledgeNeeds.neededCount,
    })
    .from(teamKnowledgeNeeds)
    .innerJoin(knowledgeAreas, eq(knowledgeAreas.id, teamKnowledgeNeeds.knowledgeAreaId))
    .where(
      and(inCluster(teamKnowledgeNeeds, ctx), eq(teamKnowledgeNeeds.teamId, teamId), isNull(knowledgeAreas.archivedAt)),
    );
  const needs = new Map<string, Record<number, number>>();
  for (const row of rows) needs.set(row.areaId, { ...needs.get(row.areaId), [row.level]: row.count });
  return needs;
}

/** Step 2: the areas on the team's card and the people needed per level; a new area by name. */
export async function saveTeamNeeds(
  writer: KnowledgeWriter,
  teamId: string,
  input: ChooseAreasInput,
  db: DbOrTx = getDb(),
): Promise<Result> {
  try {
    await db.transaction(async (tx) => {
      const chosen = input.areas.filter((a) => a.selected);
      await requireIdsInScope(
        tx,
        knowledgeAreas,
        chosen.map((a) => a.id),
        writer,
        isNull(knowledgeAreas.archivedAt),
      );
      const rows = chosen.map((a) => ({ areaId: a.id, needed: [a.needed1, a.needed2, a.needed3] }));
      if (input.newName) {
        const [created] = await tx
          .insert(knowledgeAreas)
          .values({ ...tenantOf(writer), name: input.newName, description: input.newDescription })
          .returning({ id: knowledgeAreas.id });
        rows.push({ areaId: created.id, needed: [input.newNeeded1, input.newNeeded2, input.newNeeded3] });
      }
      // The needs of archived areas are not on the form and stay for when the area comes back (1320).
      await tx
        .delete(teamKnowledgeNeeds)
        .where(
          and(
            inCluster(teamKnowledgeNeeds, writer),
            eq(teamKnowledgeNeeds.teamId, teamId),
            sql`${teamKnowledgeNeeds.knowledgeAreaId} in (select id from knowledge_areas where archived_at is null)`,
          ),
        );
      await tx.insert(teamKnowledgeNeeds).values(
        rows.flatMap(({ areaId, needed }) =>
          neededLevels.map((level, i) => ({
            ...tenantOf(writer),
            teamId,
            knowledgeAreaId: areaId,
            level,
            neededCount: needed[i],
          })),
        ),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { ok: false, field: "newName", errorKey: "validation:alreadyExists" };
    throw error;
  }
  return { ok: true };
}

function tenantOf(writer: KnowledgeWriter) {
  return { accountId: writer.accountId, clusterId: writer.clusterId };
}

/** Current levels of these people in these areas: `${membershipId}:${areaId}` → level. */
export async function getMemberLevels(
  ctx: Tenant,
  membershipIds: readonly string[],
  areaIds: readonly string[],
  db: DbOrTx = getDb(),
): Promise<Map<string, number>> {
  if (membershipIds.length === 0 || areaIds.length === 0) return new Map();
  const rows = await db
    .select({
      membershipId: memberKnowledgeLevels.membershipId,
      areaId: memberKnowledgeLevels.knowledgeAreaId,
      level: memberKnowledgeLevels.level,
    })
    .from(memberKnowledgeLevels)
    .where(
      and(
        inCluster(memberKnowledgeLevels, ctx),
        inArray(memberKnowledgeLevels.membershipId, [...membershipIds]),
        inArray(memberKnowledgeLevels.knowledgeAreaId, [...areaIds]),
      ),
    );
  return new Map(rows.map((r) => [`${r.membershipId}:${r.areaId}`, r.level]));
}

/**
 * Step 3: each member's level per area of the team's card, in one transaction. A person or area that is not
 * a member or an area of this team's card is a 404 (a crafted request), never a write elsewhere.
 */
export async function saveMemberLevels(
  writer: KnowledgeWriter,
  teamId: string,
  levels: readonly MemberLevelInput[],
  db: DbOrTx = getDb(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const members = new Set((await listTeamMembers(writer, [teamId], tx)).map((m) => m.membershipId));
    const areas = new Set((await getTeamNeeds(writer, teamId, tx)).keys());
    if (!levels.every((l) => members.has(l.membershipId) && areas.has(l.areaId))) notFound();
    for (const l of levels) {
      await tx
        .insert(memberKnowledgeLevels)
        .values({
          ...tenantOf(writer),
          membershipId: l.membershipId,
          knowledgeAreaId: l.areaId,
          level: l.level,
          givenBy: writer.userId,
        })
        .onConflictDoUpdate({
          target: [memberKnowledgeLevels.membershipId, memberKnowledgeLevels.knowledgeAreaId],
          set: { level: l.level, givenBy: writer.userId, updatedAt: sql`now()` },
          setWhere: sql`${memberKnowledgeLevels.level} is distinct from ${l.level}`,
        });
    }
  });
}
