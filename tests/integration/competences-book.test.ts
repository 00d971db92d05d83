/**
 * Competences (issue #19): the default book for existing clusters (migration 0027, decision 1300); a position
 * merge moves required levels (decision 1301); merging competences, competence tags and the matrix filtered
 * by tag (decision 1302) — rights, tenancy with foreign ids, bad input.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  ambitions,
  clusters,
  competences,
  competenceScores,
  competenceTags,
  positionCompetences,
  positions,
  tags,
} from "#db/schema";
import { action as bookFormAction, loader as bookFormLoader } from "~/routes/_app+/competences+/book.$action";
import { loader as bookLoader } from "~/routes/_app+/competences+/book._index";
import {
  action as competenceMergeAction,
  loader as competenceMergeLoader,
} from "~/routes/_app+/competences+/book.$id.merge";
import { loader as matrixLoader } from "~/routes/_app+/competences+/matrix";
import { loader as positionScoresLoader } from "~/routes/_app+/competences+/scores.positions.$id";
import { action as tagAction, loader as tagLoader } from "~/routes/_app+/competences+/tags.$tagId";
import { action as tagsAction, loader as tagsLoader } from "~/routes/_app+/competences+/tags._index";
import {
  action as positionMergeAction,
  loader as positionMergeLoader,
} from "~/routes/_app+/personnel+/positions.$positionId.merge";
import { createUserWithMembership } from "../factories";
import { context, getRequest, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";
import { contractFor, employeeIn, orgWorld, positionIn, postForm } from "../support/org";

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

type World = Awaited<ReturnType<typeof orgWorld>>;

async function bookIds(w: World) {
  const rows = await getDb()
    .select({ id: competences.id, key: competences.sourceKey })
    .from(competences)
    .where(eq(competences.clusterId, w.cluster.id));
  return (key: string) => rows.find((c) => c.key === key)!.id;
}

/** "302 /x", "404" or "400" for a loader or action result. */
function outcome(result: unknown) {
  if (result instanceof Response) return `${result.status} ${result.headers.get("Location") ?? ""}`.trim();
  return String(unwrapData(result).status);
}

/** An employee of the cluster without competences.manage. */
async function employeeCookie(w: World) {
  const employee = await employeeIn(w);
  return (await sessionCookieFor({ userId: employee.user.id, accountId: w.account.id, clusterId: w.cluster.id }))
    .cookie;
}

