/**
 * Competence sets (decision 1412): HR makes a set of competences with levels and applies it to positions;
 * bad input is answered next to the field with what was typed kept; foreign ids are 404s that write
 * nothing; only those who manage competences open the pages; merging competences carries set places along.
 */
import { and, eq } from "drizzle-orm";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { clusters, competenceSetItems, competenceSets, positionCompetences, positions } from "#db/schema";
import { mergeCompetences } from "~/features/competences/competences.server";
import { action as applyAction, loader as applyLoader } from "~/routes/_app+/competences+/sets.$setId_.apply";
import { action as setAction, loader as setLoader } from "~/routes/_app+/competences+/sets.$setId";
import { action as listAction, loader as listLoader } from "~/routes/_app+/competences+/sets._index";
import type { DemoUserKey } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { BASE, context, getRequest, run, unwrapData } from "../support/http";
import { competenceIn, signInDemoUsers } from "../support/demo-competences";

type Role = DemoUserKey;
const cookies = {} as Record<Role, string>;
let noord = "";
let accountId = "";
let andereCluster = "";
const c = {} as Record<"leadership" | "coaching" | "planning" | "integrity" | "andere", string>;

type Handler = (args: LoaderFunctionArgs) => Promise<unknown>;

/** A form post with repeated fields (levels, positionIds) as the browser sends it. */
function post(action: Handler, path: string, fields: [string, string][], role: Role, params: Record<string, string>) {
  const request = new Request(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookies[role] },
    body: new URLSearchParams(fields).toString(),
  });
  return run(() => action({ request, params, context: context() }));
}

const load = (loader: Handler, path: string, role: Role, params: Record<string, string> = {}) =>
  run(() => loader({ request: getRequest(path, cookies[role]), params, context: context() }));

const saveSet = (setId: string, fields: [string, string][], role: Role = "hr") =>
  post(setAction, `/competences/sets/${setId}`, fields, role, { setId });

async function setNamed(name: string) {
  const [row] = await getDb()
    .select()
    .from(competenceSets)
    .where(and(eq(competenceSets.clusterId, noord), eq(competenceSets.name, name)));
  return row;
}

async function itemsOf(setId: string) {
  const rows = await getDb()
    .select({ competenceId: competenceSetItems.competenceId, level: competenceSetItems.level })
    .from(competenceSetItems)
    .where(eq(competenceSetItems.setId, setId));
  return Object.fromEntries(rows.map((r) => [r.competenceId, r.level]));
}

async function newPosition(name: string, own: Record<string, number> = {}) {
  const [row] = await getDb()
    .insert(positions)
    .values({ accountId, clusterId: noord, name })
    .returning({ id: positions.id });
  for (const [competenceId, requiredLevel] of Object.entries(own)) {
    await getDb()
      .insert(positionCompetences)
      .values({ accountId, clusterId: noord, positionId: row.id, competenceId, requiredLevel });
  }
  return row.id;
}

async function levelsOf(positionId: string) {
  const rows = await getDb()
    .select({ competenceId: positionCompetences.competenceId, level: positionCompetences.requiredLevel })
    .from(positionCompetences)
    .where(eq(positionCompetences.positionId, positionId));
  return Object.fromEntries(rows.map((r) => [r.competenceId, r.level]));
}

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  const demo = await signInDemoUsers();
  ({ noord, accountId } = demo);
  andereCluster = demo.andere;
  Object.assign(cookies, demo.cookies);
  c.leadership = await competenceIn(noord, "leadership");
  c.coaching = await competenceIn(noord, "coaching");
  c.planning = await competenceIn(noord, "planning");
  c.integrity = await competenceIn(noord, "integrity");
  c.andere = await competenceIn(andereCluster, "leadership");
}, 120_000);

