/**
 * Competences (issue #19) spec §7 position API through Remix's request handler: GET api/positions,
 * api/positions/{id}, api/positions/{id}/competences; POST api/positions/competences and
 * api/competences/positions/sync (decision 1303) — rights, tenancy with foreign ids, bad input (422).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { clusters, positionCompetences, positions, tags } from "#db/schema";
import type { DemoUserKey } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { apiRequest, handle } from "../support/remix-handler";
import { competenceIn, signInDemoUsers } from "../support/demo-competences";

type Role = DemoUserKey;
const cookies = {} as Record<Role, string>;
let noord = "";
let andere = "";

async function positionIn(cluster: string, name: string) {
  const [row] = await getDb()
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.clusterId, cluster), eq(positions.name, name)));
  return row.id;
}

async function tagIn(cluster: string, name: string) {
  const [row] = await getDb()
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.clusterId, cluster), eq(tags.kind, "competence"), eq(tags.name, name)));
  return row.id;
}

async function ownLevels(positionId: string) {
  const rows = await getDb()
    .select({ id: positionCompetences.competenceId, level: positionCompetences.requiredLevel })
    .from(positionCompetences)
    .where(eq(positionCompetences.positionId, positionId));
  return Object.fromEntries(rows.map((r) => [r.id, r.level]));
}

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  const demo = await signInDemoUsers();
  ({ noord, andere } = demo);
  Object.assign(cookies, demo.cookies);
  // Andere BV's cluster has a competence tag of its own, for the foreign-id cases.
  const [a] = await getDb().select({ accountId: clusters.accountId }).from(clusters).where(eq(clusters.id, andere));
  await getDb().insert(tags).values({ accountId: a.accountId, clusterId: andere, kind: "competence", name: "Zorg" });
}, 120_000);

async function call(method: string, path: string, role?: Role, body?: unknown) {
  const response = await handle(apiRequest(method, path, { cookie: role ? cookies[role] : undefined, body }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("GET api/positions, api/positions/{id}, api/positions/{id}/competences", () => {
  it("lists the cluster's positions, paged; 401 anonymous, 403 without positions.read, 400 bad paging", async () => {
    expect((await call("GET", "/api/positions")).status).toBe(401);
    expect((await call("GET", "/api/positions", "medewerker")).status).toBe(403);
    const list = await call("GET", "/api/positions?pageSize=2", "hr");
    expect(list.status).toBe(200);
    expect(list.body.positions).toHaveLength(2);
    expect(list.body.total as number).toBeGreaterThan(2);
    const all = await call("GET", "/api/positions?pageSize=500", "leider");
    const names = (all.body.positions as { name: string }[]).map((p) => p.name);
    expect(names).toContain("Wijkverpleegkundige");
    const foreign = await positionIn(andere, "Planner");
    expect((all.body.positions as { id: string }[]).map((p) => p.id)).not.toContain(foreign);
    expect((await call("GET", "/api/positions?page=0", "hr")).status).toBe(400);
    expect((await call("GET", "/api/positions?pageSize=501", "hr")).status).toBe(400);
    expect((await call("POST", "/api/positions", "hr", {})).status).toBe(405);
  });

  it("one position with its required competences (own and inherited); a foreign or malformed id is a 404", async () => {
    const wvk = await positionIn(noord, "Wijkverpleegkundige");
    const one = await call("GET", `/api/positions/${wvk}`, "hr");
    expect(one.status).toBe(200);
    const position = one.body.position as {
      name: string;
      parentId: string;
      competences: { name: string; requiredLevel: number; own: boolean; inheritedFrom: string | null }[];
    };
    expect(position.name).toBe("Wijkverpleegkundige");
    expect(position.parentId).toBe(await positionIn(noord, "Verpleegkundige"));
    expect(position.competences).toContainEqual(
      expect.objectContaining({
        name: "Klantgerichtheid",
        requiredLevel: 4,
        own: false,
        inheritedFrom: "Verpleegkundige",
      }),
    );
    expect(position.competences).toContainEqual(
      expect.objectContaining({ name: "Plannen en organiseren", requiredLevel: 4, own: true }),
    );
    const foreign = await positionIn(andere, "Planner");
    expect((await call("GET", `/api/positions/${foreign}`, "hr")).status).toBe(404);
    expect((await call("GET", "/api/positions/not-a-uuid", "hr")).status).toBe(404);
    expect((await call("GET", `/api/positions/${wvk}`, "medewerker")).status).toBe(403);

    const comps = await call("GET", `/api/positions/${wvk}/competences`, "leider");
    expect(comps.status).toBe(200);
    expect((comps.body.competences as { name: string }[]).map((c) => c.name)).toContain("Wet- en regelgeving");
    expect((await call("GET", `/api/positions/${foreign}/competences`, "hr")).status).toBe(404);
    expect((await call("GET", `/api/positions/${wvk}/competences`, "medewerker")).status).toBe(403);
    expect((await call("GET", `/api/positions/${wvk}/competences`)).status).toBe(401);
  });
});

describe("POST api/positions/competences", () => {
  it("sets and clears own levels in one go; a leader may not; a foreign id saves nothing; bad input is a 422", async () => {
    const planner = await positionIn(noord, "Planner");
    const [planning, reporting] = [await competenceIn(noord, "planning"), await competenceIn(noord, "reporting")];
    const post = (body: unknown, role: Role = "hr") => call("POST", "/api/positions/competences", role, body);
    const ok = await post({
      assignments: [
        { positionId: planner, competenceId: planning, level: 4 },
        { positionId: planner, competenceId: reporting, level: 2 },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ saved: 2 });
    expect(await ownLevels(planner)).toEqual({ [planning]: 4, [reporting]: 2 });
    expect((await post({ assignments: [{ positionId: planner, competenceId: reporting, level: null }] })).status).toBe(
      200,
    );
    expect(await ownLevels(planner)).toEqual({ [planning]: 4 });

    const foreignCompetence = await competenceIn(andere, "reporting");
    const foreign = await post({
      assignments: [
        { positionId: planner, competenceId: planning, level: 1 },
        { positionId: planner, competenceId: foreignCompetence, level: 3 },
      ],
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe("Koppelen van competenties mislukt");
    expect(await ownLevels(planner)).toEqual({ [planning]: 4 });
    const foreignPosition = await positionIn(andere, "Planner");
    expect(
      (await post({ assignments: [{ positionId: foreignPosition, competenceId: planning, level: 3 }] })).status,
    ).toBe(404);

    const outside = await post({ assignments: [{ positionId: planner, competenceId: planning, level: 6 }] });
    expect(outside.status).toBe(422);
    expect((outside.body.issues as { path: string }[])[0].path).toBe("assignments.0.level");
    expect((await post({ assignments: [] })).status).toBe(422);
    expect((await post({ assignments: [{ positionId: "x", competenceId: planning, level: 2 }] })).status).toBe(422);
    expect(
      (await post({ assignments: [{ positionId: planner, competenceId: planning, level: 1 }] }, "leider")).status,
    ).toBe(403);
    expect((await call("POST", "/api/positions/competences", undefined, { assignments: [] })).status).toBe(401);
    expect((await call("GET", "/api/positions/competences", "hr")).status).toBe(405);
    expect(await ownLevels(planner)).toEqual({ [planning]: 4 });
  });
});

describe("POST api/competences/positions/sync (decision 1303)", () => {
  it("makes the positions' own levels the tagged competences: adds at the level, keeps existing, removes others", async () => {
    const verzorgende = await positionIn(noord, "Verzorgende IG");
    const zorg = await tagIn(noord, "Zorg");
    const key = async (k: string) => competenceIn(noord, k);
    const before = await ownLevels(verzorgende);
    expect(before[await key("collaboration")]).toBe(3);
    const sync = (body: unknown, role: Role = "hr") => call("POST", "/api/competences/positions/sync", role, body);

    const foreignTag = await tagIn(andere, "Zorg");
    const refused = await sync({ positionIds: [verzorgende], tagIds: [zorg, foreignTag], level: 2 });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe("linkFailed");
    expect(await ownLevels(verzorgende)).toEqual(before);
    const foreignPosition = await positionIn(andere, "Planner");
    expect((await sync({ positionIds: [verzorgende, foreignPosition], tagIds: [zorg], level: 2 })).status).toBe(404);
    expect(await ownLevels(verzorgende)).toEqual(before);

    expect((await sync({ positionIds: [verzorgende], tagIds: [zorg], level: 0 })).status).toBe(422);
    expect((await sync({ positionIds: [], tagIds: [zorg], level: 2 })).status).toBe(422);
    expect((await sync({ positionIds: [verzorgende], tagIds: [zorg] })).status).toBe(422);
    expect((await sync({ positionIds: [verzorgende], tagIds: [zorg], level: 2 }, "leider")).status).toBe(403);
    expect((await sync({ positionIds: [verzorgende], tagIds: [zorg], level: 2 }, "medewerker")).status).toBe(403);

    // Zorg is on client-focus, communication and reporting (the demo): Verzorgende IG has all three at 3
    // and collaboration at 3, so collaboration goes and the three stay at their level.
    const ok = await sync({ positionIds: [verzorgende], tagIds: [zorg], level: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body.positions).toEqual([{ positionId: verzorgende, added: 0, kept: 3, removed: 1 }]);
    expect(await ownLevels(verzorgende)).toEqual({
      [await key("client-focus")]: 3,
      [await key("communication")]: 3,
      [await key("reporting")]: 3,
    });
    const planner = await positionIn(noord, "Planner");
    const both = await sync({ positionIds: [planner], tagIds: [zorg, await tagIn(noord, "Organisatie")], level: 2 });
    expect(both.status).toBe(200);
    // Planner already required planning at 4 (the test above): kept; the other four are new at 2.
    expect(Object.values(await ownLevels(planner)).sort()).toEqual([2, 2, 2, 2, 4]);
  });
});
