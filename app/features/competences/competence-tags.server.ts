import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { competenceTags, tags } from "#db/schema";
import { tagService } from "~/features/tags/tag-kinds.server";
import { inCluster, requireIdsInScope, type Tenant } from "~/utils/scope.server";

/** Competence tags: tags of kind `competence` in the cluster (docs/decisions/1302), through the one tag service. */
export const competenceTagService = tagService({
  kind: "competence",
  link: { table: "competence_tags", holder: "competence_id" },
  nameExists: { ok: false, field: "name", errorKey: "validation:alreadyExists" },
  // Competence tags have no system tags.
  systemTag: { ok: false, field: "tagId", errorKey: "validation:choose" },
  mergeLabel: "competences:tags.title",
});

export async function listCompetenceTags(ctx: Tenant, db: DbOrTx = getDb()) {
  const rows = await competenceTagService.list(ctx, db);
  return rows.map(({ id, name, count }) => ({ id, name, competencesCount: count }));
}

/** All these ids are competence tags of my cluster, or 404 (a foreign, personnel or criteria tag). */
export async function requireCompetenceTagIds(db: DbOrTx, ctx: Tenant, ids: readonly string[]) {
  return requireIdsInScope(db, tags, ids, ctx, eq(tags.kind, "competence"));
}

export const createCompetenceTag = (ctx: Tenant, name: string) => competenceTagService.create(ctx, name);
export const renameCompetenceTag = (ctx: Tenant, id: string, name: string) =>
  competenceTagService.rename(ctx, id, name);

/** Removes the tag from every competence and deletes it. */
export async function deleteCompetenceTag(ctx: Tenant, id: string) {
  await competenceTagService.remove(ctx, id);
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
  const tag = await competenceTagService.get(ctx, id);
  const [row] = (await listCompetenceTags(ctx)).filter((t) => t.id === tag.id);
  return row;
}