describe("competence tags (decision 1302)", () => {
  it("adds, renames and deletes a tag; an empty or duplicate name is refused next to the field; others' tags 404", async () => {
    const w = await orgWorld();
    const other = await orgWorld();
    const add = (name: string, cookie = w.cookie) =>
      run(() =>
        tagsAction({ request: postForm("/competences/tags", { name }, cookie), context: context(), params: {} }),
      );
    const empty = unwrapData(await add("  "));
    expect(empty.status).toBe(400);
    expect((empty.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:required"]);
    expect(outcome(await add("Zorg"))).toBe("302 /competences/tags");
    const dup = unwrapData(await add("zorg"));
    expect((dup.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:alreadyExists"]);
    expect((dup.data as { initialValue: { name: string } }).initialValue.name).toBe("zorg");
    // A personnel tag of the same name is another kind: no clash, and not listed here.
    await getDb()
      .insert(tags)
      .values({ accountId: w.account.id, clusterId: w.cluster.id, kind: "personnel", name: "Org" });
    expect(outcome(await add("Org"))).toBe("302 /competences/tags");
    const list = (await run(() =>
      tagsLoader({ request: getRequest("/competences/tags", w.cookie), context: context(), params: {} }),
    )) as { tags: { id: string; name: string }[] };
    expect(list.tags.map((t) => t.name)).toEqual(["Org", "Zorg"]);
    const zorg = list.tags.find((t) => t.name === "Zorg")!.id;

    const tagPost = (id: string, fields: Record<string, string>, cookie = w.cookie) =>
      run(() =>
        tagAction({
          request: postForm(`/competences/tags/${id}`, fields, cookie),
          context: context(),
          params: { tagId: id },
        }),
      );
    const clash = unwrapData(await tagPost(zorg, { name: "org" }));
    expect(clash.status).toBe(400);
    expect(outcome(await tagPost(zorg, { name: "Zorg en welzijn" }))).toBe("302 /competences/tags");
    expect(outcome(await tagPost(zorg, { name: "Overgenomen" }, other.cookie))).toBe("404");
    expect(outcome(await tagPost(zorg, { intent: "delete" }, other.cookie))).toBe("404");
    expect(
      outcome(
        await run(() =>
          tagLoader({
            request: getRequest(`/competences/tags/${zorg}`, other.cookie),
            context: context(),
            params: { tagId: zorg },
          }),
        ),
      ),
    ).toBe("404");
    expect(outcome(await add("Leider", await employeeCookie(w)))).toBe("302 /dashboard");
    expect(outcome(await tagPost(zorg, { intent: "delete" }))).toBe("302 /competences/tags");
    expect(await getDb().select().from(tags).where(eq(tags.id, zorg))).toEqual([]);
  });

  it("a competence carries tags from its form; a foreign or personnel tag is a 404; the book and the matrix filter by tag and type", async () => {
    const w = await orgWorld();
    const other = await orgWorld();
    const comp = await bookIds(w);
    const [zorg, org, personnel] = await getDb()
      .insert(tags)
      .values([
        { accountId: w.account.id, clusterId: w.cluster.id, kind: "competence", name: "Zorg" },
        { accountId: w.account.id, clusterId: w.cluster.id, kind: "competence", name: "Organisatie" },
        { accountId: w.account.id, clusterId: w.cluster.id, kind: "personnel", name: "Personeel" },
      ])
      .returning({ id: tags.id });
    const [foreign] = await getDb()
      .insert(tags)
      .values({ accountId: other.account.id, clusterId: other.cluster.id, kind: "competence", name: "Zorg" })
      .returning({ id: tags.id });
    const edit = (id: string, fields: Record<string, string | string[]>) =>
      run(() =>
        bookFormAction({
          request: postForm(`/competences/book/edit?id=${id}`, fields, w.cookie),
          context: context(),
          params: { action: "edit" },
        }),
      );
    const planning = comp("planning");
    expect(
      outcome(await edit(planning, { name: "Plannen en organiseren", type: "competence", tagIds: [zorg.id, org.id] })),
    ).toBe("302 /competences/book");
    expect(outcome(await edit(comp("reporting"), { name: "Rapporteren", type: "functional", tagIds: zorg.id }))).toBe(
      "302 /competences/book",
    );
    expect(outcome(await edit(planning, { name: "Plannen", type: "competence", tagIds: foreign.id }))).toBe("404");
    expect(outcome(await edit(planning, { name: "Plannen", type: "competence", tagIds: personnel.id }))).toBe("404");
    // A refused post keeps the chosen tags and writes nothing.
    const refused = unwrapData(await edit(planning, { name: "", type: "competence", tagIds: [org.id] }));
    expect(refused.status).toBe(400);
    expect((refused.data as { initialValue: { tagIds: string } }).initialValue.tagIds).toBe(org.id);
    const stored = await getDb().select().from(competenceTags).where(eq(competenceTags.competenceId, planning));
    expect(stored.map((r) => r.tagId).sort()).toEqual([zorg.id, org.id].sort());
    const form = (await run(() =>
      bookFormLoader({
        request: getRequest(`/competences/book/edit?id=${planning}`, w.cookie),
        context: context(),
        params: { action: "edit" },
      }),
    )) as { competence: { tagIds: string[] }; tags: { id: string }[] };
    expect(form.competence.tagIds.sort()).toEqual([zorg.id, org.id].sort());
    expect(form.tags.map((t) => t.id)).not.toContain(personnel.id);

    const book = (await run(() =>
      bookLoader({ request: getRequest(`/competences/book?tag=${zorg.id}`, w.cookie), context: context(), params: {} }),
    )) as { rows: { name: string; tags: string[] }[] };
    expect(book.rows.map((r) => r.name)).toEqual(["Plannen en organiseren", "Rapporteren"]);
    expect(book.rows[0].tags).toEqual(["Organisatie", "Zorg"]);
    const matrix = async (query: string) =>
      (
        (await run(() =>
          matrixLoader({
            request: getRequest(`/competences/matrix${query}`, w.cookie),
            context: context(),
            params: {},
          }),
        )) as { matrix: { columns: { name: string }[] } }
      ).matrix.columns.map((c) => c.name);
    expect(await matrix(`?tag=${zorg.id}`)).toEqual(["Plannen en organiseren", "Rapporteren"]);
    expect(await matrix(`?tag=${zorg.id}&type=functional`)).toEqual(["Rapporteren"]);
    expect(await matrix(`?tag=${org.id}`)).toEqual(["Plannen en organiseren"]);
    // Another cluster's tag matches none of this cluster's competences; a malformed one is no filter.
    expect(await matrix(`?tag=${foreign.id}`)).toEqual([]);
    expect(await matrix("?tag=nonsense")).toHaveLength(12);
  });
});

describe("merging competences (decision 1302)", () => {
  it("previews, then moves levels, tags, ambitions and scores with their history; a foreign competence is a 404", async () => {
    const w = await orgWorld();
    const other = await orgWorld();
    const comp = await bookIds(w);
    const keep = comp("communication");
    const gone = comp("reporting");
    const [pos1, pos2] = [await positionIn(w), await positionIn(w)];
    const cell = (positionId: string, competenceId: string, requiredLevel: number) => ({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      positionId,
      competenceId,
      requiredLevel,
    });
    await getDb()
      .insert(positionCompetences)
      .values([cell(pos1.id, keep, 2), cell(pos1.id, gone, 5), cell(pos2.id, gone, 3)]);
    const [tag] = await getDb()
      .insert(tags)
      .values({ accountId: w.account.id, clusterId: w.cluster.id, kind: "competence", name: "Zorg" })
      .returning({ id: tags.id });
    await getDb()
      .insert(competenceTags)
      .values({ accountId: w.account.id, clusterId: w.cluster.id, competenceId: gone, tagId: tag.id });
    const [both, onlyGone] = [await employeeIn(w), await employeeIn(w)];
    const score = (membershipId: string, competenceId: string, level: number, supersededAt: Date | null = null) => ({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      membershipId,
      competenceId,
      level,
      supersededAt,
    });
    await getDb()
      .insert(competenceScores)
      .values([
        score(both.membership.id, keep, 3),
        score(both.membership.id, gone, 4),
        score(onlyGone.membership.id, gone, 1, new Date("2026-01-01")),
        score(onlyGone.membership.id, gone, 2),
      ]);
    await getDb().insert(ambitions).values({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      membershipId: both.membership.id,
      competenceId: gone,
    });
    const path = `/competences/book/${keep}/merge`;
    const preview = (await run(() =>
      competenceMergeLoader({
        request: getRequest(`${path}?otherCompetenceId=${gone}&keep=this`, w.cookie),
        context: context(),
        params: { id: keep },
      }),
    )) as { preview: { lines: { label: string; moved: number; dropped: number }[] } };
    const line = (label: string) => preview.preview.lines.find((l) => l.label === `competences:merge.preview.${label}`);
    expect(line("requiredLevels")).toMatchObject({ moved: 1, dropped: 1 });
    expect(line("scores")).toMatchObject({ moved: 3, dropped: 0 });
    expect(line("tags")).toMatchObject({ moved: 1, dropped: 0 });
    expect(line("ambitions")).toMatchObject({ moved: 1, dropped: 0 });
    // The preview rolled back.
    expect(await getDb().select().from(competences).where(eq(competences.id, gone))).toHaveLength(1);

    const post = (fields: Record<string, string>, cookie = w.cookie, id = keep) =>
      run(() =>
        competenceMergeAction({
          request: postForm(`/competences/book/${id}/merge`, fields, cookie),
          context: context(),
          params: { id },
        }),
      );
    expect(outcome(await post({ otherCompetenceId: gone, keep: "this" }, other.cookie))).toBe("404");
    const foreign = (await bookIds(other))("planning");
    expect(outcome(await post({ otherCompetenceId: foreign, keep: "this" }))).toBe("404");
    expect(outcome(await post({ otherCompetenceId: keep, keep: "this" }))).toBe("400");
    expect(outcome(await post({ otherCompetenceId: "", keep: "this" }))).toBe("400");
    expect(outcome(await post({ otherCompetenceId: gone, keep: "this" }, await employeeCookie(w)))).toBe(
      "302 /dashboard",
    );
    expect(await getDb().select().from(competences).where(eq(competences.id, gone))).toHaveLength(1);

    expect(outcome(await post({ otherCompetenceId: gone, keep: "this" }))).toBe(
      `302 /competences/book/edit?id=${keep}`,
    );
    expect(await getDb().select().from(competences).where(eq(competences.id, gone))).toEqual([]);
    const levels = await getDb()
      .select({ positionId: positionCompetences.positionId, level: positionCompetences.requiredLevel })
      .from(positionCompetences)
      .where(eq(positionCompetences.competenceId, keep));
    expect(levels).toHaveLength(2);
    expect(levels).toContainEqual({ positionId: pos1.id, level: 2 });
    expect(levels).toContainEqual({ positionId: pos2.id, level: 3 });
    const current = await getDb()
      .select({ membershipId: competenceScores.membershipId, level: competenceScores.level })
      .from(competenceScores)
      .where(and(eq(competenceScores.competenceId, keep), isNull(competenceScores.supersededAt)));
    expect(current).toHaveLength(2);
    expect(current).toContainEqual({ membershipId: both.membership.id, level: 3 });
    expect(current).toContainEqual({ membershipId: onlyGone.membership.id, level: 2 });
    const all = await getDb().select().from(competenceScores).where(eq(competenceScores.competenceId, keep));
    expect(all).toHaveLength(4);
    expect(await getDb().select().from(competenceTags).where(eq(competenceTags.competenceId, keep))).toHaveLength(1);
    const [ambition] = await getDb().select().from(ambitions).where(eq(ambitions.membershipId, both.membership.id));
    expect(ambition.competenceId).toBe(keep);
  });
});

describe("a position's scores page is paged (docs/performance.md)", () => {
  it("shows 50 holders a page with the total; page 2 has the rest", async () => {
    const w = await orgWorld();
    const comp = await bookIds(w);
    const position = await positionIn(w);
    await getDb()
      .insert(positionCompetences)
      .values({
        accountId: w.account.id,
        clusterId: w.cluster.id,
        positionId: position.id,
        competenceId: comp("planning"),
        requiredLevel: 3,
      });
    for (let i = 0; i < 52; i++) {
      const employee = await employeeIn(w, `Houder ${String(i).padStart(2, "0")}`);
      await contractFor(w, employee.membership.id, position.id, "1.00");
    }
    const load = async (query: string) =>
      (await run(() =>
        positionScoresLoader({
          request: getRequest(`/competences/scores/positions/${position.id}${query}`, w.cookie),
          context: context(),
          params: { id: position.id },
        }),
      )) as { rows: { name: string }[]; total: number; page: number };
    const first = await load("");
    expect(first.total).toBe(52);
    expect(first.rows).toHaveLength(50);
    expect(first.rows[0].name).toContain("Houder 00");
    const second = await load("?page=2");
    expect(second.page).toBe(2);
    expect(second.rows.map((r) => r.name.replace(/^.* /, ""))).toEqual(["50", "51"]);
  });
});
