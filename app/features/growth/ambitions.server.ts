import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { ambitions, competences, positions } from "#db/schema";
import { inCluster, type Tenant } from "~/utils/scope.server";
import type { AmbitionInput } from "./growth.schema";

/** Someone with an employee record in the cluster: ambitions belong to a membership (1122). */
export type AmbitionOwner = Tenant & { membershipId: string };

export type Ambition = {
  role: string;
  positionId: string | null;
  positionName: string | null;
  competenceId: string | null;
  competenceName: string | null;
  text: string;
  updatedAt: string;
};

export type AmbitionResult = { ok: true } | { ok: false; field: "positionId" | "competenceId"; errorKey: string };

/** My current ambition, or null: 'no ambition chosen'. */
export async function getAmbition(ctx: AmbitionOwner, db: DbOrTx = getDb()): Promise<Ambition | null> {
  const [row] = await db
    .select({
      role: ambitions.role,
      positionId: ambitions.positionId,
      positionName: positions.name,
      competenceId: ambitions.competenceId,
      competenceName: competences.name,
      text: ambitions.text,
      updatedAt: ambitions.updatedAt,
    })
    .from(ambitions)
    .leftJoin(positions, eq(positions.id, ambitions.positionId))
    .leftJoin(competences, eq(competences.id, ambitions.competenceId))
    .where(and(inCluster(ambitions, ctx), eq(ambitions.membershipId, ctx.membershipId)));
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
}

/**
 * The competences an ambition can name: the cluster's book, active ones by name, plus the one my ambition
 * already names if it was archived since (so saving again keeps it). Docs/decisions/1342.
 */
export async function listAmbitionCompetences(ctx: AmbitionOwner, current: string | null, db: DbOrTx = getDb()) {
  return db
    .select({ id: competences.id, name: competences.name })
    .from(competences)
    .where(
      and(
        inCluster(competences, ctx),
        current
          ? sql`(${competences.archivedAt} is null or ${competences.id} = ${current})`
          : isNull(competences.archivedAt),
      ),
    )
    .orderBy(asc(sql`lower(${competences.name})`), asc(competences.id));
}

/**
 * Records (or replaces) my ambition. A position or competence of another cluster or account is refused next
 * to its field; so is a competence when the cluster has no competences module (`competencesOn` false), and an
 * archived competence unless my ambition already names it.
 */
export async function saveAmbition(
  ctx: AmbitionOwner,
  input: AmbitionInput,
  options: { competencesOn: boolean } = { competencesOn: true },
  db: DbOrTx = getDb(),
): Promise<AmbitionResult> {
  if (input.positionId) {
    const [position] = await db
      .select({ id: positions.id })
      .from(positions)
      .where(and(inCluster(positions, ctx), eq(positions.id, input.positionId)));
    if (!position) return { ok: false, field: "positionId", errorKey: "validation:choose" };
  }
  if (input.competenceId) {
    const refused = { ok: false, field: "competenceId", errorKey: "validation:choose" } as const;
    if (!options.competencesOn) return refused;
    const [competence] = await db
      .select({ id: competences.id, archivedAt: competences.archivedAt, current: ambitions.competenceId })
      .from(competences)
      .leftJoin(
        ambitions,
        and(eq(ambitions.membershipId, ctx.membershipId), eq(ambitions.competenceId, competences.id)),
      )
      .where(and(inCluster(competences, ctx), eq(competences.id, input.competenceId)));
    if (!competence || (competence.archivedAt && !competence.current)) return refused;
  }
  const values = {
    role: input.role,
    positionId: input.positionId,
    competenceId: input.competenceId,
    text: input.text,
  };
  await db
    .insert(ambitions)
    .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, membershipId: ctx.membershipId, ...values })
    .onConflictDoUpdate({ target: ambitions.membershipId, set: { ...values, updatedAt: sql`now()` } });
  return { ok: true };
}

/** Drops my ambition: the page says 'no ambition chosen' again. */
export async function clearAmbition(ctx: AmbitionOwner, db: DbOrTx = getDb()): Promise<void> {
  await db.delete(ambitions).where(and(inCluster(ambitions, ctx), eq(ambitions.membershipId, ctx.membershipId)));
}
