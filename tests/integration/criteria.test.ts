import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  criteria,
  criteriaSetCriteria,
  criteriaSets,
  criteriaSetTeams,
  criterionTags,
  reviewSettings,
  tags,
} from "#db/schema";
import { defaultCriteriaBook } from "~/features/criteria/default-book";
import { action as bookActionAction, loader as bookActionLoader } from "~/routes/_app+/criteria+/book.$action";
import { action as bookAction, loader as bookLoader } from "~/routes/_app+/criteria+/book._index";
import { action as setAction, loader as setLoader } from "~/routes/_app+/criteria+/sets.$setId";
import { action as setsAction, loader as setsLoader } from "~/routes/_app+/criteria+/sets._index";
import { action as tagAction, loader as tagLoader } from "~/routes/_app+/criteria+/tags.$tagId";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app+/review+/settings";
import { loader as storeLoader } from "~/routes/api+/criteria";
import { action as setApiAction } from "~/routes/api+/criteria-sets.$id";
import { createAccount, createClusterFor, createTeam, createUserWithMembership } from "../factories";
import { BASE, context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";

type World = Awaited<ReturnType<typeof buildWorld>>;
let w: World;

async function signedIn(
  accountId: string,
  clusterId: string,
  roles: Parameters<typeof createUserWithMembership>[1]["roles"],
) {
  const u = await createUserWithMembership(getDb(), { accountId, clusterId, roles });
  return (await sessionCookieFor({ userId: u.user.id, accountId, clusterId })).cookie;
}

async function buildWorld() {
  const db = getDb();
  const a = await createAccount(db);
  const clusterA = await createClusterFor(db, a.id);
  const teamA = await createTeam(db, { accountId: a.id, clusterId: clusterA.id });
  const b = await createAccount(db);
  const clusterB = await createClusterFor(db, b.id);
  const teamB = await createTeam(db, { accountId: b.id, clusterId: clusterB.id });
  const hrA = await signedIn(a.id, clusterA.id, [{ role: "cluster_admin" }]);
  const hrB = await signedIn(b.id, clusterB.id, [{ role: "cluster_admin" }]);
  const leaderA = await signedIn(a.id, clusterA.id, [{ role: "team_admin", teamId: teamA.id }]);
  const employeeA = await signedIn(a.id, clusterA.id, [{ role: "employee" }]);
  const criteriaA = await db.select().from(criteria).where(eq(criteria.clusterId, clusterA.id));
  const [tagA] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.clusterId, clusterA.id), eq(tags.kind, "criteria")));
  return { a, b, clusterA, clusterB, teamA, teamB, hrA, hrB, leaderA, employeeA, criteriaA, tagA };
}

beforeAll(async () => {
  w = await buildWorld();
});

type AnyAction = (args: ActionFunctionArgs) => Promise<unknown>;

const post = (fn: AnyAction, path: string, fields: Record<string, string>, cookie: string, params = {}) =>
  run(() => fn({ request: formRequest(path, fields, cookie), context: context(), params }));

function formBody(fields: [string, string][]) {
  const body = new URLSearchParams();
  for (const [k, v] of fields) body.append(k, v);
  return body;
}

function postMulti(fn: AnyAction, path: string, fields: [string, string][], cookie: string, params = {}) {
  const request = new Request(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: formBody(fields).toString(),
  });
  return run(() => fn({ request, context: context(), params }));
}

async function createSetFor(
  clusterId: string,
  accountId: string,
  values: Partial<typeof criteriaSets.$inferInsert> = {},
) {
  const [set] = await getDb()
    .insert(criteriaSets)
    .values({ accountId, clusterId, name: `Set ${Math.random().toString(36).slice(2)}`, ...values })
    .returning();
  return set;
}

