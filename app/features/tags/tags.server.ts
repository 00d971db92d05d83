import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { membershipTags, memberships, tags } from "#db/schema";
import type { MergeLine } from "~/features/merge/merge-lines";
import { mergeReferences, runMerge, type MergeMode } from "~/features/merge/merge-references.server";
import { moveTagReviewData, tagIdsUsedByReviews } from "~/features/reviews/review-history.server";
import { isUniqueViolation, type Failure, type Result } from "~/utils/results.server";
import { inCluster, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { nameTaken as nameTakenIn, writeUniqueName } from "~/utils/unique-name.server";

/** Personnel tags (criteria tags live in the criteria book). */
const personnel = eq(tags.kind, "personnel");

export async function listTags(ctx: TenantContext) {
  const result = await getDb().execute<{ id: string; name: string; is_system: boolean; member_count: number }>(sql`
    select t.id, t.name, t.is_system,
      (select count(*)::int from membership_tags mt join memberships m on m.id = mt.membership_id and m.deleted_at is null
       where mt.tag_id = t.id) as member_count
    from tags t
    where t.account_id = ${ctx.accountId} and t.cluster_id = ${ctx.clusterId} and t.kind = 'personnel'
    order by lower(t.name), t.id`);
  return result.rows.map((r) => ({ id: r.id, name: r.name, isSystem: r.is_system, memberCount: r.member_count }));
}

/** Personnel tags as choices (filters, selects): names only, no member counts. */
export async function listTagOptions(ctx: TenantContext) {
  return getDb()
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(inCluster(tags, ctx), personnel))
    .orderBy(sql`lower(${tags.name})`, tags.id);
}

export async function getTag(ctx: TenantContext, id: string) {
  const [tag] = await getDb()
    .select({ id: tags.id, name: tags.name, isSystem: tags.isSystem })
    .from(tags)
    .where(and(eq(tags.id, id), inCluster(tags, ctx), personnel));
  if (!tag) notFound();
  return tag;
}

const nameExists = { ok: false, field: "name", errorKey: "tags:alreadyExists" } as const;

function nameTaken(db: DbOrTx, ctx: TenantContext, name: string, exceptId?: string) {
  return nameTakenIn(db, tags, and(inCluster(tags, ctx), personnel), name, exceptId);
}

export async function createTag(ctx: TenantContext, input: { name: string }): Promise<Result<{ id: string }>> {
  const db = getDb();
  return writeUniqueName(
    () => nameTaken(db, ctx, input.name),
    nameExists,
    async () => {
      const [tag] = await db
        .insert(tags)
        .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, kind: "personnel", name: input.name })
        .returning({ id: tags.id });
      return { id: tag.id };
    },
  );
}

/**
 * Several tags at once (spec §7 POST api/tags with an array): all or none, in one transaction. A name that
 * exists (any case) or comes twice is refused with that name.
 */
export async function createTags(
  ctx: TenantContext,
  names: readonly string[],
): Promise<Result<{ tags: { id: string; name: string }[] }> | (Failure & { name: string })> {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name.toLowerCase())) return { ...nameExists, name };
    seen.add(name.toLowerCase());
  }
  try {
    return await getDb().transaction(async (tx) => {
      const [taken] = await tx
        .select({ name: tags.name })
        .from(tags)
        .where(and(inCluster(tags, ctx), personnel, inArray(sql`lower(${tags.name})`, [...seen])))
        .limit(1);
      if (taken) return { ...nameExists, name: taken.name };
      const rows = await tx
        .insert(tags)
        .values(
          names.map((name) => ({
            accountId: ctx.accountId,
            clusterId: ctx.clusterId,
            kind: "personnel" as const,
            name,
          })),
        )
        .returning({ id: tags.id, name: tags.name });
      return { ok: true as const, tags: rows };
    });
  } catch (error) {
    // Another request created one of the names meanwhile: nothing of this one was written.
    if (isUniqueViolation(error)) return { ...nameExists, name: "" };
    throw error;
  }
}

export async function renameTag(ctx: TenantContext, id: string, input: { name: string }): Promise<Result> {
  await getTag(ctx, id);
  const db = getDb();
  return writeUniqueName(
    () => nameTaken(db, ctx, input.name, id),
    nameExists,
    async () => {
      await db
        .update(tags)
        .set({ name: input.name, updatedAt: new Date() })
        .where(and(eq(tags.id, id), inCluster(tags, ctx), personnel));
      return {};
    },
  );
}

export async function listTagMembers(ctx: TenantContext, tagId: string) {
  const result = await getDb().execute<{ membership_id: string; first_name: string; last_name: string; email: string }>(
    sql`
    select m.id as membership_id, u.first_name, u.last_name, u.email
    from membership_tags mt join memberships m on m.id = mt.membership_id and m.deleted_at is null
    join users u on u.id = m.user_id
    where mt.tag_id = ${tagId} and mt.cluster_id = ${ctx.clusterId} and mt.account_id = ${ctx.accountId}
    order by lower(u.last_name), lower(u.first_name), m.id`,
  );
  return result.rows.map((r) => ({
    membershipId: r.membership_id,
    name: [r.first_name, r.last_name].filter(Boolean).join(" ") || r.email,
    email: r.email,
  }));
}

