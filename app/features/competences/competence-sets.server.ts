import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { competenceSetItems, competenceSets, competences, positionCompetences, positions } from "#db/schema";
import { isUniqueViolation, type Result } from "~/utils/results.server";
import { inCluster, isUuid, notFound, requireIdsInScope, type Tenant } from "~/utils/scope.server";
import type { CompetenceSetInput } from "./competences.schema";
import { nameTaken as nameTakenIn } from "~/utils/unique-name.server";

/**
 * Competence sets (docs/decisions/1412): named groups of competences with the level a position taking the
 * set requires. Applying one writes those levels into the matrix; the set stays a template.
 */

const setIdRef = sql.raw('"competence_sets"."id"');

export async function listCompetenceSets(ctx: Tenant, { archived }: { archived: boolean }, db: DbOrTx = getDb()) {
  return db
    .select({
      id: competenceSets.id,
      name: competenceSets.name,
      description: competenceSets.description,
      competences: sql<
        string[]
      >`array(select c.name from competence_set_items i join competences c on c.id = i.competence_id
        where i.set_id = ${setIdRef} and c.archived_at is null order by lower(c.name))`,
    })
    .from(competenceSets)
    .where(
      and(
        inCluster(competenceSets, ctx),
        archived ? isNotNull(competenceSets.archivedAt) : isNull(competenceSets.archivedAt),
      ),
    )
    .orderBy(asc(sql`lower(${competenceSets.name})`), asc(competenceSets.id));
}

/** One set of my cluster with its items, or 404. */
export async function getCompetenceSet(ctx: Tenant, id: string, db: DbOrTx = getDb()) {
  if (!isUuid(id)) notFound();
  const [set] = await db
    .select({
      id: competenceSets.id,
      name: competenceSets.name,
      description: competenceSets.description,
      archived: sql<boolean>`${competenceSets.archivedAt} is not null`,
    })
    .from(competenceSets)
    .where(and(eq(competenceSets.id, id), inCluster(competenceSets, ctx)));
  if (!set) notFound();
  const items = await db
    .select({ competenceId: competenceSetItems.competenceId, level: competenceSetItems.level })
    .from(competenceSetItems)
    .where(eq(competenceSetItems.setId, id));
  return { ...set, items };
}

const nameTaken = { ok: false, field: "name", errorKey: "validation:alreadyExists" } as const;

function nameInUse(db: DbOrTx, ctx: Tenant, name: string, exceptId: string | null) {
  return nameTakenIn(db, competenceSets, inCluster(competenceSets, ctx), name, exceptId ?? undefined);
}

/**
 * Creates (id null) or changes a set: name, description and exactly these items. A competence of another
 * cluster is a 404 and nothing is written; a name in use (any case) an error next to the name.
 */
export async function saveCompetenceSet(
  ctx: Tenant,
  id: string | null,
  input: CompetenceSetInput,
): Promise<Result<{ id: string }>> {
  try {
    return await getDb().transaction(async (tx) => {
      if (id) await getCompetenceSet(ctx, id, tx);
      await requireIdsInScope(
        tx,
        competences,
        input.levels.map((i) => i.competenceId),
        ctx,
      );
      if (await nameInUse(tx, ctx, input.name, id)) return nameTaken;
      const values = { name: input.name, description: input.description, updatedAt: new Date() };
      let setId = id;
      if (setId) {
        await tx.update(competenceSets).set(values).where(eq(competenceSets.id, setId));
        await tx.delete(competenceSetItems).where(eq(competenceSetItems.setId, setId));
      } else {
        const [row] = await tx
          .insert(competenceSets)
          .values({ ...values, accountId: ctx.accountId, clusterId: ctx.clusterId })
          .returning({ id: competenceSets.id });
        setId = row.id;
      }
      await tx.insert(competenceSetItems).values(
        input.levels.map((item) => ({
          accountId: ctx.accountId,
          clusterId: ctx.clusterId,
          setId: setId!,
          competenceId: item.competenceId,
          level: item.level,
        })),
      );
      return { ok: true, id: setId };
    });
  } catch (error) {
    // Two saves with one new name at the same moment: the unique index decides, the loser hears it.
    if (isUniqueViolation(error)) return nameTaken;
    throw error;
  }
}

