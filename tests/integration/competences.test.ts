/**
 * Competences (issue #19): the book, the matrix and the scores as each demo user; foreign ids give 404;
 * a score given by someone else cannot be removed but can be changed; levels outside the scale are refused.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  clusters,
  competences,
  competenceScores,
  contracts,
  memberships,
  positionCompetences,
  positions,
  roleAssignments,
  teams,
  users,
} from "#db/schema";
import { action as bookFormAction } from "~/routes/_app+/competences+/book.$action";
import { action as bookAction, loader as bookLoader } from "~/routes/_app+/competences+/book._index";
import { action as matrixAction, loader as matrixLoader } from "~/routes/_app+/competences+/matrix";
import { action as positionPageAction, loader as positionPageLoader } from "~/routes/_app+/positions.$id";
import { loader as scoresLoader } from "~/routes/_app+/competences+/scores._index";
import { loader as positionLoader } from "~/routes/_app+/competences+/scores.positions.$id";
import { action as personAction, loader as personLoader } from "~/routes/_app+/competences+/scores.users.$id";
import { demoClusters, demoTeams, demoUsers, type DemoUserKey } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { orgWorld } from "../support/org";
import { apiRequest, handle } from "../support/remix-handler";
import { refusing } from "../support/refusing";
import { sessionCookieFor } from "../support/session";

type Role = DemoUserKey;
const roles = Object.keys(demoUsers) as Role[];
const cookies = {} as Record<Role, string>;
let noord = "";
let andereCluster = "";
const ids = { medewerker: "", anker: "", andere: "", reporting: "", verzorgende: "", andereCompetence: "" };

async function clusterId(name: string) {
  const [row] = await getDb().select({ id: clusters.id }).from(clusters).where(eq(clusters.name, name));
  return row.id;
}

async function membershipOf(email: string, cluster: string) {
  const [row] = await getDb()
    .select({ id: memberships.id, userId: users.id, accountId: users.accountId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(sql`lower(${users.email})`, email), eq(memberships.clusterId, cluster)));
  return row;
}

async function memberOf(cluster: string, teamName: string) {
  const [row] = await getDb()
    .select({ id: roleAssignments.membershipId })
    .from(roleAssignments)
    .innerJoin(teams, eq(teams.id, roleAssignments.teamId))
    .innerJoin(memberships, eq(memberships.id, roleAssignments.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(roleAssignments.clusterId, cluster),
        eq(teams.name, teamName),
        eq(roleAssignments.roleKey, "team_member"),
        isNull(memberships.deletedAt),
        sql`lower(${users.email}) not in ${Object.values(demoUsers)}`,
      ),
    )
    .orderBy(users.email)
    .limit(1);
  return row.id;
}

async function competenceIn(cluster: string, key: string) {
  const [row] = await getDb()
    .select({ id: competences.id })
    .from(competences)
    .where(and(eq(competences.clusterId, cluster), eq(competences.sourceKey, key)));
  return row.id;
}

async function positionIn(cluster: string, name: string) {
  const [row] = await getDb()
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.clusterId, cluster), eq(positions.name, name)));
  return row.id;
}

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  noord = await clusterId(demoClusters.noord);
  andereCluster = await clusterId(demoClusters.andere);
  for (const role of roles) {
    const cluster = role === "andere" ? andereCluster : noord;
    const m = await membershipOf(demoUsers[role], cluster);
    cookies[role] = (await sessionCookieFor({ userId: m.userId, accountId: m.accountId, clusterId: cluster })).cookie;
  }
  ids.medewerker = (await membershipOf(demoUsers.medewerker, noord)).id;
  ids.anker = await memberOf(noord, demoTeams.noord[2]);
  ids.andere = await memberOf(andereCluster, demoTeams.andere[0]);
  ids.reporting = await competenceIn(noord, "reporting");
  ids.andereCompetence = await competenceIn(andereCluster, "reporting");
  ids.verzorgende = await positionIn(noord, "Verzorgende IG");
}, 120_000);

/** "200", "404" or "302 /dashboard" for a loader or action result. */
function outcome(result: unknown) {
  if (result instanceof Response) return `${result.status} ${result.headers.get("Location") ?? ""}`.trim();
  return String(unwrapData(result).status);
}