describe("the default criteria book", () => {
  it("is seeded into every new cluster: ten criteria per dimension with all five characteristics and a system tag", async () => {
    expect(w.criteriaA).toHaveLength(defaultCriteriaBook.length);
    for (const d of [1, 2, 3]) expect(w.criteriaA.filter((c) => c.dimension === d)).toHaveLength(10);
    for (const c of w.criteriaA)
      expect(Object.keys(c.characteristics).sort()).toEqual(["excellent", "good", "low", "mediocre", "normal"]);
    expect(w.criteriaA.find((c) => c.sourceKey === "quality")?.name).toBe("Kwaliteit van werk");
    expect(w.tagA).toMatchObject({ isSystem: true, name: "Standaard" });
  });
});

describe("criteria book", () => {
  it("lists, filters by dimension and searches by GET", async () => {
    const result = (await bookLoader({
      request: getRequest("/criteria/book?dimension=2&q=leer", w.hrA),
      context: context(),
      params: {},
    })) as { list: { rows: { name: string; dimension: number; tags: { name: string }[] }[] } };
    expect(result.list.rows.map((r) => r.name)).toEqual(["Leervermogen"]);
    expect(result.list.rows[0].tags.map((t) => t.name)).toEqual(["Standaard"]);
  });

  it("adds a criterion, refusing a name that exists case-insensitively", async () => {
    const fields = {
      name: "Gastvrijheid",
      description: "Ontvangt mensen hartelijk",
      dimension: "1",
      excellent: "Altijd",
    };
    const res = (await post(bookActionAction, "/criteria/book/add", fields, w.hrA, { action: "add" })) as Response;
    expect(res.status).toBe(302);
    const again = unwrapData(
      await post(bookActionAction, "/criteria/book/add", { ...fields, name: "GASTVRIJHEID" }, w.hrA, { action: "add" }),
    );
    expect(again.status).toBe(400);
    expect((again.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:alreadyExists"]);
  });

  it("archives and restores", async () => {
    const target = w.criteriaA.find((c) => c.sourceKey === "mobility")!;
    await post(bookAction, "/criteria/book", { intent: "archive", id: target.id }, w.hrA);
    let [row] = await getDb().select().from(criteria).where(eq(criteria.id, target.id));
    expect(row.archivedAt).not.toBeNull();
    await post(bookAction, "/criteria/book", { intent: "restore", id: target.id }, w.hrA);
    [row] = await getDb().select().from(criteria).where(eq(criteria.id, target.id));
    expect(row.archivedAt).toBeNull();
  });

  it("merge keeps set memberships and tags on the criterion that remains, in one go", async () => {
    const keep = w.criteriaA.find((c) => c.sourceKey === "curiosity")!;
    const gone = w.criteriaA.find((c) => c.sourceKey === "innovation")!;
    const setOne = await createSetFor(w.clusterA.id, w.a.id);
    const setBoth = await createSetFor(w.clusterA.id, w.a.id);
    const base = { accountId: w.a.id, clusterId: w.clusterA.id };
    await getDb()
      .insert(criteriaSetCriteria)
      .values([
        { ...base, setId: setOne.id, criterionId: gone.id },
        { ...base, setId: setBoth.id, criterionId: gone.id },
        { ...base, setId: setBoth.id, criterionId: keep.id },
      ]);
    const res = (await postMulti(
      bookActionAction,
      "/criteria/book/merge",
      [
        ["ids", keep.id],
        ["ids", gone.id],
        ["keepId", keep.id],
      ],
      w.hrA,
      { action: "merge" },
    )) as Response;
    expect(res.status).toBe(302);
    expect(await getDb().select().from(criteria).where(eq(criteria.id, gone.id))).toHaveLength(0);
    const memberships = await getDb()
      .select({ setId: criteriaSetCriteria.setId })
      .from(criteriaSetCriteria)
      .where(eq(criteriaSetCriteria.criterionId, keep.id));
    expect(memberships.map((m) => m.setId).sort()).toEqual([setOne.id, setBoth.id].sort());
    const tagRows = await getDb().select().from(criterionTags).where(eq(criterionTags.criterionId, keep.id));
    expect(tagRows.map((t) => t.tagId)).toContain(w.tagA.id);
  });

  it("refuses a merge of anything but two criteria", async () => {
    const [one, two, three] = w.criteriaA.filter((c) => c.dimension === 3);
    const { status, data } = unwrapData(
      await postMulti(
        bookActionAction,
        "/criteria/book/merge",
        [
          ["ids", one.id],
          ["ids", two.id],
          ["ids", three.id],
          ["keepId", one.id],
        ],
        w.hrA,
        { action: "merge" },
      ),
    );
    expect(status).toBe(400);
    expect((data as { error: Record<string, string[]> }).error.ids).toEqual(["validation:selectionLimit"]);
  });
});

describe("criteria sets", () => {
  it("creates a set with flex 2, criteria and teams", async () => {
    const [c1, c2] = w.criteriaA.filter((c) => c.dimension === 1);
    const res = (await postMulti(
      setAction,
      "/criteria/sets/new",
      [
        ["name", "Zorgteams"],
        ["flex", "2"],
        ["visibleToTeamLeaders", "on"],
        ["isActive", "on"],
        ["criterionIds", c1.id],
        ["criterionIds", c2.id],
        ["teamIds", w.teamA.id],
      ],
      w.hrA,
      { setId: "new" },
    )) as Response;
    expect(res.status).toBe(302);
    const [set] = await getDb().select().from(criteriaSets).where(eq(criteriaSets.name, "Zorgteams"));
    expect(set).toMatchObject({ flex: 2, visibleToTeamLeaders: true, isActive: true, basic: false });
    expect(await getDb().select().from(criteriaSetCriteria).where(eq(criteriaSetCriteria.setId, set.id))).toHaveLength(
      2,
    );
    expect(await getDb().select().from(criteriaSetTeams).where(eq(criteriaSetTeams.setId, set.id))).toHaveLength(1);
    const listed = (await setsLoader({
      request: getRequest("/criteria/sets", w.hrA),
      context: context(),
      params: {},
    })) as {
      sets: { id: string; criteria: { id: string }[]; teamIds: string[] }[];
    };
    const shown = listed.sets.find((s) => s.id === set.id)!;
    expect(shown.criteria.map((c) => c.id).sort()).toEqual([c1.id, c2.id].sort());
    expect(shown.teamIds).toEqual([w.teamA.id]);
  });

  it("refuses flex outside 0–20 and keeps what was typed", async () => {
    const { status, data } = unwrapData(
      await postMulti(
        setAction,
        "/criteria/sets/new",
        [
          ["name", "Te flexibel"],
          ["flex", "99"],
        ],
        w.hrA,
        { setId: "new" },
      ),
    );
    expect(status).toBe(400);
    const reply = data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.flex).toEqual(["validation:minMax"]);
    expect(reply.initialValue.name).toBe("Te flexibel");
  });

  it("toggles visibility and isActive by form and isActive by PUT", async () => {
    const set = await createSetFor(w.clusterA.id, w.a.id);
    await post(setsAction, "/criteria/sets", { intent: "visible", id: set.id }, w.hrA);
    await post(setsAction, "/criteria/sets", { intent: "inactive", id: set.id }, w.hrA);
    let [row] = await getDb().select().from(criteriaSets).where(eq(criteriaSets.id, set.id));
    expect(row).toMatchObject({ visibleToTeamLeaders: true, isActive: false });
    const res = (await run(() =>
      setApiAction({
        request: putRequest(`/api/criteria-sets/${set.id}`, { isActive: true }, w.hrA),
        context: context(),
        params: { id: set.id },
      }),
    )) as Response;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: set.id, isActive: true });
    [row] = await getDb().select().from(criteriaSets).where(eq(criteriaSets.id, set.id));
    expect(row.isActive).toBe(true);
  });

  it("team leaders see only active sets made visible to them", async () => {
    const visible = await createSetFor(w.clusterA.id, w.a.id, {
      visibleToTeamLeaders: true,
      name: "Zichtbaar voor leiders",
    });
    const hidden = await createSetFor(w.clusterA.id, w.a.id, { visibleToTeamLeaders: false, name: "Alleen HR" });
    const res = (await run(() =>
      storeLoader({ request: getRequest("/api/criteria?for=store", w.leaderA), context: context(), params: {} }),
    )) as Response;
    const store = (await res.json()) as { sets: { id: string }[]; criteria: unknown[]; tags: unknown[]; flow: unknown };
    const ids = store.sets.map((s) => s.id);
    expect(ids).toContain(visible.id);
    expect(ids).not.toContain(hidden.id);
    expect(store.criteria.length).toBeGreaterThan(0);
    expect(store.tags.length).toBeGreaterThan(0);
    const hrRes = (await run(() =>
      storeLoader({ request: getRequest("/api/criteria?for=store", w.hrA), context: context(), params: {} }),
    )) as Response;
    expect(((await hrRes.json()) as { sets: { id: string }[] }).sets.map((s) => s.id)).toContain(hidden.id);
  });

  it("the JSON routes answer 401 and 403 as JSON, never redirects", async () => {
    const anonymous = (await run(() =>
      storeLoader({ request: getRequest("/api/criteria?for=store"), context: context(), params: {} }),
    )) as Response;
    expect(anonymous.status).toBe(401);
    const employee = (await run(() =>
      storeLoader({ request: getRequest("/api/criteria?for=store", w.employeeA), context: context(), params: {} }),
    )) as Response;
    expect(employee.status).toBe(403);
    const set = await createSetFor(w.clusterA.id, w.a.id);
    const leader = (await run(() =>
      setApiAction({
        request: putRequest(`/api/criteria-sets/${set.id}`, { isActive: false }, w.leaderA),
        context: context(),
        params: { id: set.id },
      }),
    )) as Response;
    expect(leader.status).toBe(403);
    expect(leader.headers.get("Content-Type")).toMatch(/json/);
  });
});

