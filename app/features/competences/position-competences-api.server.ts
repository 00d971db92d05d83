import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { competences, positionCompetences, positions } from "#db/schema";
import { inCluster, requireIdsInScope, type Tenant } from "~/utils/scope.server";
import { requireCompetenceTagIds } from "./competence-tags.server";
import { clearRequiredLevel, getPositionRequirements, setRequiredLevel } from "./matrix.server";

/** What a position requires (own and inherited levels), only the competences it requires; 404 elsewhere. */
export async function requiredCompetencesOf(ctx: Tenant, positionId: string) {
  const { position, lines } = await getPositionRequirements(ctx, positionId, {});
  return {
    position,
    competences: lines
      .filter((line) => line.cell.level !== null)
      .map((line) => ({
        id: line.id,
        name: line.name,
        type: line.type,
        requiredLevel: line.cell.level,
        own: line.cell.own !== null,
        inheritedFrom: line.cell.inheritedFrom,
      })),
  };
}

/**
 * Syncs positions' own requirements from competence tags (decision 1303): afterwards each position requires
 * exactly the active competences that carry any of the tags — a missing one at `level`, an existing own
 * level unchanged — and its own levels of other competences are removed (inherited levels are the parent's
 * and stay). One transaction; a position or tag outside the cluster (or not a competence tag) is a 404.
 */
export async function syncPositionsFromTags(
  ctx: Tenant,
  input: { positionIds: string[]; tagIds: string[]; level: number },
) {
  return getDb().transaction(async (tx) => {
    const positionIds = await requireIdsInScope(tx, positions, input.positionIds, ctx);
    const tagIds = await requireCompetenceTagIds(tx, ctx, input.tagIds);
    const tagged = await tx
      .selectDistinct({ id: competences.id })
      .from(competences)
      .where(
        and(
          inCluster(competences, ctx),
          isNull(competences.archivedAt),
          sql`exists (select 1 from competence_tags ct where ct.competence_id = ${sql.raw('"competences"."id"')}
            and ct.tag_id in (${sql.join(
              tagIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}))`,
        ),
      );
    const wanted = new Set(tagged.map((c) => c.id));
    const own = await tx
      .select({ positionId: positionCompetences.positionId, competenceId: positionCompetences.competenceId })
      .from(positionCompetences)
      .innerJoin(competences, eq(competences.id, positionCompetences.competenceId))
      .where(
        and(
          inCluster(positionCompetences, ctx),
          inArray(positionCompetences.positionId, positionIds),
          // An archived competence's level is left as it is (it is out of the matrix anyway).
          isNull(competences.archivedAt),
        ),
      );
    const results = [];
    for (const positionId of positionIds) {
      const has = new Set(own.filter((o) => o.positionId === positionId).map((o) => o.competenceId));
      const add = [...wanted].filter((id) => !has.has(id));
      const remove = [...has].filter((id) => !wanted.has(id));
      if (add.length > 0) {
        await tx.insert(positionCompetences).values(
          add.map((competenceId) => ({
            accountId: ctx.accountId,
            clusterId: ctx.clusterId,
            positionId,
            competenceId,
            requiredLevel: input.level,
          })),
        );
      }
      if (remove.length > 0) {
        await tx
          .delete(positionCompetences)
          .where(
            and(
              inCluster(positionCompetences, ctx),
              eq(positionCompetences.positionId, positionId),
              inArray(positionCompetences.competenceId, remove),
            ),
          );
      }
      results.push({ positionId, added: add.length, kept: has.size - remove.length, removed: remove.length });
    }
    return results;
  });
}

/** Sets or clears own required levels, all or nothing (one transaction); a foreign id is a 404. */
export async function assignPositionCompetences(
  ctx: Tenant,
  assignments: { positionId: string; competenceId: string; level: number | null }[],
) {
  await getDb().transaction(async (tx) => {
    for (const a of assignments) {
      if (a.level === null) await clearRequiredLevel(ctx, a, tx);
      else await setRequiredLevel(ctx, { positionId: a.positionId, competenceId: a.competenceId, level: a.level }, tx);
    }
  });
  return { saved: assignments.length };
}
