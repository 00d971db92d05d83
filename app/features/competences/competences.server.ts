import { and, asc, eq, ilike, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { competences } from "#db/schema";
import type { Language } from "~/utils/i18n";
import type { Result } from "~/utils/results.server";
import { inCluster, isUuid, notFound, type Tenant } from "~/utils/scope.server";
import type { CompetenceFilter } from "./competence-list-filter";
import type { CompetenceInput } from "./competences.schema";
import { defaultCompetenceBook, defaultCompetenceTexts } from "./default-book";

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

/** The book, filtered by type, name and archived (the book is small: no paging). */
export async function listCompetences(ctx: Tenant, filter: CompetenceFilter, db: DbOrTx = getDb()) {
  const conditions = [
    inCluster(competences, ctx),
    filter.archived === "1" ? isNotNull(competences.archivedAt) : isNull(competences.archivedAt),
  ];
  if (filter.type) conditions.push(eq(competences.type, filter.type));
  if (filter.q) conditions.push(ilike(competences.name, `%${filter.q.replace(/[\\%_]/g, "\\$&")}%`));
  return db
    .select({
      id: competences.id,
      name: competences.name,
      description: competences.description,
      type: competences.type,
      archived: sql<boolean>`${competences.archivedAt} is not null`,
    })
    .from(competences)
    .where(and(...conditions))
    .orderBy(typeOrder, asc(sql`lower(${competences.name})`));
}

export async function getCompetence(ctx: Tenant, id: string, db: DbOrTx = getDb()) {
  if (!isUuid(id)) notFound();
  const [row] = await db
    .select()
    .from(competences)
    .where(and(inCluster(competences, ctx), eq(competences.id, id)));
  if (!row) notFound();
  return row;
}

async function nameTaken(db: DbOrTx, ctx: Tenant, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: competences.id })
    .from(competences)
    .where(
      and(
        inCluster(competences, ctx),
        sql`lower(${competences.name}) = lower(${name})`,
        exceptId ? ne(competences.id, exceptId) : undefined,
      ),
    );
  return Boolean(row);
}

const nameExists = { ok: false, field: "name", errorKey: "validation:alreadyExists" } as const;

export async function createCompetence(ctx: Tenant, input: CompetenceInput): Promise<Result<{ id: string }>> {
  return getDb().transaction(async (tx) => {
    if (await nameTaken(tx, ctx, input.name)) return nameExists;
    const [row] = await tx
      .insert(competences)
      .values({ accountId: ctx.accountId, clusterId: ctx.clusterId, ...input })
      .returning({ id: competences.id });
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
    await tx
      .update(competences)
      .set({ ...input, updatedAt: new Date() })
      .where(and(inCluster(competences, ctx), eq(competences.id, id)));
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
