import { and, eq, inArray, sql } from "drizzle-orm";
import { personOfRow, requireMembers, searchPeople } from "~/features/people/person-query.server";
import { getDb, type DbOrTx } from "#db/client.server";
import { membershipTags, tags } from "#db/schema";
import type { MergeLine } from "~/features/merge/merge-lines";
import { keepAndGone, type MergeMode } from "~/features/merge/merge-references.server";
import { moveTagReviewData, tagIdsUsedByReviews } from "~/features/reviews/review-history.server";
import type { Failure, Result } from "~/utils/results.server";
import { notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { tagService } from "./tag-kinds.server";

const nameExists = { ok: false, field: "name", errorKey: "tags:alreadyExists" } as const;

/** Personnel tags (criteria and competence tags: their books), through the one tag service. */
export const personnelTags = tagService({
  kind: "personnel",
  link: {
    table: "membership_tags",
    holder: "membership_id",
    counted: sql`join memberships m on m.id = l.membership_id and m.deleted_at is null`,
  },
  nameExists,
  systemTag: { ok: false, field: "keep", errorKey: "tags:systemTag" },
  mergeLabel: "tags:merge.preview.members",
  reviewData: moveTagReviewData,
});

export async function listTags(ctx: TenantContext) {
  const rows = await personnelTags.list(ctx);
  return rows.map(({ count, ...tag }) => ({ ...tag, memberCount: count }));
}

/** Personnel tags as choices (filters, selects): names only, no member counts. */
export async function listTagOptions(ctx: TenantContext) {
  return getDb()
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(personnelTags.ofKind(ctx))
    .orderBy(sql`lower(${tags.name})`, tags.id);
}

export const getTag = (ctx: TenantContext, id: string) => personnelTags.get(ctx, id);

export const createTag = (ctx: TenantContext, input: { name: string }) => personnelTags.create(ctx, input.name);

export const renameTag = (ctx: TenantContext, id: string, input: { name: string }) =>
  personnelTags.rename(ctx, id, input.name);

export async function listTagMembers(ctx: TenantContext, tagId: string) {
  const result = await getDb().execute<{ membership_id: string; first_name: string; last_name: string; email: string }>(
    sql`
    select m.id as membership_id, u.first_name, u.last_name, u.email
    from membership_tags mt join memberships m on m.id = mt.membership_id and m.deleted_at is null
    join users u on u.id = m.user_id
    where mt.tag_id = ${tagId} and mt.cluster_id = ${ctx.clusterId} and mt.account_id = ${ctx.accountId}
    order by u.last_name_sort, lower(u.first_name), m.id`,
  );
  return result.rows.map(personOfRow);
}

export const searchTagCandidates = (ctx: TenantContext, tagId: string, q: string) =>
  searchPeople(
    ctx,
    q,
    sql`exists (select 1 from membership_tags mt where mt.membership_id = m.id and mt.tag_id = ${tagId})`,
  );

/** Gives a tag to employees (the tag page's add button, and the employee bulk action). */
export async function assignTag(ctx: TenantContext, tagId: string, membershipIds: string[]) {
  await getTag(ctx, tagId);
  const db = getDb();
  await requireMembers(db, ctx, membershipIds);
  if (membershipIds.length === 0) return;
  await db
    .insert(membershipTags)
    .values(
      membershipIds.map((membershipId) => ({
        accountId: ctx.accountId,
        clusterId: ctx.clusterId,
        membershipId,
        tagId,
      })),
    )
    .onConflictDoNothing();
}

export async function unassignTag(ctx: TenantContext, tagId: string, membershipId: string) {
  await getTag(ctx, tagId);
  await getDb()
    .delete(membershipTags)
    .where(
      and(
        eq(membershipTags.tagId, tagId),
        eq(membershipTags.membershipId, membershipId),
        eq(membershipTags.clusterId, ctx.clusterId),
      ),
    );
}

const sameTag: Failure = { ok: false, field: "otherTagId", errorKey: "tags:merge.sameTag" };

/**
 * The tag that goes hands its employees to the one that remains (no duplicates), and the rounds that chose
 * it name the remaining tag (docs/decisions/0641); then it is removed. One transaction; `preview` does the
 * same and rolls back, for the counts.
 */
export async function mergeTags(
  ctx: TenantContext,
  input: { tagId: string; otherTagId: string; remainingTagId: string },
  mode: MergeMode = "apply",
): Promise<Result<{ remainingTagId: string; lines: MergeLine[] }>> {
  const pair = keepAndGone(input.tagId, input.otherTagId, input.remainingTagId, sameTag);
  if (!pair.ok) return pair;
  const result = await personnelTags.merge(ctx, { keepId: pair.keep, goneId: pair.gone }, mode);
  return result.ok ? { ...result, remainingTagId: pair.keep } : result;
}

/** A new tag with the given name takes the chosen employees from this one; one transaction. */
export const splitTag = (ctx: TenantContext, tagId: string, input: { name: string; membershipIds: string[] }) =>
  personnelTags.split(ctx, tagId, { name: input.name, holderIds: input.membershipIds });

/** Tags of this cluster among the given ids (unknown ids: 404). */
export async function getTagsByIds(ctx: TenantContext, ids: string[], db: DbOrTx = getDb()) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db
        .select({ id: tags.id, name: tags.name, isSystem: tags.isSystem })
        .from(tags)
        .where(and(inArray(tags.id, unique), personnelTags.ofKind(ctx)))
        .orderBy(tags.name)
    : [];
  if (rows.length !== unique.length) notFound();
  return rows;
}

/**
 * Deletes the chosen tags except system tags and tags a review round chose (review history, docs/
 * decisions/0641), which are skipped and named. One transaction.
 */
export async function bulkDeleteTags(ctx: TenantContext, ids: string[]) {
  return getDb().transaction(async (tx) => {
    const rows = await getTagsByIds(ctx, ids, tx);
    const used = await tagIdsUsedByReviews(
      tx,
      ctx,
      rows.map((r) => r.id),
    );
    const deletable = rows.filter((r) => !r.isSystem && !used.has(r.id)).map((r) => r.id);
    const skipped = rows.filter((r) => r.isSystem).map((r) => r.name);
    const usedInReviews = rows.filter((r) => !r.isSystem && used.has(r.id)).map((r) => r.name);
    if (deletable.length > 0) {
      await tx.delete(tags).where(and(inArray(tags.id, deletable), personnelTags.ofKind(ctx)));
    }
    return { deleted: deletable.length, skipped, usedInReviews };
  });
}
