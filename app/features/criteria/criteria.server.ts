import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { criteria, criteriaSetCriteria, criterionTags, tags, type Characteristics } from "#db/schema";
import { moveCriterionReviewData } from "~/features/reviews/review-history.server";
import type { Language } from "~/utils/i18n";
import { inCluster, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import type { CriterionInput } from "./criteria.schema";
import { defaultCriteriaBook, defaultCriteriaTagName, defaultCriterionTexts } from "./default-book";
import { getReviewSettings } from "./review-settings.server";
import { levelNames } from "./scales";
import type { CriteriaFilter } from "./criteria-list-filter";
import { criteriaMergeLimit, overSelectionLimit, SELECTION_LIMIT_KEY } from "~/utils/selection-limit";
import { nameTaken as nameTakenIn } from "~/utils/unique-name.server";

export const CRITERIA_PAGE_SIZE = 50;
type Tenant = Pick<TenantContext, "accountId" | "clusterId">;

/** Seeds the default criteria book and its system tag into a new cluster (docs/decisions/0300). */
export async function seedDefaultCriteriaBook(
  tx: DbOrTx,
  input: { accountId: string; clusterId: string; language: Language },
) {
  const [tag] = await tx
    .insert(tags)
    .values({
      accountId: input.accountId,
      clusterId: input.clusterId,
      kind: "criteria",
      name: defaultCriteriaTagName[input.language],
      isSystem: true,
    })
    .returning({ id: tags.id });
  const rows = await tx
    .insert(criteria)
    .values(
      defaultCriteriaBook.map((c) => ({
        accountId: input.accountId,
        clusterId: input.clusterId,
        dimension: c.dimension,
        sourceKey: c.key,
        ...defaultCriterionTexts(c, input.language),
      })),
    )
    .returning({ id: criteria.id });
  await tx
    .insert(criterionTags)
    .values(
      rows.map((r) => ({ accountId: input.accountId, clusterId: input.clusterId, criterionId: r.id, tagId: tag.id })),
    );
}

export async function listCriteria(ctx: Tenant, filter: CriteriaFilter) {
  const db = getDb();
  const conditions = [
    inCluster(criteria, ctx),
    filter.archived === "1" ? isNotNull(criteria.archivedAt) : isNull(criteria.archivedAt),
  ];
  if (filter.dimension) conditions.push(eq(criteria.dimension, filter.dimension));
  if (filter.q) conditions.push(ilike(criteria.name, `%${filter.q.replace(/[\\%_]/g, "\\$&")}%`));
  if (filter.tagId) {
    conditions.push(
      sql`exists (select 1 from ${criterionTags} ct where ct.criterion_id = ${sql.raw('"criteria"."id"')} and ct.tag_id = ${filter.tagId} and ct.cluster_id = ${ctx.clusterId})`,
    );
  }
  const where = and(...conditions);
  const page = filter.page ?? 1;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: criteria.id,
        name: criteria.name,
        description: criteria.description,
        dimension: criteria.dimension,
        archived: sql<boolean>`${criteria.archivedAt} is not null`,
        tags: sql<
          { id: string; name: string }[]
        >`coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name)
          from ${criterionTags} ct join ${tags} t on t.id = ct.tag_id where ct.criterion_id = ${sql.raw('"criteria"."id"')}), '[]'::json)`,
      })
      .from(criteria)
      .where(where)
      .orderBy(asc(criteria.dimension), asc(sql`lower(${criteria.name})`))
      .limit(CRITERIA_PAGE_SIZE)
      .offset((page - 1) * CRITERIA_PAGE_SIZE),
    db.select({ total: count() }).from(criteria).where(where),
  ]);
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / CRITERIA_PAGE_SIZE)) };
}