type Handler = (args: LoaderFunctionArgs) => Promise<unknown>;

const load = (loader: Handler, path: string, role: Role, params: Record<string, string> = {}) =>
  run(() => loader({ request: getRequest(path, cookies[role]), params, context: context() }));

const post = (
  action: Handler,
  path: string,
  fields: Record<string, string>,
  role: Role,
  params: Record<string, string> = {},
) => run(() => action({ request: formRequest(path, fields, cookies[role]), params, context: context() }));

const personPath = (id: string) => `/competences/scores/users/${id}`;
const loadPerson = (id: string, role: Role) => load(personLoader, personPath(id), role, { id });
const postPerson = (id: string, fields: Record<string, string>, role: Role) =>
  post(personAction, personPath(id), fields, role, { id });

type PersonPage = {
  lines: {
    competenceId: string;
    required: number | null;
    actual: number | null;
    gap: number | null;
    status: string;
    givenByMe: boolean;
  }[];
  history: { competence: string; current: boolean }[];
};

const currentScore = async (membershipId: string, competenceId: string) =>
  getDb()
    .select()
    .from(competenceScores)
    .where(
      and(
        eq(competenceScores.membershipId, membershipId),
        eq(competenceScores.competenceId, competenceId),
        isNull(competenceScores.supersededAt),
      ),
    );

describe("who opens which competence page, as each demo user", () => {
  const dashboard = "302 /dashboard";
  it.each([
    ["book", { admin: "200", hr: "200", leider: "200", medewerker: dashboard, meerdere: dashboard, andere: dashboard }],
    [
      "matrix",
      { admin: "200", hr: "200", leider: "200", medewerker: dashboard, meerdere: dashboard, andere: dashboard },
    ],
    [
      "scores",
      { admin: "200", hr: "200", leider: "200", medewerker: dashboard, meerdere: dashboard, andere: dashboard },
    ],
  ] as const)("%s", async (page, expected) => {
    const loader = { book: bookLoader, matrix: matrixLoader, scores: scoresLoader }[page];
    for (const role of roles) {
      expect([role, outcome(await load(loader, `/competences/${page}`, role))]).toEqual([role, expected[role]]);
    }
  });

  it("a person's scores: a leader reaches only his team members; another cluster's or account's person is a 404", async () => {
    const expected: Record<"medewerker" | "anker" | "andere", Partial<Record<Role, string>>> = {
      medewerker: { admin: "200", hr: "200", leider: "200", medewerker: "302 /dashboard" },
      anker: { admin: "200", hr: "200", leider: "404" },
      andere: { admin: "404", hr: "404", leider: "404" },
    };
    for (const [who, byRole] of Object.entries(expected) as [keyof typeof expected, Partial<Record<Role, string>>][]) {
      for (const [role, want] of Object.entries(byRole) as [Role, string][]) {
        expect([who, role, outcome(await loadPerson(ids[who], role))]).toEqual([who, role, want]);
      }
    }
    expect(outcome(await loadPerson("not-a-uuid", "hr"))).toBe("404");
  });

  it("a position's scores: a foreign position is a 404; a leader sees only the holders in his teams", async () => {
    const andere = await positionIn(andereCluster, "Planner");
    expect(outcome(await load(positionLoader, `/competences/scores/positions/${andere}`, "hr", { id: andere }))).toBe(
      "404",
    );
    const [m] = await getDb().select().from(memberships).where(eq(memberships.id, ids.anker));
    await getDb().insert(contracts).values({
      accountId: m.accountId,
      clusterId: noord,
      membershipId: ids.anker,
      positionId: ids.verzorgende,
      startDate: "2020-01-01",
      endDate: "2099-12-31",
      fte: "0.50",
    });
    const path = `/competences/scores/positions/${ids.verzorgende}`;
    const asHr = (await load(positionLoader, path, "hr", { id: ids.verzorgende })) as {
      rows: { id: string }[];
      columns: unknown[];
    };
    const asLeider = (await load(positionLoader, path, "leider", { id: ids.verzorgende })) as {
      rows: { id: string }[];
    };
    expect(asHr.columns).toHaveLength(4);
    expect(asLeider.rows.map((r) => r.id)).toContain(ids.medewerker);
    expect(asHr.rows.map((r) => r.id)).toContain(ids.anker);
    expect(asLeider.rows.map((r) => r.id)).not.toContain(ids.anker);
  });
});