export async function searchTagCandidates(ctx: TenantContext, tagId: string, q: string) {
  const term = q.trim();
  if (!term) return [];
  const like = `%${term.replace(/[%_\\]/g, "\\$&")}%`;
  const result = await getDb().execute<{ membership_id: string; first_name: string; last_name: string; email: string }>(
    sql`
    select m.id as membership_id, u.first_name, u.last_name, u.email
    from memberships m join users u on u.id = m.user_id
    where m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId} and m.deleted_at is null
      and (u.first_name || ' ' || u.last_name ilike ${like} or u.email ilike ${like} or m.employee_number ilike ${like})
      and not exists (select 1 from membership_tags mt where mt.membership_id = m.id and mt.tag_id = ${tagId})
    order by lower(u.last_name), lower(u.first_name)
    limit 20`,
  );
  return result.rows.map((r) => ({
    membershipId: r.membership_id,
    name: [r.first_name, r.last_name].filter(Boolean).join(" ") || r.email,
    email: r.email,
  }));
}

async function requireMemberships(db: DbOrTx, ctx: TenantContext, ids: string[]) {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        inArray(memberships.id, ids),
        eq(memberships.accountId, ctx.accountId),
        eq(memberships.clusterId, ctx.clusterId),
        sql`${memberships.deletedAt} is null`,
      ),
    );
  if (rows.length !== new Set(ids).size) notFound();
}

/** Gives a tag to employees (the tag page's add button, and the employee bulk action). */
export async function assignTag(ctx: TenantContext, tagId: string, membershipIds: string[]) {
  await getTag(ctx, tagId);
  const db = getDb();
  await requireMemberships(db, ctx, membershipIds);
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

const systemTag = { ok: false, field: "", errorKey: "tags:systemTag" } as const;

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
  if (input.otherTagId === input.tagId) return { ok: false, field: "otherTagId", errorKey: "tags:merge.sameTag" };
  const a = await getTag(ctx, input.tagId);
  const b = await getTag(ctx, input.otherTagId);
  const keep = input.remainingTagId === a.id ? a : b;
  const gone = keep === a ? b : a;
  if (gone.isSystem) return { ...systemTag, field: "keep" };
  const lines = await runMerge(mode, (tx) =>
    mergeReferences(tx, {
      tenant: ctx,
      fromId: gone.id,
      toId: keep.id,
      references: [
        {
          label: "tags:merge.preview.members",
          table: "membership_tags",
          column: "tag_id",
          sameWhen: ["membership_id"],
        },
      ],
      reviewData: async (tx) => [await moveTagReviewData(tx, ctx, { fromId: gone.id, toId: keep.id })],
      removed: { table: "tags" },
    }),
  );
  return { ok: true, remainingTagId: keep.id, lines };
}

/** A new tag with the given name takes the chosen employees from this one; one transaction. */
export async function splitTag(
  ctx: TenantContext,
  tagId: string,
  input: { name: string; membershipIds: string[] },
): Promise<Result<{ id: string }>> {
  await getTag(ctx, tagId);
  const db = getDb();
  const ids = [...new Set(input.membershipIds)];
  const holders = await db
    .select({ id: membershipTags.membershipId })
    .from(membershipTags)
    .where(
      and(
        eq(membershipTags.tagId, tagId),
        eq(membershipTags.clusterId, ctx.clusterId),
        inArray(membershipTags.membershipId, ids),
      ),
    );
  if (holders.length !== ids.length) notFound();
  if (await nameTaken(db, ctx, input.name)) return nameExists;
  const id = await db.transaction(async (tx) => {
    const [tag] = await tx
      .insert(tags)
      .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, kind: "personnel", name: input.name })
      .returning({ id: tags.id });
    await tx
      .update(membershipTags)
      .set({ tagId: tag.id })
      .where(
        and(
          eq(membershipTags.tagId, tagId),
          eq(membershipTags.clusterId, ctx.clusterId),
          inArray(membershipTags.membershipId, ids),
        ),
      );
    return tag.id;
  });
  return { ok: true, id };
}

/** Tags of this cluster among the given ids (unknown ids: 404). */
export async function getTagsByIds(ctx: TenantContext, ids: string[], db: DbOrTx = getDb()) {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db
        .select({ id: tags.id, name: tags.name, isSystem: tags.isSystem })
        .from(tags)
        .where(and(inArray(tags.id, unique), inCluster(tags, ctx), personnel))
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
      await tx.delete(tags).where(and(inArray(tags.id, deletable), inCluster(tags, ctx), personnel));
    }
    return { deleted: deletable.length, skipped, usedInReviews };
  });
}