export async function getCriterion(ctx: Tenant, id: string) {
  const db = getDb();
  const [row] = await db
    .select()
    .from(criteria)
    .where(and(inCluster(criteria, ctx), eq(criteria.id, id)));
  if (!row) notFound("criterion");
  const tagRows = await db
    .select({ tagId: criterionTags.tagId })
    .from(criterionTags)
    .where(and(eq(criterionTags.criterionId, id), eq(criterionTags.clusterId, ctx.clusterId)));
  return { ...row, tagIds: tagRows.map((t) => t.tagId) };
}

/** Criteria of the tenant with these ids; an id of elsewhere → 404. */
export async function requireCriteriaIds(db: DbOrTx, ctx: Tenant, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: criteria.id, dimension: criteria.dimension, archivedAt: criteria.archivedAt })
    .from(criteria)
    .where(and(inCluster(criteria, ctx), inArray(criteria.id, unique)));
  if (rows.length !== unique.length) notFound();
  return rows;
}

export async function requireCriteriaTagIds(db: DbOrTx, ctx: Tenant, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.accountId, ctx.accountId),
        eq(tags.clusterId, ctx.clusterId),
        eq(tags.kind, "criteria"),
        inArray(tags.id, unique),
      ),
    );
  if (rows.length !== unique.length) notFound();
  return rows.map((r) => r.id);
}

function nameTaken(db: DbOrTx, ctx: Tenant, name: string, exceptId?: string) {
  return nameTakenIn(db, criteria, inCluster(criteria, ctx), name, exceptId);
}

type SaveResult = { ok: true; id: string } | { ok: false; field: "name"; errorKey: string };

function characteristicsOf(input: CriterionInput): Characteristics {
  return Object.fromEntries(levelNames.map((l) => [l, input[l]]).filter(([, v]) => v)) as Characteristics;
}

export async function createCriterion(ctx: Tenant, input: CriterionInput): Promise<SaveResult> {
  return getDb().transaction(async (tx) => {
    const tagIds = await requireCriteriaTagIds(tx, ctx, input.tagIds);
    if (await nameTaken(tx, ctx, input.name)) return { ok: false, field: "name", errorKey: "validation:alreadyExists" };
    const [row] = await tx
      .insert(criteria)
      .values({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        dimension: input.dimension,
        name: input.name,
        description: input.description,
        characteristics: characteristicsOf(input),
      })
      .returning({ id: criteria.id });
    if (tagIds.length > 0) {
      await tx
        .insert(criterionTags)
        .values(
          tagIds.map((tagId) => ({ accountId: ctx.accountId, clusterId: ctx.clusterId, criterionId: row.id, tagId })),
        );
    }
    return { ok: true, id: row.id };
  });
}

export async function updateCriterion(ctx: Tenant, id: string, input: CriterionInput): Promise<SaveResult> {
  return getDb().transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: criteria.id })
      .from(criteria)
      .where(and(inCluster(criteria, ctx), eq(criteria.id, id)));
    if (!existing) notFound();
    const tagIds = await requireCriteriaTagIds(tx, ctx, input.tagIds);
    if (await nameTaken(tx, ctx, input.name, id))
      return { ok: false, field: "name", errorKey: "validation:alreadyExists" };
    await tx
      .update(criteria)
      .set({
        name: input.name,
        description: input.description,
        dimension: input.dimension,
        characteristics: characteristicsOf(input),
        updatedAt: new Date(),
      })
      .where(and(inCluster(criteria, ctx), eq(criteria.id, id)));
    await tx
      .delete(criterionTags)
      .where(and(eq(criterionTags.criterionId, id), eq(criterionTags.clusterId, ctx.clusterId)));
    if (tagIds.length > 0) {
      await tx
        .insert(criterionTags)
        .values(
          tagIds.map((tagId) => ({ accountId: ctx.accountId, clusterId: ctx.clusterId, criterionId: id, tagId })),
        );
    }
    return { ok: true, id };
  });
}

export async function setCriterionArchived(ctx: Tenant, id: string, archived: boolean) {
  const rows = await getDb()
    .update(criteria)
    .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
    .where(and(inCluster(criteria, ctx), eq(criteria.id, id)))
    .returning({ id: criteria.id });
  if (rows.length === 0) notFound();
}

