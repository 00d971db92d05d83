/**
 * Competences (issue #19): the default book for existing clusters (migration 0027, decision 1300); a position
 * merge moves required levels (decision 1301).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { ambitions, clusters, competences, positionCompetences, positions } from "#db/schema";
import {
  action as positionMergeAction,
  loader as positionMergeLoader,
} from "~/routes/_app+/personnel+/positions.$positionId.merge";
import { createUserWithMembership } from "../factories";
import { context, getRequest, run } from "../support/http";
import { employeeIn, orgWorld, positionIn, postForm } from "../support/org";

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

describe("merging positions (decision 1301)", () => {
  it("moves the removed position's required levels and ambitions; where both require a competence, the kept level stays", async () => {
    const w = await orgWorld();
    const book = await getDb()
      .select({ id: competences.id, key: competences.sourceKey })
      .from(competences)
      .where(eq(competences.clusterId, w.cluster.id));
    const comp = (key: string) => book.find((c) => c.key === key)!.id;
    const keep = await positionIn(w, "Verpleegkundige");
    const gone = await positionIn(w, "Verpleegkundige B");
    const require = (positionId: string, key: string, requiredLevel: number) =>
      getDb()
        .insert(positionCompetences)
        .values({
          accountId: w.account.id,
          clusterId: w.cluster.id,
          positionId,
          competenceId: comp(key),
          requiredLevel,
        });
    await require(keep.id, "collaboration", 2);
    await require(gone.id, "collaboration", 4);
    await require(gone.id, "planning", 3);
    const employee = await employeeIn(w);
    await getDb().insert(ambitions).values({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      membershipId: employee.membership.id,
      positionId: gone.id,
    });
    const path = `/personnel/positions/${keep.id}/merge`;

    const preview = (await run(() =>
      positionMergeLoader({
        request: getRequest(`${path}?otherPositionId=${gone.id}&keep=this`, w.cookie),
        context: context(),
        params: { positionId: keep.id },
      }),
    )) as { preview: { lines: { label: string; moved: number; dropped: number }[] } };
    expect(preview.preview.lines).toContainEqual({
      label: "positions:merge.preview.requiredLevels",
      moved: 1,
      dropped: 1,
      kept: 0,
    });
    expect(preview.preview.lines).toContainEqual({
      label: "positions:merge.preview.ambitions",
      moved: 1,
      dropped: 0,
      kept: 0,
    });
    expect(
      await getDb().select().from(positionCompetences).where(eq(positionCompetences.positionId, gone.id)),
    ).toHaveLength(2);

    const res = (await run(() =>
      positionMergeAction({
        request: postForm(path, { otherPositionId: gone.id, keep: "this" }, w.cookie),
        context: context(),
        params: { positionId: keep.id },
      }),
    )) as Response;
    expect(res.status).toBe(302);
    const levels = await getDb()
      .select({ competenceId: positionCompetences.competenceId, level: positionCompetences.requiredLevel })
      .from(positionCompetences)
      .where(eq(positionCompetences.positionId, keep.id));
    expect(levels).toHaveLength(2);
    expect(levels).toContainEqual({ competenceId: comp("collaboration"), level: 2 });
    expect(levels).toContainEqual({ competenceId: comp("planning"), level: 3 });
    expect(await getDb().select().from(positions).where(eq(positions.id, gone.id))).toEqual([]);
    const [ambition] = await getDb()
      .select({ positionId: ambitions.positionId })
      .from(ambitions)
      .where(eq(ambitions.membershipId, employee.membership.id));
    expect(ambition.positionId).toBe(keep.id);
  });
});