describe("the book and the matrix", () => {
  it("a new cluster gets the default book; the demo's first cluster has it in Dutch", async () => {
    const w = await orgWorld();
    const rows = await getDb().select().from(competences).where(eq(competences.clusterId, w.cluster.id));
    expect(rows).toHaveLength(12);
    const book = (await load(bookLoader, "/competences/book?type=core_value", "hr")) as {
      rows: { name: string; type: string }[];
      canManage: boolean;
    };
    expect(book.canManage).toBe(true);
    expect(book.rows.map((r) => r.name)).toEqual(["Eigenaarschap", "Integriteit"]);
    const leider = (await load(bookLoader, "/competences/book", "leider")) as { canManage: boolean };
    expect(leider.canManage).toBe(false);
  });

  it("adds, refuses an unnamed or duplicate competence next to the field, and archives; leaders may not", async () => {
    const add = (fields: Record<string, string>, role: Role = "hr") =>
      post(bookFormAction, "/competences/book/add", fields, role, { action: "add" });
    const empty = unwrapData(await add({ name: " ", type: "core", description: "Iets" }));
    expect(empty.status).toBe(400);
    expect((empty.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:required"]);
    const dup = unwrapData(await add({ name: "samenwerken", type: "core" }));
    expect((dup.data as { error: Record<string, string[]> }).error.name).toEqual(["validation:alreadyExists"]);
    expect(outcome(await add({ name: "Empathie", type: "competence" }))).toBe("302 /competences/book");
    expect(outcome(await add({ name: "Empathie 2", type: "competence" }, "leider"))).toBe("302 /dashboard");
    const id = await getDb()
      .select({ id: competences.id })
      .from(competences)
      .where(and(eq(competences.clusterId, noord), eq(competences.name, "Empathie")));
    expect(outcome(await post(bookAction, "/competences/book", { intent: "archive", id: id[0].id }, "hr"))).toBe(
      "302 /competences/book",
    );
    expect(
      outcome(await post(bookAction, "/competences/book", { intent: "archive", id: ids.andereCompetence }, "hr")),
    ).toBe("404");
    const edit = await post(
      bookFormAction,
      `/competences/book/edit?id=${ids.andereCompetence}`,
      { name: "X", type: "core" },
      "hr",
      {
        action: "edit",
      },
    );
    expect(outcome(edit)).toBe("404");
  });

  it("the matrix shows inherited levels: Wijkverpleegkundige requires Verpleegkundige's levels and its own", async () => {
    type Matrix = {
      matrix: {
        columns: { id: string; name: string }[];
        rows: { id: string; name: string; cells: { level: number | null; inheritedFrom: string | null }[] }[];
      };
      editId: string | null;
    };
    const matrix = (await load(matrixLoader, "/competences/matrix", "leider")) as Matrix;
    const col = (name: string) => matrix.matrix.columns.findIndex((c) => c.name === name);
    const wvk = matrix.matrix.rows.find((r) => r.name === "Wijkverpleegkundige")!;
    expect(wvk.cells[col("Klantgerichtheid")]).toEqual({ level: 4, inheritedFrom: "Verpleegkundige" });
    expect(wvk.cells[col("Plannen en organiseren")]).toEqual({ level: 4, inheritedFrom: null });
    expect(wvk.cells[col("Wet- en regelgeving")]).toMatchObject({ level: 4 });
    // One row is opened for editing (decision 1304): only with competences.manage and only a position of the matrix.
    const edit = `/competences/matrix?type=competence&edit=${wvk.id}`;
    expect(((await load(matrixLoader, edit, "hr")) as Matrix).editId).toBe(wvk.id);
    expect(((await load(matrixLoader, edit, "leider")) as Matrix).editId).toBeNull();
    const foreign = `/competences/matrix?edit=${await positionIn(andereCluster, "Planner")}`;
    expect(((await load(matrixLoader, foreign, "hr")) as Matrix).editId).toBeNull();
    expect(((await load(matrixLoader, "/competences/matrix?edit=nonsense", "hr")) as Matrix).editId).toBeNull();
  });

  it("edits a cell; a level outside the scale is refused for that cell; foreign ids 404; a leader may not", async () => {
    const position = await positionIn(noord, "Planner");
    const competenceId = await competenceIn(noord, "planning");
    const cell = (level: string, role: Role = "hr", pos = position, comp = competenceId) =>
      post(matrixAction, "/competences/matrix?type=competence", { positionId: pos, competenceId: comp, level }, role);
    const bad = unwrapData(await cell("7"));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      cell: { positionId: position, competenceId },
      level: "7",
      errorKey: "competences:levels.outside",
    });
    expect(outcome(await cell("3"))).toBe("302 /competences/matrix?type=competence");
    const stored = await getDb().select().from(positionCompetences).where(eq(positionCompetences.positionId, position));
    expect(stored).toMatchObject([{ competenceId, requiredLevel: 3, clusterId: noord }]);
    expect(outcome(await cell("4", "leider"))).toBe("302 /dashboard");
    expect(outcome(await cell("3", "hr", await positionIn(andereCluster, "Planner")))).toBe("404");
    expect(outcome(await cell("3", "hr", position, ids.andereCompetence))).toBe("404");
    await cell("");
    expect(
      await getDb().select().from(positionCompetences).where(eq(positionCompetences.positionId, position)),
    ).toEqual([]);
  });
});