/**
 * Merges two criteria into the one the user keeps, in one transaction: set memberships and tags move
 * to it, and so do its places and scores in open reviews (docs/decisions/0641). Finished and locked
 * reviews keep their results untouched: while any review still refers to the merged criterion it is
 * archived instead of removed.
 */
export async function mergeCriteria(ctx: Tenant, input: { keepId: string; ids: readonly string[] }) {
  if (overSelectionLimit(input.ids.length, criteriaMergeLimit))
    return { ok: false as const, errorKey: SELECTION_LIMIT_KEY };
  if (input.ids.length !== 2 || !input.ids.includes(input.keepId) || input.ids[0] === input.ids[1]) {
    return { ok: false as const, errorKey: "criteria:merge.hint" };
  }
  const mergeId = input.ids.find((id) => id !== input.keepId)!;
  const { thresholds } = await getReviewSettings(ctx);
  await getDb().transaction(async (tx) => {
    const rows = await requireCriteriaIds(tx, ctx, input.ids);
    const keep = rows.find((r) => r.id === input.keepId)!;
    await tx.execute(sql`
      insert into criteria_set_criteria (account_id, cluster_id, set_id, criterion_id)
      select account_id, cluster_id, set_id, ${input.keepId} from criteria_set_criteria
      where criterion_id = ${mergeId} and cluster_id = ${ctx.clusterId}
      on conflict do nothing`);
    await tx.execute(sql`
      insert into criterion_tags (account_id, cluster_id, criterion_id, tag_id)
      select account_id, cluster_id, ${input.keepId}, tag_id from criterion_tags
      where criterion_id = ${mergeId} and cluster_id = ${ctx.clusterId}
      on conflict do nothing`);
    const { stillReferenced } = await moveCriterionReviewData(tx, ctx, {
      fromId: mergeId,
      toId: keep.id,
      toDimension: keep.dimension,
      thresholds,
    });
    if (stillReferenced) {
      await tx
        .delete(criteriaSetCriteria)
        .where(and(eq(criteriaSetCriteria.criterionId, mergeId), eq(criteriaSetCriteria.clusterId, ctx.clusterId)));
      await tx
        .update(criteria)
        .set({ archivedAt: sql`coalesce(${criteria.archivedAt}, now())`, updatedAt: new Date() })
        .where(and(inCluster(criteria, ctx), eq(criteria.id, mergeId)));
    } else {
      await tx.delete(criteria).where(and(inCluster(criteria, ctx), eq(criteria.id, mergeId)));
    }
  });
  return { ok: true as const, keepId: input.keepId };
}

/** All criteria of the cluster in a light shape, for pickers (set form, store). */
export async function listAllCriteria(ctx: Tenant, options: { includeArchived?: boolean } = {}) {
  return getDb()
    .select({
      id: criteria.id,
      name: criteria.name,
      description: criteria.description,
      dimension: criteria.dimension,
      characteristics: criteria.characteristics,
      archived: sql<boolean>`${criteria.archivedAt} is not null`,
      tagIds: sql<
        string[]
      >`coalesce((select array_agg(ct.tag_id) from ${criterionTags} ct where ct.criterion_id = ${sql.raw('"criteria"."id"')}), '{}')`,
    })
    .from(criteria)
    .where(and(inCluster(criteria, ctx), options.includeArchived ? undefined : isNull(criteria.archivedAt)))
    .orderBy(asc(criteria.dimension), asc(sql`lower(${criteria.name})`));
}

export async function setMembershipsOf(ctx: Tenant, criterionIds: string[]) {
  if (criterionIds.length === 0) return [];
  return getDb()
    .select({ setId: criteriaSetCriteria.setId, criterionId: criteriaSetCriteria.criterionId })
    .from(criteriaSetCriteria)
    .where(
      and(eq(criteriaSetCriteria.clusterId, ctx.clusterId), inArray(criteriaSetCriteria.criterionId, criterionIds)),
    );
}
