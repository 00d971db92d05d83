import { and, asc, eq, ilike, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { competences } from "#db/schema";
import type { MergeLine } from "~/features/merge/merge-lines";
import { keepAndGone, mergeReferences, runMerge, type MergeMode } from "~/features/merge/merge-references.server";
import type { Language } from "~/utils/i18n";
import type { Failure, Result } from "~/utils/results.server";
import { inCluster, isUuid, notFound, requireIdsInScope, type Tenant } from "~/utils/scope.server";
import type { CompetenceFilter } from "./competence-list-filter";
import type { CompetenceInput } from "./competences.schema";
import { setTagsOfCompetence } from "./competence-tags.server";
import { defaultCompetenceBook, defaultCompetenceTexts } from "./default-book";
import { nameTaken as nameTakenIn } from "~/utils/unique-name.server";

/** Seeds the default competence book into a new cluster in its language (docs/decisions/1060). */
export async function seedDefaultCompetenceBook(
  tx: DbOrTx,
  input: { accountId: string; clusterId: string; language: Language },
) {
  await tx.insert(competences).values(
    defaultCompetenceBook.map((item) => ({
      accountId: input.accountId,
      clusterId: input.clusterId,
      type: item.type,
      sourceKey: item.key,
      ...defaultCompetenceTexts(item, input.language),
    })),
  );
}

const typeOrder = sql`array_position(array['core','competence','functional','knowledge_area','core_value']::text[], ${competences.type})`;

/** The outer query's competence id, qualified (drizzle renders a column in a subquery as a bare "id"). */
const competenceIdRef = sql.raw('"competences"."id"');

/** Competences that carry this tag (the book's and the matrix's tag filter). */
export function hasTag(tagId: string) {
  return sql`exists (select 1 from competence_tags ct where ct.competence_id = ${competenceIdRef} and ct.tag_id = ${tagId})`;
}

/** The book, filtered by type, tag, name and archived (the book is small: no paging); each with its tags' names. */
export async function listCompetences(ctx: Tenant, filter: CompetenceFilter, db: DbOrTx = getDb()) {
  const conditions = [
    inCluster(competences, ctx),
    filter.archived === "1" ? isNotNull(competences.archivedAt) : isNull(competences.archivedAt),
  ];
  if (filter.type) conditions.push(eq(competences.type, filter.type));
  if (filter.tag) conditions.push(hasTag(filter.tag));
  if (filter.q) conditions.push(ilike(competences.name, `%${filter.q.replace(/[\\%_]/g, "\\$&")}%`));
  return db
    .select({
      id: competences.id,
      name: competences.name,
      description: competences.description,
      type: competences.type,
      archived: sql<boolean>`${competences.archivedAt} is not null`,
      tags: sql<string[]>`array(select t.name from competence_tags ct join tags t on t.id = ct.tag_id
        where ct.competence_id = ${competenceIdRef} order by lower(t.name))`,
    })
    .from(competences)
    .where(and(...conditions))
    .orderBy(typeOrder, asc(sql`lower(${competences.name})`));
}

export async function getCompetence(ctx: Tenant, id: string, db: DbOrTx = getDb()) {
  if (!isUuid(id)) notFound("competence");
  const [row] = await db
    .select()
    .from(competences)
    .where(and(inCluster(competences, ctx), eq(competences.id, id)));
  if (!row) notFound("competence");
  return row;
}

function nameTaken(db: DbOrTx, ctx: Tenant, name: string, exceptId?: string) {
  return nameTakenIn(db, competences, inCluster(competences, ctx), name, exceptId);
}

const nameExists = { ok: false, field: "name", errorKey: "validation:alreadyExists" } as const;

export async function createCompetence(ctx: Tenant, input: CompetenceInput): Promise<Result<{ id: string }>> {
  return getDb().transaction(async (tx) => {
    if (await nameTaken(tx, ctx, input.name)) return nameExists;
    const { tagIds, ...fields } = input;
    const [row] = await tx
      .insert(competences)
      .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, ...fields })
      .returning({ id: competences.id });
    await setTagsOfCompetence(tx, ctx, row.id, tagIds);
    return { ok: true, id: row.id };
  });
}