describe("a failed write keeps what was chosen (decision 1840)", () => {
  it("a matrix cell comes back with the level chosen, 409 and the message next to it", async () => {
    const position = await positionIn(noord, "Planner");
    const competenceId = await competenceIn(noord, "planning");
    await refusing("position_competences", "insert", `new.position_id = '${position}'`, async () => {
      const fields = { positionId: position, competenceId, level: "2" };
      const refused = unwrapData(await post(matrixAction, "/competences/matrix", fields, "hr"));
      expect(refused.status).toBe(409);
      expect(refused.data).toEqual({
        cell: { positionId: position, competenceId },
        level: "2",
        errorKey: "common:actionFailed.save?item=competence",
      });
    });
    const stored = await getDb().select().from(positionCompetences).where(eq(positionCompetences.positionId, position));
    expect(stored.filter((row) => row.competenceId === competenceId)).toEqual([]);
  });

  it("a person's score comes back with the level chosen, 409 and the message next to it", async () => {
    await refusing("competence_scores", "insert", `new.membership_id = '${ids.anker}'`, async () => {
      const fields = { intent: "score", competenceId: ids.reporting, level: "2" };
      const refused = unwrapData(await postPerson(ids.anker, fields, "hr"));
      expect(refused.status).toBe(409);
      expect(refused.data).toEqual({
        competenceId: ids.reporting,
        level: "2",
        errorKey: "common:actionFailed.save?item=score",
      });
    });
    expect(await currentScore(ids.anker, ids.reporting)).toEqual([]);
  });
});

