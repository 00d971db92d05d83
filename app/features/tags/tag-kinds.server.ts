import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import { tags } from "#db/schema";
import type { MergeLine } from "~/features/merge/merge-lines";
import { mergeReferences, runMerge, splitRecord, type MergeMode } from "~/features/merge/merge-references.server";
import type { Failure, Result } from "~/utils/results.server";
import { inCluster, isUuid, notFound, type Tenant } from "~/utils/scope.server";
import { nameTaken as nameTakenIn, writeUniqueName } from "~/utils/unique-name.server";

/**
 * One kind of tag (personnel, criteria, competence: docs/decisions/1481): the rows of `tags` of that kind
 * and the link table whose rows carry them.
 */
export type TagKindSpec = {
  kind: (typeof tags.$inferSelect)["kind"];
  link: {
    table: "membership_tags" | "criterion_tags" | "competence_tags";
    /** The link table's column naming what carries the tag. */
    holder: "membership_id" | "criterion_id" | "competence_id";
    /** Narrows the counted holders (aliased `l`), e.g. to employees not removed. */
    counted?: SQL;
  };
  /** The answer to a name the kind already has (any case). */
  nameExists: Failure;
  /** The answer to removing a system tag. */
  systemTag: Failure;
  /** The label of the moved links on a merge's preview (an i18n key). */
  mergeLabel: string;
  /** Review data of a merged tag (personnel tags chosen by review rounds: docs/decisions/0641). */
  reviewData?: (tx: Tx, ctx: Tenant, move: { fromId: string; toId: string }) => Promise<MergeLine>;
};

export type TagRow = { id: string; name: string; isSystem: boolean };

/** The tag service of one kind: every tag page and API of that kind goes through it. */
export function tagService(spec: TagKindSpec) {
  const ofKind = (ctx: Tenant) => and(inCluster(tags, ctx), eq(tags.kind, spec.kind))!;
  const link = sql.identifier(spec.link.table);

  /** The kind's tags with how many holders each has, by name. */
  function list(ctx: Tenant, db: DbOrTx = getDb()) {
    return db
      .select({
        id: tags.id,
        name: tags.name,
        isSystem: tags.isSystem,
        count: sql<number>`(select count(*)::int from ${link} l ${spec.link.counted ?? sql``}
          where l.tag_id = ${sql.raw('"tags"."id"')})`,
      })
      .from(tags)
      .where(ofKind(ctx))
      .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  }

  /** One tag of the kind in my cluster, or 404. */
  async function get(ctx: Tenant, id: string, db: DbOrTx = getDb()): Promise<TagRow> {
    if (!isUuid(id)) notFound("tag");
    const [row] = await db
      .select({ id: tags.id, name: tags.name, isSystem: tags.isSystem })
      .from(tags)
      .where(and(ofKind(ctx), eq(tags.id, id)));
    if (!row) notFound("tag");
    return row;
  }

  function nameTaken(db: DbOrTx, ctx: Tenant, name: string, exceptId?: string) {
    return nameTakenIn(db, tags, ofKind(ctx), name, exceptId);
  }

  async function insert(db: DbOrTx, ctx: Tenant, name: string) {
    const [row] = await db
      .insert(tags)
      .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, kind: spec.kind, name })
      .returning({ id: tags.id });
    return row.id;
  }

  /** The first of these names (any case) the kind has already, as it is written there; undefined for none. */
  async function firstTaken(db: DbOrTx, ctx: Tenant, names: readonly string[]): Promise<string | undefined> {
    if (names.length === 0) return undefined;
    const [taken] = await db
      .select({ name: tags.name })
      .from(tags)
      .where(and(ofKind(ctx), inArray(sql`lower(${tags.name})`, [...new Set(names.map((n) => n.toLowerCase()))])))
      .limit(1);
    return taken?.name;
  }

  /** New tags of the kind, in the order given (the caller has checked the names). */
  function insertMany(db: DbOrTx, ctx: Tenant, names: readonly string[]) {
    if (names.length === 0) return Promise.resolve([]);
    return db
      .insert(tags)
      .values(names.map((name) => ({ accountId: ctx.accountId, clusterId: ctx.clusterId, kind: spec.kind, name })))
      .returning({ id: tags.id, name: tags.name });
  }

  function create(ctx: Tenant, name: string, db: DbOrTx = getDb()): Promise<Result<{ id: string }>> {
    return writeUniqueName(
      () => nameTaken(db, ctx, name),
      spec.nameExists,
      async () => ({ id: await insert(db, ctx, name) }),
    );
  }

  async function rename(ctx: Tenant, id: string, name: string): Promise<Result> {
    const db = getDb();
    await get(ctx, id, db);
    return writeUniqueName(
      () => nameTaken(db, ctx, name, id),
      spec.nameExists,
      async () => {
        await db
          .update(tags)
          .set({ name, updatedAt: new Date() })
          .where(and(ofKind(ctx), eq(tags.id, id)));
        return {};
      },
    );
  }

  /** Deletes the tag (its links go with it); a system tag stays. */
  async function remove(ctx: Tenant, id: string): Promise<Result> {
    const tag = await get(ctx, id);
    if (tag.isSystem) return spec.systemTag;
    await getDb()
      .delete(tags)
      .where(and(ofKind(ctx), eq(tags.id, id)));
    return { ok: true };
  }

  /**
   * The tag that goes hands its holders to the one that remains (no duplicates), through the merge module;
   * a system tag cannot go. One transaction; `preview` does the same and rolls back, for the counts.
   */
  async function merge(
    ctx: Tenant,
    input: { keepId: string; goneId: string },
    mode: MergeMode = "apply",
  ): Promise<Result<{ lines: MergeLine[] }>> {
    await get(ctx, input.keepId);
    const gone = await get(ctx, input.goneId);
    if (gone.isSystem) return spec.systemTag;
    const { reviewData } = spec;
    const move = { fromId: input.goneId, toId: input.keepId };
    const lines = await runMerge(mode, (tx) =>
      mergeReferences(tx, {
        tenant: ctx,
        ...move,
        references: [
          { label: spec.mergeLabel, table: spec.link.table, column: "tag_id", sameWhen: [spec.link.holder] },
        ],
        reviewData: reviewData ? async (tx) => [await reviewData(tx, ctx, move)] : undefined,
        removed: { table: "tags" },
      }),
    );
    return { ok: true, lines };
  }

  /** A new tag with the given name takes the chosen holders from this one (each must hold it); one transaction. */
  async function split(ctx: Tenant, id: string, input: { name: string; holderIds: string[] }) {
    await get(ctx, id);
    const db = getDb();
    return splitRecord(db, ctx, {
      reference: { table: spec.link.table, column: "tag_id", holder: spec.link.holder },
      fromId: id,
      holderIds: input.holderIds,
      nameTaken: () => nameTaken(db, ctx, input.name),
      nameExists: spec.nameExists,
      create: (tx) => insert(tx, ctx, input.name),
    });
  }

  return { ofKind, list, get, nameTaken, firstTaken, insertMany, create, rename, remove, merge, split };
}
