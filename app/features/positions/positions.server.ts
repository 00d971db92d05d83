import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { contracts, positions } from "#db/schema";
import type { MergeLine } from "~/features/merge/merge-lines";
import { keepAndGone, mergeReferences, runMerge, type MergeMode } from "~/features/merge/merge-references.server";
import { isUniqueViolation, type Failure, type Result } from "~/utils/results.server";
import { inCluster, notFound, requireIdsInScope, type Tenant } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { POSITIONS_PAGE_SIZE } from "./list-sizes";

export async function listPositions(ctx: TenantContext, input: { page: number }) {
  const { positions, total } = await positionsPage(ctx, { page: input.page, pageSize: POSITIONS_PAGE_SIZE });
  return { positions: positions.map(({ parentId: _parentId, ...position }) => position), total };
}

/** A page of the cluster's positions by name, with parent and contract count: the list page's and the API's. */
async function positionsPage(ctx: Tenant, paging: { page: number; pageSize: number }) {
  const result = await getDb().execute<{
    id: string;
    name: string;
    code: string | null;
    parent_id: string | null;
    parent_name: string | null;
    levels: number | null;
    contracts_count: number;
    total: number;
  }>(sql`
    select p.id, p.name, p.code, p.parent_id, parent.name as parent_name, p.levels,
      (select count(*)::int from contracts c where c.position_id = p.id) as contracts_count,
      count(*) over ()::int as total
    from positions p left join positions parent on parent.id = p.parent_id
    where p.account_id = ${ctx.accountId} and p.cluster_id = ${ctx.clusterId}
    order by lower(p.name), p.id
    limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`);
  return {
    positions: result.rows.map((r) => ({
      id: r.id,
      name: r.name,
      code: r.code,
      parentId: r.parent_id,
      parentName: r.parent_name,
      levels: r.levels,
      contractsCount: r.contracts_count,
    })),
    total: result.rows[0]?.total ?? 0,
  };
}

export async function listPositionOptions(ctx: TenantContext) {
  return getDb()
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(inCluster(positions, ctx))
    .orderBy(positions.name);
}

export async function getPosition(ctx: TenantContext, id: string) {
  const [row] = await getDb()
    .select({
      id: positions.id,
      name: positions.name,
      code: positions.code,
      parentId: positions.parentId,
      levels: positions.levels,
    })
    .from(positions)
    .where(and(eq(positions.id, id), inCluster(positions, ctx)));
  if (!row) notFound("position");
  const [{ count }] = await getDb()
    .select({ count: sql<number>`count(*)::int` })
    .from(contracts)
    .where(eq(contracts.positionId, id));
  return { ...row, contractsCount: count };
}

type PositionInput = { name: string; code: string | null; parentId: string | null; levels?: number };

const nameExists = { ok: false, field: "name", errorKey: "validation:alreadyExists" } as const;

async function checkParent(db: DbOrTx, ctx: Tenant, parentId: string | null, selfId?: string): Promise<Result> {
  if (!parentId) return { ok: true };
  const [parent] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.id, parentId), inCluster(positions, ctx)));
  if (!parent) notFound();
  if (selfId) {
    // The parent may not be the position itself or one of its descendants.
    const result = await db.execute<{ id: string }>(sql`
      with recursive below as (
        select id from positions where id = ${selfId}
        union all
        select p.id from positions p join below b on p.parent_id = b.id
      ) select id from below where id = ${parentId} limit 1`);
    if (result.rows.length > 0) return { ok: false, field: "parentId", errorKey: "positions:parentCycle" };
  }
  return { ok: true };
}

export async function createPosition(
  ctx: Tenant,
  input: PositionInput,
  db: DbOrTx = getDb(),
): Promise<Result<{ id: string }>> {
  const parent = await checkParent(db, ctx, input.parentId);
  if (!parent.ok) return parent;
  try {
    const [row] = await db
      .insert(positions)
      .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, ...input, levels: input.levels ?? null })
      .returning({ id: positions.id });
    return { ok: true, id: row.id };
  } catch (error) {
    if (isUniqueViolation(error)) return nameExists;
    throw error;
  }
}

export async function updatePosition(ctx: TenantContext, id: string, input: PositionInput): Promise<Result> {
  await getPosition(ctx, id);
  const db = getDb();
  const parent = await checkParent(db, ctx, input.parentId, id);
  if (!parent.ok) return parent;
  try {
    await db
      .update(positions)
      .set({ ...input, levels: input.levels ?? null, updatedAt: new Date() })
      .where(and(eq(positions.id, id), inCluster(positions, ctx)));
    return { ok: true };
  } catch (error) {
    if (isUniqueViolation(error)) return nameExists;
    throw error;
  }
}