describe("a position's page (positions/{id})", () => {
  it("lists every competence with own and inherited levels; HR edits a cell there, a leader reads only", async () => {
    const wvk = await positionIn(noord, "Wijkverpleegkundige");
    const path = `/positions/${wvk}`;
    type Page = {
      lines: { name: string; cell: { level: number | null; inheritedFrom: string | null } }[];
      canManage: boolean;
    };
    const page = (await load(positionPageLoader, path, "leider", { id: wvk })) as Page;
    expect(page.canManage).toBe(false);
    expect(page.lines.find((l) => l.name === "Klantgerichtheid")!.cell).toMatchObject({
      level: 4,
      inheritedFrom: "Verpleegkundige",
    });
    const competenceId = await competenceIn(noord, "coaching");
    const fields = { positionId: wvk, competenceId, level: "2" };
    expect(outcome(await post(positionPageAction, path, fields, "leider", { id: wvk }))).toBe("302 /dashboard");
    expect(outcome(await post(positionPageAction, path, fields, "hr", { id: wvk }))).toBe(`302 ${path}`);
    const after = (await load(positionPageLoader, path, "hr", { id: wvk })) as Page;
    expect(after.lines.find((l) => l.name === "Coachen")!.cell.level).toBe(2);
    // Another position's cell cannot be written through this page; a foreign position is a 404.
    const other = await positionIn(noord, "Planner");
    expect(outcome(await post(positionPageAction, path, { ...fields, positionId: other }, "hr", { id: wvk }))).toBe(
      "404",
    );
    const foreign = await positionIn(andereCluster, "Planner");
    expect(outcome(await load(positionPageLoader, `/positions/${foreign}`, "hr", { id: foreign }))).toBe("404");
  });
});

describe("scores", () => {
  it("the demo: medewerker@demo.nl's page shows required against actual with the gap, and her history", async () => {
    const page = (await loadPerson(ids.medewerker, "leider")) as PersonPage;
    const reporting = page.lines.find((l) => l.competenceId === ids.reporting)!;
    expect(reporting).toMatchObject({ required: 3, actual: 2, gap: -1, status: "below", givenByMe: true });
    expect(page.lines.every((l) => l.required !== null)).toBe(true);
    expect(page.history.filter((h) => !h.current).length).toBeGreaterThan(0);
  });

  it("a leader lists only the members of his teams", async () => {
    const list = (await load(scoresLoader, "/competences/scores", "leider")) as {
      people: { people: { id: string }[] };
    };
    const ids2 = list.people.people.map((p) => p.id);
    expect(ids2).toContain(ids.medewerker);
    expect(ids2).not.toContain(ids.anker);
  });

  it("changing a score writes a new row and keeps the earlier one; someone else's score can be changed but not removed", async () => {
    const before = await currentScore(ids.medewerker, ids.reporting);
    expect(
      outcome(await postPerson(ids.medewerker, { intent: "score", competenceId: ids.reporting, level: "3" }, "hr")),
    ).toBe(`302 ${personPath(ids.medewerker)}`);
    const [now] = await currentScore(ids.medewerker, ids.reporting);
    expect(now.level).toBe(3);
    expect(now.id).not.toBe(before[0].id);
    const [old] = await getDb().select().from(competenceScores).where(eq(competenceScores.id, before[0].id));
    expect(old.supersededAt).toBeInstanceOf(Date);
    expect(old.level).toBe(2);

    // leider did not give this one: removing is refused, changing is allowed.
    const refused = unwrapData(
      await postPerson(ids.medewerker, { intent: "remove", competenceId: ids.reporting }, "leider"),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errorKey: "competences:scores.notYours" });
    expect((await currentScore(ids.medewerker, ids.reporting))[0].id).toBe(now.id);
    await postPerson(ids.medewerker, { intent: "score", competenceId: ids.reporting, level: "4" }, "leider");
    expect((await currentScore(ids.medewerker, ids.reporting))[0].level).toBe(4);
    // Now it is his own: he may remove it, and it stays in the history.
    expect(outcome(await postPerson(ids.medewerker, { intent: "remove", competenceId: ids.reporting }, "leider"))).toBe(
      `302 ${personPath(ids.medewerker)}`,
    );
    expect(await currentScore(ids.medewerker, ids.reporting)).toEqual([]);
    const page = (await loadPerson(ids.medewerker, "leider")) as PersonPage;
    expect(page.lines.find((l) => l.competenceId === ids.reporting)).toMatchObject({
      actual: null,
      status: "notScored",
    });
  });

  it("a level outside the scale is refused next to the competence and writes nothing", async () => {
    for (const level of ["0", "6", "2.5", "", "abc"]) {
      const res = unwrapData(
        await postPerson(ids.medewerker, { intent: "score", competenceId: ids.reporting, level }, "leider"),
      );
      expect([level, res.status]).toEqual([level, 400]);
      expect(res.data).toMatchObject({ competenceId: ids.reporting, errorKey: "competences:levels.outside" });
    }
    expect(await currentScore(ids.medewerker, ids.reporting)).toEqual([]);
  });

  it("foreign ids: another account's competence or person, a team outside the leader's, are 404 and write nothing", async () => {
    const count = async () => (await getDb().select({ id: competenceScores.id }).from(competenceScores)).length;
    const n = await count();
    expect(
      outcome(
        await postPerson(ids.medewerker, { intent: "score", competenceId: ids.andereCompetence, level: "3" }, "hr"),
      ),
    ).toBe("404");
    expect(
      outcome(await postPerson(ids.andere, { intent: "score", competenceId: ids.reporting, level: "3" }, "hr")),
    ).toBe("404");
    expect(
      outcome(await postPerson(ids.anker, { intent: "score", competenceId: ids.reporting, level: "3" }, "leider")),
    ).toBe("404");
    expect(
      outcome(
        await postPerson(ids.medewerker, { intent: "score", competenceId: ids.reporting, level: "3" }, "medewerker"),
      ),
    ).toBe("302 /dashboard");
    expect(await count()).toBe(n);
  });
});

