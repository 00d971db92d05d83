/**
 * Competences (issue #19): the default book for existing clusters (migration 0027, decision 1300).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { clusters, competences } from "#db/schema";
import { createUserWithMembership } from "../factories";
import { orgWorld } from "../support/org";

const backfill = readFileSync(path.resolve("db/migrations/0027_backfill_competence_books.sql"), "utf8");

async function bookOf(clusterId: string) {
  return getDb()
    .select({ name: competences.name, key: competences.sourceKey })
    .from(competences)
    .where(eq(competences.clusterId, clusterId))
    .orderBy(competences.sourceKey);
}

describe("the default book for existing clusters (migration 0027)", () => {
  it("gives a cluster without competences the book in its members' language, once; a cluster with a book is left alone", async () => {
    const w = await orgWorld();
    const before = await bookOf(w.cluster.id);
    expect(before).toHaveLength(12);
    // A cluster as it was before the book existed: no competences; two German members, one Dutch.
    const [bare] = await getDb().insert(clusters).values({ accountId: w.account.id, name: "Alt" }).returning();
    for (const language of ["de", "de", "nl"] as const) {
      await createUserWithMembership(getDb(), { accountId: w.account.id, clusterId: bare.id, language });
    }
    const [empty] = await getDb().insert(clusters).values({ accountId: w.account.id, name: "Leer" }).returning();
    const [archivedOnly] = await getDb()
      .insert(clusters)
      .values({ accountId: w.account.id, name: "Archiv" })
      .returning();
    await getDb().insert(competences).values({
      accountId: w.account.id,
      clusterId: archivedOnly.id,
      type: "core",
      name: "Oud",
      archivedAt: new Date(),
    });
    expect(await bookOf(bare.id)).toEqual([]);

    await getDb().execute(sql.raw(backfill));
    await getDb().execute(sql.raw(backfill));

    const book = await bookOf(bare.id);
    expect(book).toHaveLength(12);
    expect(book.find((c) => c.key === "collaboration")?.name).toBe("Zusammenarbeit");
    expect((await bookOf(empty.id)).find((c) => c.key === "collaboration")?.name).toBe("Samenwerken");
    expect(await bookOf(w.cluster.id)).toEqual(before);
    expect(await bookOf(archivedOnly.id)).toEqual([{ name: "Oud", key: null }]);
  });
});