export async function setCompetenceSetArchived(ctx: Tenant, id: string, archived: boolean) {
  await getCompetenceSet(ctx, id);
  await getDb()
    .update(competenceSets)
    .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
    .where(and(eq(competenceSets.id, id), inCluster(competenceSets, ctx)));
}

export type ApplyOutcome = { positions: number; added: number; changed: number; kept: number };

/**
 * Applies a set to positions, in one transaction: each active competence of the set that a position does
 * not require itself yet is added at the set's level; one it already requires keeps its level, unless
 * `overwrite`, then it takes the set's. Nothing is removed, inherited levels are not touched. A position
 * of another cluster is a 404 and nothing is written.
 */
export async function applyCompetenceSet(
  ctx: Tenant,
  id: string,
  input: { positionIds: string[]; overwrite: boolean },
): Promise<ApplyOutcome> {
  return getDb().transaction(async (tx) => {
    await getCompetenceSet(ctx, id, tx);
    const positionIds = await requireIdsInScope(tx, positions, input.positionIds, ctx);
    const items = await tx
      .select({ competenceId: competenceSetItems.competenceId, level: competenceSetItems.level })
      .from(competenceSetItems)
      .innerJoin(competences, eq(competences.id, competenceSetItems.competenceId))
      .where(and(eq(competenceSetItems.setId, id), isNull(competences.archivedAt)));
    const outcome: ApplyOutcome = { positions: positionIds.length, added: 0, changed: 0, kept: 0 };
    if (items.length === 0) return outcome;
    const existing = await tx
      .select({
        positionId: positionCompetences.positionId,
        competenceId: positionCompetences.competenceId,
        level: positionCompetences.requiredLevel,
      })
      .from(positionCompetences)
      .where(
        and(
          inArray(positionCompetences.positionId, positionIds),
          inArray(
            positionCompetences.competenceId,
            items.map((i) => i.competenceId),
          ),
        ),
      );
    const current = new Map(existing.map((e) => [`${e.positionId}:${e.competenceId}`, e.level]));
    const writes: (typeof positionCompetences.$inferInsert)[] = [];
    for (const positionId of positionIds) {
      for (const item of items) {
        const level = current.get(`${positionId}:${item.competenceId}`);
        if (level === undefined) outcome.added += 1;
        else if (!input.overwrite || level === item.level) {
          outcome.kept += 1;
          continue;
        } else outcome.changed += 1;
        writes.push({
          accountId: ctx.accountId,
          clusterId: ctx.clusterId,
          positionId,
          competenceId: item.competenceId,
          requiredLevel: item.level,
        });
      }
    }
    if (writes.length > 0) {
      await tx
        .insert(positionCompetences)
        .values(writes)
        .onConflictDoUpdate({
          target: [positionCompetences.positionId, positionCompetences.competenceId],
          set: { requiredLevel: sql`excluded.required_level`, updatedAt: new Date() },
        });
    }
    return outcome;
  });
}

/** The competences a set can hold: the book's active ones, and archived ones already in this set. */
export async function setChoices(ctx: Tenant, setId: string | null) {
  const inThisSet = setId
    ? sql`exists (select 1 from competence_set_items i where i.set_id = ${setId} and i.competence_id = ${sql.raw('"competences"."id"')})`
    : sql`false`;
  return getDb()
    .select({ id: competences.id, name: competences.name, type: competences.type })
    .from(competences)
    .where(and(inCluster(competences, ctx), sql`(${competences.archivedAt} is null or ${inThisSet})`))
    .orderBy(asc(sql`lower(${competences.name})`));
}
