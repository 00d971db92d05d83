import { and, asc, eq, ne, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { competenceTags, tags } from "#db/schema";
import type { Result } from "~/utils/results.server";
import { inCluster, isUuid, notFound, requireIdsInScope, type Tenant } from "~/utils/scope.server";

/** Competence tags: tags of kind `competence` in the cluster (docs/decisions/1302). */
const competenceTagsOf = (ctx: Tenant) => and(inCluster(tags, ctx), eq(tags.kind, "competence"))!;

export async function listCompetenceTags(ctx: Tenant, db: DbOrTx = getDb()) {
  return db
    .select({
      id: tags.id,
      name: tags.name,
      competencesCount: sql<number>`(select count(*)::int from competence_tags ct where ct.tag_id = ${sql.raw('"tags"."id"')})`,
    })
    .from(tags)
    .where(competenceTagsOf(ctx))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
}

/** All these ids are competence tags of my cluster, or 404 (a foreign, personnel or criteria tag). */
export async function requireCompetenceTagIds(db: DbOrTx, ctx: Tenant, ids: readonly string[]) {
  return requireIdsInScope(db, tags, ids, ctx, eq(tags.kind, "competence"));
}

async function nameTaken(db: DbOrTx, ctx: Tenant, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        competenceTagsOf(ctx),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptId ? ne(tags.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

const exists = { ok: false, field: "name", errorKey: "validation:alreadyExists" } as const;

export async function createCompetenceTag(ctx: Tenant, name: string): Promise<Result<{ id: string }>> {
  return getDb().transaction(async (tx) => {
    if (await nameTaken(tx, ctx, name)) return exists;
    const [row] = await tx
      .insert(tags)
      .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, kind: "competence", name })
      .returning({ id: tags.id });
    return { ok: true, id: row.id };
  });
}

export async function renameCompetenceTag(ctx: Tenant, id: string, name: string): Promise<Result> {
  return getDb().transaction(async (tx) => {
    await requireCompetenceTagIds(tx, ctx, [id]);
    if (await nameTaken(tx, ctx, name, id)) return exists;
    await tx
      .update(tags)
      .set({ name, updatedAt: new Date() })
      .where(and(competenceTagsOf(ctx), eq(tags.id, id)));
    return { ok: true };
  });
}

/** Removes the tag from every competence and deletes it (competence tags have no system tags). */
export async function deleteCompetenceTag(ctx: Tenant, id: string) {
  if (!isUuid(id)) notFound();
  const rows = await getDb()
    .delete(tags)
    .where(and(competenceTagsOf(ctx), eq(tags.id, id)))
    .returning({ id: tags.id });
  if (rows.length === 0) notFound();
}

/** The tag ids of a competence (its edit form). */
export async function tagIdsOfCompetence(ctx: Tenant, competenceId: string, db: DbOrTx = getDb()) {
  const rows = await db
    .select({ tagId: competenceTags.tagId })
    .from(competenceTags)
    .where(and(inCluster(competenceTags, ctx), eq(competenceTags.competenceId, competenceId)));
  return rows.map((r) => r.tagId);
}

/** Replaces a competence's tags (in the caller's transaction); a tag that is not a competence tag here: 404. */
export async function setTagsOfCompetence(tx: DbOrTx, ctx: Tenant, competenceId: string, tagIds: readonly string[]) {
  const ids = await requireCompetenceTagIds(tx, ctx, tagIds);
  await tx
    .delete(competenceTags)
    .where(and(inCluster(competenceTags, ctx), eq(competenceTags.competenceId, competenceId)));
  if (ids.length > 0) {
    await tx
      .insert(competenceTags)
      .values(ids.map((tagId) => ({ accountId: ctx.accountId, clusterId: ctx.clusterId, competenceId, tagId })));
  }
}

/** One competence tag of my cluster, with how many competences carry it; 404 otherwise. */
export async function getCompetenceTag(ctx: Tenant, id: string) {
  if (!isUuid(id)) notFound();
  const [row] = (await listCompetenceTags(ctx)).filter((tag) => tag.id === id);
  if (!row) notFound();
  return row;
}