function putRequest(path: string, body: unknown, cookie?: string) {
  return new Request(BASE + path, {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

describe("criteria tags", () => {
  it("renames, merges and splits; system tags cannot be deleted", async () => {
    const db = getDb();
    const [t1] = await db
      .insert(tags)
      .values({ accountId: w.a.id, clusterId: w.clusterA.id, kind: "criteria", name: "Zorg" })
      .returning();
    const [t2] = await db
      .insert(tags)
      .values({ accountId: w.a.id, clusterId: w.clusterA.id, kind: "criteria", name: "Welzijn" })
      .returning();
    const [c1, c2] = w.criteriaA.filter((c) => c.dimension === 3);
    const base = { accountId: w.a.id, clusterId: w.clusterA.id };
    await db.insert(criterionTags).values([
      { ...base, criterionId: c1.id, tagId: t2.id },
      { ...base, criterionId: c2.id, tagId: t2.id },
    ]);
    await post(tagAction, `/criteria/tags/${t1.id}`, { intent: "rename", name: "Zorg en welzijn" }, w.hrA, {
      tagId: t1.id,
    });
    const dup = unwrapData(
      await post(tagAction, `/criteria/tags/${t1.id}`, { intent: "rename", name: "STANDAARD" }, w.hrA, {
        tagId: t1.id,
      }),
    );
    expect(dup.status).toBe(400);
    await post(tagAction, `/criteria/tags/${t1.id}`, { intent: "merge", mergeId: t2.id }, w.hrA, { tagId: t1.id });
    expect(await db.select().from(tags).where(eq(tags.id, t2.id))).toHaveLength(0);
    expect(await db.select().from(criterionTags).where(eq(criterionTags.tagId, t1.id))).toHaveLength(2);
    const needs = unwrapData(
      await post(tagAction, `/criteria/tags/${t1.id}`, { intent: "split", name: "Nieuw" }, w.hrA, { tagId: t1.id }),
    );
    expect((needs.data as { reply: { error: Record<string, string[]> } }).reply.error.criterionIds).toEqual([
      "criteria:tags.splitNeedsCriteria",
    ]);
    await post(tagAction, `/criteria/tags/${t1.id}`, { intent: "split", name: "Nieuw", criterionIds: c2.id }, w.hrA, {
      tagId: t1.id,
    });
    const [created] = await db
      .select()
      .from(tags)
      .where(and(eq(tags.clusterId, w.clusterA.id), eq(tags.name, "Nieuw")));
    expect(
      (await db.select().from(criterionTags).where(eq(criterionTags.tagId, created.id))).map((r) => r.criterionId),
    ).toEqual([c2.id]);
    await post(tagAction, `/criteria/tags/${w.tagA.id}`, { intent: "delete" }, w.hrA, { tagId: w.tagA.id });
    expect(await db.select().from(tags).where(eq(tags.id, w.tagA.id))).toHaveLength(1);
  });
});

describe("review settings", () => {
  it("are created with defaults and save scale, a renamed dimension and thresholds", async () => {
    const loaded = (await settingsLoader({
      request: getRequest("/review/settings", w.hrA),
      context: context(),
      params: {},
    })) as {
      values: Record<string, string>;
    };
    expect(loaded.values).toMatchObject({ currentScale: "5", d1_name_nl: "Prestatie", lowerPercent: "33" });
    const fields: [string, string][] = Object.entries({
      ...loaded.values,
      currentScale: "3",
      d1_name_nl: "Resultaat",
      reviewerRoles: "team_admin",
    }).map(([k, v]) => [k, String(v)]);
    const res = (await postMulti(settingsAction, "/review/settings", fields, w.hrA)) as Response;
    expect(res.status).toBe(302);
    const [row] = await getDb().select().from(reviewSettings).where(eq(reviewSettings.clusterId, w.clusterA.id));
    expect(row.currentScale).toBe(3);
    expect(row.dimensions["1"]?.name?.nl).toBe("Resultaat");
    const bad = unwrapData(
      await postMulti(
        settingsAction,
        "/review/settings",
        fields.map(([k, v]) => [k, k === "lowerPercent" ? "80" : v]),
        w.hrA,
      ),
    );
    expect(bad.status).toBe(400);
    expect((bad.data as { error: Record<string, string[]> }).error.upperPercent).toEqual([
      "criteria:settings.upperAboveLower",
    ]);
  });
});

describe("tenant isolation", () => {
  const notFound = (r: unknown) => expect((r as Response).status).toBe(404);

  it("another account's criteria, sets and tags are 404 by URL", async () => {
    const criterionB = (await getDb().select().from(criteria).where(eq(criteria.clusterId, w.clusterB.id)))[0];
    const [tagB] = await getDb().select().from(tags).where(eq(tags.clusterId, w.clusterB.id));
    const setB = await createSetFor(w.clusterB.id, w.b.id);
    notFound(
      await run(() =>
        bookActionLoader({
          request: getRequest(`/criteria/book/edit?id=${criterionB.id}`, w.hrA),
          context: context(),
          params: { action: "edit" },
        }),
      ),
    );
    notFound(
      await post(
        bookActionAction,
        `/criteria/book/edit?id=${criterionB.id}`,
        { name: "Overgenomen", dimension: "1" },
        w.hrA,
        { action: "edit" },
      ),
    );
    notFound(
      await run(() =>
        setLoader({
          request: getRequest(`/criteria/sets/${setB.id}`, w.hrA),
          context: context(),
          params: { setId: setB.id },
        }),
      ),
    );
    notFound(
      await post(setAction, `/criteria/sets/${setB.id}`, { name: "Overgenomen", flex: "0" }, w.hrA, { setId: setB.id }),
    );
    notFound(
      await run(() =>
        tagLoader({
          request: getRequest(`/criteria/tags/${tagB.id}`, w.hrA),
          context: context(),
          params: { tagId: tagB.id },
        }),
      ),
    );
    for (const intent of ["rename", "delete", "assign"]) {
      notFound(await post(tagAction, `/criteria/tags/${tagB.id}`, { intent, name: "X" }, w.hrA, { tagId: tagB.id }));
    }
    const api = (await run(() =>
      setApiAction({
        request: putRequest(`/api/criteria-sets/${setB.id}`, { isActive: false }, w.hrA),
        context: context(),
        params: { id: setB.id },
      }),
    )) as Response;
    expect(api.status).toBe(404);
    const [after] = await getDb().select().from(criteriaSets).where(eq(criteriaSets.id, setB.id));
    expect(after.isActive).toBe(true);
    const [criterionAfter] = await getDb().select().from(criteria).where(eq(criteria.id, criterionB.id));
    expect(criterionAfter.name).toBe(criterionB.name);
  });

  it("another account's criteria, sets, tags and teams are 404 by form field", async () => {
    const criteriaB = await getDb().select().from(criteria).where(eq(criteria.clusterId, w.clusterB.id));
    const [tagB] = await getDb().select().from(tags).where(eq(tags.clusterId, w.clusterB.id));
    const setB = await createSetFor(w.clusterB.id, w.b.id);
    const mine = w.criteriaA.filter((c) => c.dimension === 2);
    notFound(await post(bookAction, "/criteria/book", { intent: "archive", id: criteriaB[0].id }, w.hrA));
    notFound(await post(setsAction, "/criteria/sets", { intent: "inactive", id: setB.id }, w.hrA));
    notFound(await post(setsAction, "/criteria/sets", { intent: "archive", id: setB.id }, w.hrA));
    notFound(
      await post(
        bookActionAction,
        "/criteria/book/add",
        { name: "Met vreemde tag", dimension: "1", tagIds: tagB.id },
        w.hrA,
        { action: "add" },
      ),
    );
    notFound(
      await postMulti(
        bookActionAction,
        "/criteria/book/merge",
        [
          ["ids", mine[0].id],
          ["ids", criteriaB[1].id],
          ["keepId", mine[0].id],
        ],
        w.hrA,
        { action: "merge" },
      ),
    );
    notFound(
      await postMulti(
        setAction,
        "/criteria/sets/new",
        [
          ["name", "Vreemd 1"],
          ["flex", "0"],
          ["criterionIds", criteriaB[0].id],
        ],
        w.hrA,
        { setId: "new" },
      ),
    );
    notFound(
      await postMulti(
        setAction,
        "/criteria/sets/new",
        [
          ["name", "Vreemd 2"],
          ["flex", "0"],
          ["teamIds", w.teamB.id],
        ],
        w.hrA,
        { setId: "new" },
      ),
    );
    const [myTag] = await getDb()
      .insert(tags)
      .values({ accountId: w.a.id, clusterId: w.clusterA.id, kind: "criteria", name: "Eigen" })
      .returning();
    notFound(
      await post(tagAction, `/criteria/tags/${myTag.id}`, { intent: "merge", mergeId: tagB.id }, w.hrA, {
        tagId: myTag.id,
      }),
    );
    notFound(
      await post(tagAction, `/criteria/tags/${myTag.id}`, { intent: "assign", criterionIds: criteriaB[0].id }, w.hrA, {
        tagId: myTag.id,
      }),
    );
    notFound(
      await post(
        tagAction,
        `/criteria/tags/${myTag.id}`,
        { intent: "split", name: "Splits", criterionIds: criteriaB[0].id },
        w.hrA,
        { tagId: myTag.id },
      ),
    );
    expect(
      await getDb()
        .select()
        .from(criteriaSets)
        .where(inArray(criteriaSets.name, ["Vreemd 1", "Vreemd 2"])),
    ).toHaveLength(0);
    const [stillB] = await getDb().select().from(criteria).where(eq(criteria.id, criteriaB[0].id));
    expect(stillB.archivedAt).toBeNull();
  });

  it("pages need their rights: a team leader is sent to the dashboard", async () => {
    const pages: [(args: LoaderFunctionArgs) => Promise<unknown>, string][] = [
      [bookLoader, "/criteria/book"],
      [setsLoader, "/criteria/sets"],
      [settingsLoader, "/review/settings"],
    ];
    for (const [loader, path] of pages) {
      const res = (await run(() =>
        loader({ request: getRequest(path, w.leaderA), context: context(), params: {} }),
      )) as Response;
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe("/dashboard");
    }
  });
});