export async function getPositionsByIds(ctx: TenantContext, ids: string[], db: DbOrTx = getDb()) {
  const unique = [...new Set(ids)];
  const result = unique.length
    ? await db.execute<{ id: string; name: string; contracts_count: number }>(sql`
        select p.id, p.name, (select count(*)::int from contracts c where c.position_id = p.id) as contracts_count
        from positions p
        where p.account_id = ${ctx.accountId} and p.cluster_id = ${ctx.clusterId}
          and p.id in (${sql.join(
            unique.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})
        order by lower(p.name)`)
    : { rows: [] };
  if (result.rows.length !== unique.length) notFound();
  return result.rows.map((r) => ({ id: r.id, name: r.name, contractsCount: r.contracts_count }));
}

/**
 * Deletes the chosen positions except those with contracts, which are skipped and named (spec §5). Runs
 * in the caller's transaction when given one (its own otherwise).
 */
export async function bulkDeletePositions(ctx: TenantContext, ids: string[], db: DbOrTx = getDb()) {
  return db.transaction(async (tx) => {
    const rows = await getPositionsByIds(ctx, ids, tx);
    const deletable = rows.filter((r) => r.contractsCount === 0).map((r) => r.id);
    const skipped = rows.filter((r) => r.contractsCount > 0).map((r) => r.name);
    if (deletable.length > 0) {
      // A contract added meanwhile keeps its position: the restrict foreign key would fail, so check again in SQL.
      await tx
        .delete(positions)
        .where(
          and(
            inArray(positions.id, deletable),
            inCluster(positions, ctx),
            sql`not exists (select 1 from contracts c where c.position_id = ${positions.id})`,
          ),
        );
    }
    return { deleted: deletable.length, skipped };
  });
}

const samePosition: Failure = { ok: false, field: "otherPositionId", errorKey: "positions:merge.samePosition" };

/**
 * The position that goes hands its contracts, child positions, required competence levels, ambitions and
 * planning needs to the one that remains, then is removed. Where both require a competence, the remaining
 * position's level stays and the other's is dropped (docs/decisions/1301). One transaction; `preview` does
 * the same and rolls back, for the counts.
 */
export async function mergePositions(
  ctx: TenantContext,
  input: { positionId: string; otherPositionId: string; remainingPositionId: string },
  mode: MergeMode = "apply",
): Promise<Result<{ remainingPositionId: string; lines: MergeLine[] }>> {
  const pair = keepAndGone(input.positionId, input.otherPositionId, input.remainingPositionId, samePosition);
  if (!pair.ok) return pair;
  const { keep, gone } = pair;
  const lines = await runMerge(mode, async (tx) => {
    await requireIdsInScope(tx, positions, [keep, gone], ctx);
    // The one that remains may have had the other as its parent.
    await tx
      .update(positions)
      .set({ parentId: null })
      .where(and(eq(positions.id, keep), eq(positions.parentId, gone)));
    return mergeReferences(tx, {
      tenant: ctx,
      fromId: gone,
      toId: keep,
      references: [
        { label: "positions:merge.preview.contracts", table: "contracts", column: "position_id", touch: true },
        { label: "positions:merge.preview.children", table: "positions", column: "parent_id" },
        {
          label: "positions:merge.preview.requiredLevels",
          table: "position_competences",
          column: "position_id",
          sameWhen: ["competence_id"],
          touch: true,
        },
        { label: "positions:merge.preview.ambitions", table: "ambitions", column: "position_id", touch: true },
        // Where both have a need for a team and horizon, the remaining position's stays (1550).
        {
          label: "positions:merge.preview.planningNeeds",
          table: "planning_needs",
          column: "position_id",
          sameWhen: ["team_id", "horizon"],
          touch: true,
        },
      ],
      removed: { table: "positions" },
    });
  });
  return { ok: true, remainingPositionId: keep, lines };
}

/** GET api/positions (spec §7): a page of the cluster's positions with parent and contract count. */
export async function listPositionsForApi(ctx: Tenant, paging: { page: number; pageSize: number }) {
  const { positions, total } = await positionsPage(ctx, paging);
  return {
    positions: positions.map(({ parentName: _parentName, ...position }) => position),
    total,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}
