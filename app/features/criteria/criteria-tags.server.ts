import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { criterionTags, tags } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";
import { notFound } from "~/utils/scope.server";
import { requireCriteriaIds } from "./criteria.server";

type Tenant = Pick<TenantContext, "accountId" | "clusterId">;
type Result = { ok: true } | { ok: false; field: string; errorKey: string };

const criteriaTagsOf = (ctx: Tenant) =>
  and(eq(tags.accountId, ctx.accountId), eq(tags.clusterId, ctx.clusterId), eq(tags.kind, "criteria"));

export async function listCriteriaTags(ctx: Tenant) {
  return getDb()
    .select({
      id: tags.id,
      name: tags.name,
      isSystem: tags.isSystem,
      criteriaCount: sql<number>`(select count(*)::int from ${criterionTags} ct where ct.tag_id = ${sql.raw('"tags"."id"')})`,
    })
    .from(tags)
    .where(criteriaTagsOf(ctx))
    .orderBy(asc(sql`lower(${tags.name})`));
}

async function requireTag(db: DbOrTx, ctx: Tenant, id: string) {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(criteriaTagsOf(ctx), eq(tags.id, id)));
  if (!row) notFound();
  return row;
}

async function nameTaken(db: DbOrTx, ctx: Tenant, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(criteriaTagsOf(ctx), sql`lower(${tags.name}) = lower(${name})`, exceptId ? ne(tags.id, exceptId) : undefined),
    );
  return Boolean(row);
}

const exists: Result = { ok: false, field: "name", errorKey: "validation:alreadyExists" };

export async function createCriteriaTag(ctx: Tenant, name: string): Promise<Result> {
  const db = getDb();
  if (await nameTaken(db, ctx, name)) return exists;
  await db.insert(tags).values({ accountId: ctx.accountId, clusterId: ctx.clusterId, kind: "criteria", name });
  return { ok: true };
}

export async function renameCriteriaTag(ctx: Tenant, id: string, name: string): Promise<Result> {
  const db = getDb();
  await requireTag(db, ctx, id);
  if (await nameTaken(db, ctx, name, id)) return exists;
  await db
    .update(tags)
    .set({ name, updatedAt: new Date() })
    .where(and(criteriaTagsOf(ctx), eq(tags.id, id)));
  return { ok: true };
}

/** System tags cannot be deleted (spec §5). */
export async function deleteCriteriaTag(ctx: Tenant, id: string): Promise<Result> {
  const db = getDb();
  const tag = await requireTag(db, ctx, id);
  if (tag.isSystem) return { ok: false, field: "tagId", errorKey: "criteria:tags.systemCannotBeDeleted" };
  await db.delete(tags).where(and(criteriaTagsOf(ctx), eq(tags.id, id)));
  return { ok: true };
}

/** The kept tag takes over the other's criteria; the other is removed (a system tag cannot be merged away). */
export async function mergeCriteriaTags(ctx: Tenant, keepId: string, mergeId: string): Promise<Result> {
  if (keepId === mergeId) return { ok: false, field: "mergeId", errorKey: "validation:choose" };
  return getDb().transaction(async (tx) => {
    await requireTag(tx, ctx, keepId);
    const other = await requireTag(tx, ctx, mergeId);
    if (other.isSystem) return { ok: false, field: "mergeId", errorKey: "criteria:tags.systemCannotBeDeleted" };
    await tx.execute(sql`
      insert into criterion_tags (account_id, cluster_id, criterion_id, tag_id)
      select account_id, cluster_id, criterion_id, ${keepId} from criterion_tags
      where tag_id = ${mergeId} and cluster_id = ${ctx.clusterId}
      on conflict do nothing`);
    await tx.delete(tags).where(and(criteriaTagsOf(ctx), eq(tags.id, mergeId)));
    return { ok: true };
  });
}

/** A new tag with a new name takes the chosen criteria away from the original (spec §5: name and ≥ 1 member). */
export async function splitCriteriaTag(
  ctx: Tenant,
  input: { tagId: string; name: string; criterionIds: string[] },
): Promise<Result> {
  return getDb().transaction(async (tx) => {
    await requireTag(tx, ctx, input.tagId);
    await requireCriteriaIds(tx, ctx, input.criterionIds);
    if (await nameTaken(tx, ctx, input.name)) return exists;
    const [created] = await tx
      .insert(tags)
      .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, kind: "criteria", name: input.name })
      .returning({ id: tags.id });
    const moved = await tx
      .delete(criterionTags)
      .where(
        and(
          eq(criterionTags.clusterId, ctx.clusterId),
          eq(criterionTags.tagId, input.tagId),
          inArray(criterionTags.criterionId, input.criterionIds),
        ),
      )
      .returning({ criterionId: criterionTags.criterionId });
    if (moved.length === 0) throw new Response("Not found", { status: 404 });
    await tx.insert(criterionTags).values(
      moved.map((m) => ({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        criterionId: m.criterionId,
        tagId: created.id,
      })),
    );
    return { ok: true };
  });
}

export async function criteriaOfTag(ctx: Tenant, tagId: string) {
  const db = getDb();
  await requireTag(db, ctx, tagId);
  const rows = await db.execute<{ id: string; name: string }>(sql`
    select c.id, c.name from criterion_tags ct join criteria c on c.id = ct.criterion_id
    where ct.tag_id = ${tagId} and c.cluster_id = ${ctx.clusterId} and c.account_id = ${ctx.accountId}
    order by lower(c.name)`);
  return rows.rows;
}

/** Sets which criteria carry the tag (assign to criteria, spec §2). */
export async function assignCriteriaTag(ctx: Tenant, tagId: string, criterionIds: string[]) {
  await getDb().transaction(async (tx) => {
    await requireTag(tx, ctx, tagId);
    const ids = [...new Set(criterionIds)];
    await requireCriteriaIds(tx, ctx, ids);
    await tx
      .delete(criterionTags)
      .where(and(eq(criterionTags.clusterId, ctx.clusterId), eq(criterionTags.tagId, tagId)));
    if (ids.length > 0) {
      await tx
        .insert(criterionTags)
        .values(ids.map((criterionId) => ({ accountId: ctx.accountId, clusterId: ctx.clusterId, criterionId, tagId })));
    }
  });
}

export async function getCriteriaTag(ctx: Tenant, id: string) {
  return requireTag(getDb(), ctx, id);
}