describe("the JSON API (spec §7)", () => {
  async function call(path: string, role?: Role, method = "GET") {
    const response = await handle(apiRequest(method, path, { cookie: role ? cookies[role] : undefined }));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it("GET api/competences: 401 anonymous, 403 without the right or the module, the book with ?type", async () => {
    expect((await call("/api/competences")).status).toBe(401);
    expect((await call("/api/competences", "medewerker")).status).toBe(403);
    expect((await call("/api/competences", "andere")).status).toBe(403);
    const ok = await call("/api/competences?type=core_value", "leider");
    expect(ok.status).toBe(200);
    expect((ok.body.competences as { name: string }[]).map((c) => c.name)).toEqual(["Eigenaarschap", "Integriteit"]);
    expect((await call("/api/competences", "hr", "POST")).status).toBe(405);
  });

  it("GET api/competences/actual-scores/…: a person's gaps and a position's holders; foreign ids 404", async () => {
    const person = await call(`/api/competences/actual-scores/memberships/${ids.medewerker}`, "leider");
    expect(person.status).toBe(200);
    expect((person.body.person as { name: string }).name).toBe("Lotte Jansen");
    expect((person.body.lines as { required: number }[]).length).toBeGreaterThan(0);
    expect((await call(`/api/competences/actual-scores/memberships/${ids.anker}`, "leider")).status).toBe(404);
    expect((await call(`/api/competences/actual-scores/memberships/${ids.andere}`, "hr")).status).toBe(404);
    expect((await call(`/api/competences/actual-scores/memberships/${ids.medewerker}`, "medewerker")).status).toBe(403);
    const position = await call(`/api/competences/actual-scores/positions/${ids.verzorgende}`, "hr");
    expect(position.status).toBe(200);
    expect((position.body.rows as { id: string }[]).map((r) => r.id)).toContain(ids.medewerker);
    const foreign = await positionIn(andereCluster, "Planner");
    expect((await call(`/api/competences/actual-scores/positions/${foreign}`, "hr")).status).toBe(404);
  });

  it("GET api/competences/actual-scores: a leader gets his team members with teams, positions and scores; bad paging is a 400", async () => {
    const list = await call("/api/competences/actual-scores?pageSize=200", "leider");
    expect(list.status).toBe(200);
    const rows = list.body.memberships as { id: string; teams: string[]; positions: string[]; scores: unknown[] }[];
    const lotte = rows.find((r) => r.id === ids.medewerker)!;
    expect(lotte.teams).toEqual([demoTeams.noord[0]]);
    expect(lotte.positions).toEqual(["Verzorgende IG"]);
    expect(lotte.scores.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).not.toContain(ids.anker);
    expect((await call("/api/competences/actual-scores?page=0", "hr")).status).toBe(400);
    expect((await call("/api/competences/actual-scores", "medewerker")).status).toBe(403);
  });
});
