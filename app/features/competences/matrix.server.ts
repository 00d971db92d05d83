import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { competences, positionCompetences, positions } from "#db/schema";
import type { CompetenceType } from "#db/schema/enums";
import { writeOrRefuse } from "~/utils/action-failed.server";
import { inCluster, isUuid, notFound, type Tenant } from "~/utils/scope.server";
import { matrixCellSchema } from "./competences.schema";
import { hasTag } from "./competences.server";
import { effectiveRequirements } from "./levels";

/** Every position of the cluster with its parent (for inheritance), by name. */
export async function positionTree(ctx: Tenant, db: DbOrTx = getDb()) {
  return db
    .select({ id: positions.id, name: positions.name, parentId: positions.parentId })
    .from(positions)
    .where(inCluster(positions, ctx))
    .orderBy(asc(sql`lower(${positions.name})`), asc(positions.id));
}

/** The positions' own required levels (the matrix's stored cells). */
export async function ownRequirements(ctx: Tenant, db: DbOrTx = getDb()) {
  return db
    .select({
      positionId: positionCompetences.positionId,
      competenceId: positionCompetences.competenceId,
      requiredLevel: positionCompetences.requiredLevel,
    })
    .from(positionCompetences)
    .where(inCluster(positionCompetences, ctx));
}

/** What each position requires, its own levels and the inherited ones (docs/decisions/1060). */
export async function requirementsOfCluster(ctx: Tenant, db: DbOrTx = getDb()) {
  const [tree, own] = await Promise.all([positionTree(ctx, db), ownRequirements(ctx, db)]);
  return { tree, requirements: effectiveRequirements(tree, own) };
}

/**
 * The matrix: positions × active competences (of one type and with one tag, when filtered). Each cell has the required
 * level and the position it comes from (the position itself, or the ancestor it inherits from).
 */
export async function getMatrix(ctx: Tenant, filter: { type?: CompetenceType; tagId?: string }) {
  const db = getDb();
  const [{ tree, requirements }, columns] = await Promise.all([
    requirementsOfCluster(ctx, db),
    db
      .select({ id: competences.id, name: competences.name, type: competences.type })
      .from(competences)
      .where(
        and(
          inCluster(competences, ctx),
          isNull(competences.archivedAt),
          filter.type ? eq(competences.type, filter.type) : undefined,
          filter.tagId ? hasTag(filter.tagId) : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${competences.name})`)),
  ]);
  const nameOf = new Map(tree.map((p) => [p.id, p.name]));
  const rows = tree.map((p) => {
    const req = requirements.get(p.id)!;
    return {
      id: p.id,
      name: p.name,
      parentName: p.parentId ? (nameOf.get(p.parentId) ?? null) : null,
      cells: columns.map((c) => {
        const r = req.get(c.id);
        return {
          competenceId: c.id,
          level: r?.level ?? null,
          own: r && r.fromPositionId === p.id ? r.level : null,
          inheritedFrom: r && r.fromPositionId !== p.id ? (nameOf.get(r.fromPositionId) ?? null) : null,
        };
      }),
    };
  });
  return { columns, rows };
}

async function requireCell(db: DbOrTx, ctx: Tenant, positionId: string, competenceId: string) {
  if (!isUuid(positionId) || !isUuid(competenceId)) notFound();
  const [position] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(inCluster(positions, ctx), eq(positions.id, positionId)));
  const [competence] = await db
    .select({ id: competences.id })
    .from(competences)
    .where(and(inCluster(competences, ctx), eq(competences.id, competenceId)));
  if (!position || !competence) notFound();
}

/** Sets a position's own required level of a competence (a foreign position or competence: 404). */
export async function setRequiredLevel(
  ctx: Tenant,
  input: { positionId: string; competenceId: string; level: number },
  db: DbOrTx = getDb(),
) {
  await requireCell(db, ctx, input.positionId, input.competenceId);
  await db
    .insert(positionCompetences)
    .values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      positionId: input.positionId,
      competenceId: input.competenceId,
      requiredLevel: input.level,
    })
    .onConflictDoUpdate({
      target: [positionCompetences.positionId, positionCompetences.competenceId],
      set: { requiredLevel: input.level, updatedAt: new Date() },
    });
}

/** Removes a position's own level; an inherited level (from a parent position) then applies again. */
export async function clearRequiredLevel(
  ctx: Tenant,
  input: { positionId: string; competenceId: string },
  db: DbOrTx = getDb(),
) {
  await requireCell(db, ctx, input.positionId, input.competenceId);
  await db
    .delete(positionCompetences)
    .where(
      and(
        inCluster(positionCompetences, ctx),
        eq(positionCompetences.positionId, input.positionId),
        eq(positionCompetences.competenceId, input.competenceId),
      ),
    );
}

/**
 * A matrix cell's form (the matrix and a position's page): sets or clears the level, or says which cell
 * failed with the level typed, for the message next to it. Foreign ids are a 404.
 */
export async function saveMatrixCell(ctx: Tenant, formData: FormData) {
  const form = Object.fromEntries(formData);
  const parsed = matrixCellSchema.safeParse(form);
  if (!parsed.success) {
    const cell = { positionId: String(form.positionId ?? ""), competenceId: String(form.competenceId ?? "") };
    const failed = { cell, level: String(form.level ?? ""), errorKey: "competences:levels.outside" };
    return { ok: false as const, failed };
  }
  const { positionId, competenceId, level } = parsed.data;
  // A write that fails past its checks comes back as the cell's refusal, with the level chosen (decision 1840).
  const written = await writeOrRefuse("save", "competence", async () => {
    if (level === undefined) await clearRequiredLevel(ctx, { positionId, competenceId });
    else await setRequiredLevel(ctx, { positionId, competenceId, level });
    return { ok: true as const };
  });
  if (!written.ok) {
    const failed = { cell: { positionId, competenceId }, level: String(form.level ?? ""), errorKey: written.errorKey };
    return { ok: false as const, failed, status: written.status, writeFailed: true as const };
  }
  return { ok: true as const, positionId };
}

/** One position's row of the matrix (positions/{id}): every active competence with its required level; 404 elsewhere. */
export async function getPositionRequirements(ctx: Tenant, positionId: string, filter: { type?: CompetenceType }) {
  if (!isUuid(positionId)) notFound();
  const { columns, rows } = await getMatrix(ctx, filter);
  const row = rows.find((r) => r.id === positionId);
  if (!row) notFound();
  return {
    position: { id: row.id, name: row.name, parentName: row.parentName },
    lines: columns.map((c, i) => ({ ...c, cell: row.cells[i] })),
  };
}