export async function updateCompetence(
  ctx: Tenant,
  id: string,
  input: CompetenceInput,
): Promise<Result<{ id: string }>> {
  return getDb().transaction(async (tx) => {
    await getCompetence(ctx, id, tx);
    if (await nameTaken(tx, ctx, input.name, id)) return nameExists;
    const { tagIds, ...fields } = input;
    await tx
      .update(competences)
      .set({ ...fields, updatedAt: new Date() })
      .where(and(inCluster(competences, ctx), eq(competences.id, id)));
    await setTagsOfCompetence(tx, ctx, id, tagIds);
    return { ok: true, id };
  });
}

/** Archiving keeps the matrix cells and scores; an archived competence leaves the matrix and the score forms. */
export async function setCompetenceArchived(ctx: Tenant, id: string, archived: boolean) {
  if (!isUuid(id)) notFound();
  const rows = await getDb()
    .update(competences)
    .set({ archivedAt: archived ? new Date() : null, updatedAt: new Date() })
    .where(and(inCluster(competences, ctx), eq(competences.id, id)))
    .returning({ id: competences.id });
  if (rows.length === 0) notFound();
}

/** Every competence of the book, archived ones too (the merge page's choices). */
export async function listCompetenceOptions(ctx: Tenant) {
  return getDb()
    .select({ id: competences.id, name: competences.name })
    .from(competences)
    .where(inCluster(competences, ctx))
    .orderBy(asc(sql`lower(${competences.name})`));
}

const sameCompetence: Failure = { ok: false, field: "otherCompetenceId", errorKey: "competences:merge.same" };

/**
 * Merges two competences (docs/decisions/1302): the one that goes hands the one that remains its required
 * levels (where a position requires both, the remaining one's level stays), its tags, its ambitions, its
 * places in competence sets and its scores. Scores keep their history: where a person has a current score
 * of both, the other's current score becomes history (superseded now) and the remaining one's stays
 * current. One transaction; `preview` rolls back.
 */
export async function mergeCompetences(
  ctx: Tenant,
  input: { id: string; otherId: string; remainingId: string },
  mode: MergeMode = "apply",
): Promise<Result<{ lines: MergeLine[] }>> {
  const pair = keepAndGone(input.id, input.otherId, input.remainingId, sameCompetence);
  if (!pair.ok) return pair;
  const { keep, gone } = pair;
  const lines = await runMerge(mode, async (tx) => {
    await requireIdsInScope(tx, competences, [keep, gone], ctx);
    await tx.execute(sql`
      update competence_scores o set superseded_at = now()
      where o.competence_id = ${gone} and o.superseded_at is null
        and o.account_id = ${ctx.accountId} and o.cluster_id = ${ctx.clusterId}
        and exists (select 1 from competence_scores k where k.competence_id = ${keep}
          and k.membership_id = o.membership_id and k.superseded_at is null)`);
    return mergeReferences(tx, {
      tenant: ctx,
      fromId: gone,
      toId: keep,
      references: [
        {
          label: "competences:merge.preview.requiredLevels",
          table: "position_competences",
          column: "competence_id",
          sameWhen: ["position_id"],
          touch: true,
        },
        { label: "competences:merge.preview.scores", table: "competence_scores", column: "competence_id" },
        {
          label: "competences:merge.preview.tags",
          table: "competence_tags",
          column: "competence_id",
          sameWhen: ["tag_id"],
        },
        { label: "competences:merge.preview.ambitions", table: "ambitions", column: "competence_id", touch: true },
        // In a set that holds both, the remaining competence keeps its level (decision 1412).
        {
          label: "competences:merge.preview.sets",
          table: "competence_set_items",
          column: "competence_id",
          sameWhen: ["set_id"],
        },
      ],
      removed: { table: "competences" },
    });
  });
  return { ok: true, lines };
}
