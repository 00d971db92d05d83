/**
 * The spec §7 rows added to the OpenAPI document by decisions 1750–1752, beyond what the contract test
 * checks: the spec's shapes (done 0/1, criteria tags with their criteria), the one page-size rule, and
 * tenancy through the API (Andere BV's ids are 404 for Demo BV's users).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { callApi, demoToken } from "../support/api-contract";
import { demoWorld, type DemoWorld } from "../support/demo-world";

let w: DemoWorld;
let hr: string;
let leider: string;
let medewerker: string;

beforeAll(async () => {
  w = await demoWorld();
  [hr, leider, medewerker] = await Promise.all([demoToken("hr"), demoToken("leider"), demoToken("medewerker")]);
}, 120_000);

const get = (url: string, token: string) => callApi({ method: "GET", url, token });

describe("the one page-size rule", () => {
  it("refuses a pageSize above the cap with 400 invalidPaging and pages below it", async () => {
    for (const url of ["/api/tasks", "/api/tags", "/api/positions", "/api/competences", "/api/teams"]) {
      const refused = await get(`${url}?pageSize=100000`, hr);
      expect(refused.status, url).toBe(400);
      expect((refused.body as { error: string }).error).toBe("invalidPaging");
    }
    const page = await get("/api/tags?pageSize=1&page=2", hr);
    expect(page.body).toMatchObject({ page: 2, pageSize: 1 });
    expect((page.body as { tags: unknown[]; total: number }).tags).toHaveLength(1);
  });
});

describe("tasks", () => {
  it("send done as 0/1 with the spec's userId, recipientId and reviewableId", async () => {
    const { body } = await get(`/api/task/${w.demo.task}`, medewerker);
    const task = (body as { task: Record<string, unknown> }).task;
    expect(task.done).toBe(0);
    expect(task.recipientId).toBe((task.receiver as { id: string }).id);
    expect(task.userId).toBe((task.sender as { id: string }).id);
    const toggled = await callApi({ method: "PUT", url: `/api/tasks/${w.demo.task}/done`, token: medewerker });
    expect((toggled.body as { task: { done: number } }).task.done).toBe(1);
    const list = (await get("/api/tasks", leider)).body as { tasks: { id: string; done: number }[]; total: number };
    expect(list.tasks.find((t) => t.id === w.demo.task)?.done).toBe(1);
    expect(list.total).toBeGreaterThanOrEqual(list.tasks.length);
  });
});

describe("tags", () => {
  it("lists criteria tags with their criteria beside personnel tags; ?kind= gives one kind", async () => {
    const all = (await get("/api/tags", hr)).body as { tags: { id: string; kind: string; criteria: string[] }[] };
    const criteriaTag = all.tags.find((t) => t.id === w.demo.criteriaTag);
    expect(criteriaTag?.kind).toBe("criteria");
    expect(all.tags.find((t) => t.id === w.demo.personnelTag)).toMatchObject({ kind: "personnel", criteria: [] });
    const one = (await get(`/api/tags/${w.demo.criteriaTag}`, hr)).body as { tag: { criteria: string[] } };
    expect(one.tag.criteria).toEqual(criteriaTag?.criteria);
    const onlyCriteria = (await get("/api/tags?kind=criteria", hr)).body as { tags: { kind: string }[] };
    expect(new Set(onlyCriteria.tags.map((t) => t.kind))).toEqual(new Set(["criteria"]));
    expect((await get("/api/tags?kind=competence", hr)).status).toBe(400);
  });

  it("renames a criteria tag through PUT api/tags/{id}", async () => {
    const renamed = await callApi({
      method: "PUT",
      url: `/api/tags/${w.demo.criteriaTag}`,
      token: hr,
      body: { name: "Hernoemd criteriumlabel" },
    });
    expect(renamed.body).toMatchObject({
      tag: { id: w.demo.criteriaTag, name: "Hernoemd criteriumlabel", kind: "criteria" },
    });
  });
});

describe("teams", () => {
  it("carry their goals and ambitions, in the list and alone", async () => {
    const one = (await get(`/api/teams/${w.demo.led.team}`, hr)).body as {
      team: { goals: { kind: string; teamId: string }[]; ambitions: { kind: string }[] };
    };
    expect(one.team.goals.every((g) => g.kind === "goal" && g.teamId === w.demo.led.team)).toBe(true);
    expect(one.team.ambitions.every((g) => g.kind === "ambition")).toBe(true);
    expect(one.team.goals.length + one.team.ambitions.length).toBeGreaterThan(0);
    const list = (await get("/api/teams?pageSize=50", hr)).body as {
      teams: { id: string; goals: unknown[]; ambitions: unknown[] }[];
    };
    const led = list.teams.find((t) => t.id === w.demo.led.team)!;
    expect([led.goals, led.ambitions]).toEqual([one.team.goals, one.team.ambitions]);
    const small = (await get("/api/teams?pageSize=1", hr)).body as { teams: unknown[]; pageSize: number };
    expect([small.teams.length, small.pageSize]).toEqual([1, 1]);
    expect((await get("/api/teams?pageSize=51", hr)).status).toBe(400);
  });
});

describe("competences", () => {
  it("sync takes the spec's tags (ids or tag objects), the book and a position's holders are paged", async () => {
    const sync = (tags: unknown) =>
      callApi({
        method: "POST",
        url: "/api/competences/positions/sync",
        token: hr,
        body: { positionIds: [w.demo.position], tags, level: 2 },
      });
    const byIds = await sync([w.demo.competenceTag]);
    expect(byIds.status).toBe(200);
    expect((byIds.body as { positions: { positionId: string }[] }).positions[0].positionId).toBe(w.demo.position);
    expect((await sync([{ id: w.demo.competenceTag, name: "any" }])).status).toBe(200);
    expect((await sync([w.andere.competenceTag])).status).toBe(404);
    const refused = await callApi({
      method: "POST",
      url: "/api/competences/positions/sync",
      token: hr,
      body: { positionIds: [w.demo.position], level: 2 },
    });
    expect(refused.status).toBe(422);
    const book = (await get("/api/competences?pageSize=1", hr)).body as {
      competences: unknown[];
      total: number;
      sets?: { id: string }[];
    };
    expect(book.competences).toHaveLength(1);
    expect(book.sets?.map((set) => set.id)).toContain(w.demo.competenceSet);
    const leiderBook = (await get("/api/competences", leider)).body as { sets?: unknown };
    expect(leiderBook.sets).toBeUndefined();
    expect(book.total).toBeGreaterThanOrEqual(1);
    const holders = await get(`/api/competences/actual-scores/positions/${w.demo.position}?pageSize=1`, hr);
    expect(holders.body).toMatchObject({ page: 1, pageSize: 1 });
    expect((await get(`/api/competences/actual-scores/positions/${w.demo.position}?pageSize=201`, hr)).status).toBe(
      400,
    );
  });
});

describe("tenancy: another account's ids are 404", () => {
  it("for every new operation with an id", async () => {
    const a = w.andere;
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/task/${a.task}`],
      ["PUT", `/api/tasks/${a.task}`, { title: "Overgenomen" }],
      ["PUT", `/api/tasks/${a.task}/done`],
      ["PUT", `/api/tasks/${a.task}/seen`],
      ["DELETE", `/api/tasks/${a.task}`],
      ["GET", `/api/tags/${a.personnelTag}`],
      ["GET", `/api/tags/${a.criteriaTag}`],
      ["PUT", `/api/tags/${a.criteriaTag}`, { name: "Overgenomen" }],
      ["DELETE", `/api/tags/${a.criteriaTag}`],
      ["GET", `/api/teams/${a.led.team}`],
      ["PUT", `/api/criteria-sets/${a.set}`, { isActive: false }],
      ["GET", `/api/positions/${a.position}`],
      ["GET", `/api/positions/${a.position}/competences`],
      ["GET", `/api/competences/actual-scores/positions/${a.position}`],
      ["GET", `/api/competences/actual-scores/memberships/${a.led.employee}`],
    ];
    const statuses = [];
    for (const [method, url, body] of calls)
      statuses.push(
        `${method} ${url.replace(/[0-9a-f-]{36}/, "{id}")} ${(await callApi({ method, url, token: hr, body })).status}`,
      );
    expect(statuses).toEqual(calls.map(([method, url]) => `${method} ${url.replace(/[0-9a-f-]{36}/, "{id}")} 404`));
  });
});
