import { and, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { criterionTags } from "#db/schema";
import { tagService } from "~/features/tags/tag-kinds.server";
import type { Result } from "~/utils/results.server";
import type { Tenant } from "~/utils/scope.server";
import { requireCriteriaIds } from "./criteria.server";

/** Criteria tags: tags of kind `criteria`, carried by criteria (criterion_tags), through the one tag service. */
export const criteriaTags = tagService({
  kind: "criteria",
  link: { table: "criterion_tags", holder: "criterion_id" },
  nameExists: { ok: false, field: "name", errorKey: "validation:alreadyExists" },
  systemTag: { ok: false, field: "mergeId", errorKey: "criteria:tags.systemCannotBeDeleted" },
  mergeLabel: "criteria:tags.merge",
});

export async function listCriteriaTags(ctx: Tenant) {
  const rows = await criteriaTags.list(ctx);
  return rows.map(({ count, ...tag }) => ({ ...tag, criteriaCount: count }));
}

export const getCriteriaTag = (ctx: Tenant, id: string) => criteriaTags.get(ctx, id);
export const createCriteriaTag = (ctx: Tenant, name: string) => criteriaTags.create(ctx, name);
export const renameCriteriaTag = (ctx: Tenant, id: string, name: string) => criteriaTags.rename(ctx, id, name);
/** System tags cannot be deleted (spec §5). */
export const deleteCriteriaTag = (ctx: Tenant, id: string) => criteriaTags.remove(ctx, id);

/** The kept tag takes over the other's criteria; the other is removed (a system tag cannot be merged away). */
export async function mergeCriteriaTags(ctx: Tenant, keepId: string, mergeId: string): Promise<Result> {
  if (keepId === mergeId) return { ok: false, field: "mergeId", errorKey: "validation:choose" };
  return criteriaTags.merge(ctx, { keepId, goneId: mergeId });
}

/** A new tag with a new name takes the chosen criteria away from the original (spec §5: name and ≥ 1 member). */
export const splitCriteriaTag = (ctx: Tenant, input: { tagId: string; name: string; criterionIds: string[] }) =>
  criteriaTags.split(ctx, input.tagId, { name: input.name, holderIds: input.criterionIds });

export async function criteriaOfTag(ctx: Tenant, tagId: string) {
  const db = getDb();
  await criteriaTags.get(ctx, tagId, db);
  const rows = await db.execute<{ id: string; name: string }>(sql`
    select c.id, c.name from criterion_tags ct join criteria c on c.id = ct.criterion_id
    where ct.tag_id = ${tagId} and c.cluster_id = ${ctx.clusterId} and c.account_id = ${ctx.accountId}
    order by lower(c.name)`);
  return rows.rows;
}

/** Sets which criteria carry the tag (assign to criteria, spec §2). */
export async function assignCriteriaTag(ctx: Tenant, tagId: string, criterionIds: string[]) {
  await getDb().transaction(async (tx) => {
    await criteriaTags.get(ctx, tagId, tx);
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