describe("competence sets", () => {
  it("HR makes a set with a level per competence; the list shows it with the seed's sets", async () => {
    const result = (await saveSet("new", [
      ["name", "Projectleiding"],
      ["description", "Voor projectleiders"],
      ["levels", `${c.leadership}:4`],
      ["levels", ""],
      ["levels", `${c.planning}:3`],
    ])) as Response;
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/competences/sets");
    const set = await setNamed("Projectleiding");
    expect(set.description).toBe("Voor projectleiders");
    expect(await itemsOf(set.id)).toEqual({ [c.leadership]: 4, [c.planning]: 3 });

    const list = unwrapData(await load(listLoader, "/competences/sets", "hr")).data as {
      sets: { name: string; competences: string[] }[];
    };
    expect(list.sets.map((s) => s.name)).toEqual(
      expect.arrayContaining(["Basis zorg", "Leidinggeven", "Projectleiding"]),
    );
    expect(list.sets.find((s) => s.name === "Projectleiding")!.competences).toHaveLength(2);

    // Changing it replaces its items.
    await saveSet(set.id, [
      ["name", "Projectleiding"],
      ["levels", `${c.coaching}:2`],
    ]);
    expect(await itemsOf(set.id)).toEqual({ [c.coaching]: 2 });
  });

  it("answers an empty name, no competence and a taken name next to the field, keeps what was typed, writes nothing", async () => {
    const empty = unwrapData(
      await saveSet("new", [
        ["name", " "],
        ["levels", ""],
      ]),
    );
    expect(empty.status).toBe(400);
    const reply = empty.data as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    expect(reply.error.name).toEqual(["validation:required"]);
    expect(reply.error.levels).toEqual(["competences:sets.competencesRequired"]);

    const taken = unwrapData(
      await saveSet("new", [
        ["name", "leidinggeven"],
        ["levels", `${c.integrity}:5`],
      ]),
    );
    expect(taken.status).toBe(400);
    const takenReply = taken.data as { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    expect(takenReply.error.name).toEqual(["validation:alreadyExists"]);
    expect(takenReply.initialValue.levels).toBe(`${c.integrity}:5`);

    const outside = unwrapData(
      await saveSet("new", [
        ["name", "Buiten de schaal"],
        ["levels", `${c.integrity}:7`],
      ]),
    );
    expect((outside.data as { error: Record<string, string[]> }).error.levels).toEqual(["competences:levels.outside"]);
    expect(await setNamed("Buiten de schaal")).toBeUndefined();
  });

  it("a competence, set or position of another account is a 404 and nothing is written", async () => {
    const foreign = (await saveSet("new", [
      ["name", "Met vreemde competentie"],
      ["levels", `${c.andere}:3`],
    ])) as Response;
    expect(foreign.status).toBe(404);
    expect(await setNamed("Met vreemde competentie")).toBeUndefined();

    const [andereSet] = await getDb()
      .insert(competenceSets)
      .values({
        accountId: (await getDb().select().from(clusters).where(eq(clusters.id, andereCluster)))[0].accountId,
        clusterId: andereCluster,
        name: "Andere set",
      })
      .returning();
    expect(
      ((await load(setLoader, `/competences/sets/${andereSet.id}`, "hr", { setId: andereSet.id })) as Response).status,
    ).toBe(404);
    expect(
      (
        (await saveSet(andereSet.id, [
          ["name", "Overgenomen"],
          ["levels", `${c.leadership}:3`],
        ])) as Response
      ).status,
    ).toBe(404);
    expect((await getDb().select().from(competenceSets).where(eq(competenceSets.id, andereSet.id)))[0].name).toBe(
      "Andere set",
    );

    const leiding = await setNamed("Leidinggeven");
    const [anderePosition] = await getDb()
      .insert(positions)
      .values({ accountId: andereSet.accountId, clusterId: andereCluster, name: "Andere functie" })
      .returning();
    const own = await newPosition("Set-functie vreemd");
    const applied = (await post(
      applyAction,
      `/competences/sets/${leiding.id}/apply`,
      [
        ["positionIds", own],
        ["positionIds", anderePosition.id],
      ],
      "hr",
      { setId: leiding.id },
    )) as Response;
    expect(applied.status).toBe(404);
    expect(await levelsOf(own)).toEqual({});
    expect(
      await getDb().select().from(positionCompetences).where(eq(positionCompetences.positionId, anderePosition.id)),
    ).toEqual([]);
  });

  it("applies a set: missing levels added, own levels kept unless replaced, nothing removed", async () => {
    const set = await setNamed("Leidinggeven");
    const items = await itemsOf(set.id);
    const first = await newPosition("Set-functie A", { [c.leadership]: 2, [c.planning]: 4 });
    const second = await newPosition("Set-functie B");
    const applyTo = (fields: [string, string][]) =>
      post(applyAction, `/competences/sets/${set.id}/apply`, fields, "hr", { setId: set.id });

    const kept = (await applyTo([
      ["positionIds", first],
      ["positionIds", second],
    ])) as Response;
    expect(kept.headers.get("Location")).toBe("/competences/matrix");
    expect(await levelsOf(first)).toEqual({ ...items, [c.leadership]: 2, [c.planning]: 4 });
    expect(await levelsOf(second)).toEqual(items);

    await applyTo([
      ["positionIds", first],
      ["overwrite", "on"],
    ]);
    expect(await levelsOf(first)).toEqual({ ...items, [c.planning]: 4 });

    const none = unwrapData(await applyTo([["overwrite", "on"]]));
    expect(none.status).toBe(400);
    expect((none.data as { error: Record<string, string[]> }).error.positionIds).toEqual([
      "competences:sets.positionsRequired",
    ]);

    const page = unwrapData(await load(applyLoader, `/competences/sets/${set.id}/apply`, "hr", { setId: set.id }))
      .data as {
      levels: { name: string; level: number }[];
      positions: { id: string }[];
    };
    expect(page.levels).toHaveLength(Object.keys(items).length);
    expect(page.positions.map((p) => p.id)).toContain(first);
  });

  it("archives and restores a set; archived sets leave the active list", async () => {
    const set = await setNamed("Basis zorg");
    await post(
      listAction,
      "/competences/sets",
      [
        ["intent", "archive"],
        ["id", set.id],
      ],
      "hr",
      {},
    );
    const active = unwrapData(await load(listLoader, "/competences/sets", "hr")).data as { sets: { id: string }[] };
    expect(active.sets.map((s) => s.id)).not.toContain(set.id);
    const archived = unwrapData(await load(listLoader, "/competences/sets?archived=1", "hr")).data as {
      sets: { id: string }[];
    };
    expect(archived.sets.map((s) => s.id)).toContain(set.id);
    await post(
      listAction,
      "/competences/sets",
      [
        ["intent", "restore"],
        ["id", set.id],
      ],
      "hr",
      {},
    );
    expect((await setNamed("Basis zorg")).archivedAt).toBeNull();
  });

  it("only those who manage competences open the pages", async () => {
    const set = await setNamed("Leidinggeven");
    for (const role of ["medewerker", "leider"] as const) {
      const list = (await load(listLoader, "/competences/sets", role)) as Response;
      expect(list.headers.get("Location")).toBe("/dashboard");
      const write = (await saveSet(
        set.id,
        [
          ["name", "Gekaapt"],
          ["levels", `${c.leadership}:1`],
        ],
        role,
      )) as Response;
      expect(write.headers.get("Location")).toBe("/dashboard");
    }
    expect((await setNamed("Leidinggeven")).name).toBe("Leidinggeven");
    expect(unwrapData(await load(listLoader, "/competences/sets", "admin")).status).toBe(200);
  });

  it("merging two competences moves their places in sets; where a set holds both, the remaining one's level stays", async () => {
    const both = await setNamed("Projectleiding");
    await saveSet(both.id, [
      ["name", "Projectleiding"],
      ["levels", `${c.coaching}:2`],
      ["levels", `${c.integrity}:5`],
    ]);
    const [onlyGone] = await getDb()
      .insert(competenceSets)
      .values({ accountId, clusterId: noord, name: "Alleen integriteit" })
      .returning();
    await getDb()
      .insert(competenceSetItems)
      .values({ accountId, clusterId: noord, setId: onlyGone.id, competenceId: c.integrity, level: 4 });
    const merged = await mergeCompetences(
      { accountId, clusterId: noord },
      { id: c.coaching, otherId: c.integrity, remainingId: c.coaching },
    );
    expect(merged.ok).toBe(true);
    expect(await itemsOf(both.id)).toEqual({ [c.coaching]: 2 });
    expect(await itemsOf(onlyGone.id)).toEqual({ [c.coaching]: 4 });
  });
});
