import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { ambitions, positions } from "#db/schema";
import { inCluster, type Tenant } from "~/utils/scope.server";
import type { AmbitionInput } from "./growth.schema";

/** Someone with an employee record in the cluster: ambitions belong to a membership (1122). */
export type AmbitionOwner = Tenant & { membershipId: string };

export type Ambition = {
  role: string;
  positionId: string | null;
  positionName: string | null;
  text: string;
  updatedAt: string;
};

export type AmbitionResult = { ok: true } | { ok: false; field: "positionId"; errorKey: string };

/** My current ambition, or null: 'no ambition chosen'. */
export async function getAmbition(ctx: AmbitionOwner, db: DbOrTx = getDb()): Promise<Ambition | null> {
  const [row] = await db
    .select({
      role: ambitions.role,
      positionId: ambitions.positionId,
      positionName: positions.name,
      text: ambitions.text,
      updatedAt: ambitions.updatedAt,
    })
    .from(ambitions)
    .leftJoin(positions, eq(positions.id, ambitions.positionId))
    .where(and(inCluster(ambitions, ctx), eq(ambitions.membershipId, ctx.membershipId)));
  return row ? { ...row, updatedAt: row.updatedAt.toISOString() } : null;
}

/** Records (or replaces) my ambition. A position of another cluster or account is refused next to the field. */
export async function saveAmbition(
  ctx: AmbitionOwner,
  input: AmbitionInput,
  db: DbOrTx = getDb(),
): Promise<AmbitionResult> {
  if (input.positionId) {
    const [position] = await db
      .select({ id: positions.id })
      .from(positions)
      .where(and(inCluster(positions, ctx), eq(positions.id, input.positionId)));
    if (!position) return { ok: false, field: "positionId", errorKey: "validation:choose" };
  }
  const values = { role: input.role, positionId: input.positionId, text: input.text };
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
