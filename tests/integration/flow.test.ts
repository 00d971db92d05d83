/**
 * Flow measurements (issue #18): who reaches which measurement by id, as each demo user; the list and
 * team view; the create form's messages and that a refused form writes nothing.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { clusters, flowActivities, flowMeasurements, memberships, roleAssignments, teams, users } from "#db/schema";
import { createFlowMeasurement, getFlowSettings } from "~/features/flow/flows.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_app+/flow+/settings";
import { action as createAction, loader as createLoader } from "~/routes/_app+/flow+/create";
import { loader as detailsLoader } from "~/routes/_app+/flow+/details.$id";
import { loader as listLoader } from "~/routes/_app+/flow+/_index";
import { seedDemo } from "../../seed/run";
import { demoClusters, demoTeams, demoUsers, type DemoUserKey } from "../../seed/demo-data";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";

type Role = DemoUserKey;
const roles = Object.keys(demoUsers) as Role[];
const cookies = {} as Record<Role, string>;
const ids = { medewerkerNow: "", medewerkerBefore: "", lindeColleague: "", anker: "", andere: "" };
let noord = "";

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

/** A team member of the named team who is not one of the demo users. */
async function memberOf(cluster: string, teamName: string) {
  const [row] = await getDb()
    .select({ id: roleAssignments.membershipId, accountId: roleAssignments.accountId })
    .from(roleAssignments)
    .innerJoin(teams, eq(teams.id, roleAssignments.teamId))
    .innerJoin(memberships, eq(memberships.id, roleAssignments.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(roleAssignments.clusterId, cluster),
        eq(teams.name, teamName),
        eq(roleAssignments.roleKey, "team_member"),
        sql`lower(${users.email}) not in ${Object.values(demoUsers)}`,
      ),
    )
    .orderBy(users.email)
    .limit(1);
  return row;
}

const activities = [
  { name: "Zorg", sharePercent: 60, challenge: 6, skills: 6, capability: 6, energy: 7 },
  { name: "Overleg", sharePercent: 40, challenge: 3, skills: 8, capability: 6, energy: 3 },
];

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  noord = await clusterId(demoClusters.noord);
  const andereCluster = await clusterId(demoClusters.andere);
  for (const role of roles) {
    const cluster = role === "andere" ? andereCluster : noord;
    const m = await membershipOf(demoUsers[role], cluster);
    cookies[role] = (await sessionCookieFor({ userId: m.userId, accountId: m.accountId, clusterId: cluster })).cookie;
  }
  const db = getDb();
  const medewerker = await membershipOf(demoUsers.medewerker, noord);
  const own = await db
    .select({ id: flowMeasurements.id })
    .from(flowMeasurements)
    .where(eq(flowMeasurements.membershipId, medewerker.id))
    .orderBy(flowMeasurements.createdAt);
  expect(own).toHaveLength(2);
  [ids.medewerkerBefore, ids.medewerkerNow] = own.map((m) => m.id);
  const colleague = await memberOf(noord, demoTeams.noord[0]);
  const [colleagueFlow] = await db
    .select({ id: flowMeasurements.id })
    .from(flowMeasurements)
    .where(eq(flowMeasurements.membershipId, colleague.id));
  ids.lindeColleague = colleagueFlow.id;
  const anker = await memberOf(noord, demoTeams.noord[2]);
  const ankerFlow = await createFlowMeasurement(
    { accountId: anker.accountId, clusterId: noord, membershipId: anker.id },
    activities,
  );
  const andere = await memberOf(andereCluster, demoTeams.andere[0]);
  const andereFlow = await createFlowMeasurement(
    { accountId: andere.accountId, clusterId: andereCluster, membershipId: andere.id },
    activities,
  );
  if (!ankerFlow.ok || !andereFlow.ok) throw new Error("flows not created");
  ids.anker = ankerFlow.id;
  ids.andere = andereFlow.id;
}, 120_000);

async function openDetails(role: Role, id: string) {
  const result = await run(() =>
    detailsLoader({ request: getRequest(`/flow/details/${id}`, cookies[role]), params: { id }, context: context() }),
  );
  if (result instanceof Response) return `${result.status} ${result.headers.get("Location") ?? ""}`.trim();
  return "200";
}

describe("who reaches a flow measurement by id, as each demo user", () => {
  // Andere BV has no flow module: its user is sent to the dashboard before any id is looked at.
  const expected: Record<keyof typeof ids, Partial<Record<Role, string>>> = {
    medewerkerNow: { admin: "200", hr: "200", leider: "200", medewerker: "200", meerdere: "404" },
    medewerkerBefore: { admin: "200", hr: "200", leider: "200", medewerker: "200", meerdere: "404" },
    lindeColleague: { admin: "200", hr: "200", leider: "200", medewerker: "404", meerdere: "404" },
    anker: { admin: "200", hr: "200", leider: "404", medewerker: "404", meerdere: "404" },
    andere: { admin: "404", hr: "404", leider: "404", medewerker: "404", meerdere: "404" },
  };
  it.each(Object.keys(expected) as (keyof typeof ids)[])("the measurement %s", async (which) => {
    const got: Record<string, string> = {};
    for (const role of roles) got[role] = await openDetails(role, ids[which]);
    expect(got).toEqual({ ...expected[which], andere: "302 /dashboard" });
  });

  it("answers 404 for ids that are no measurement", async () => {
    expect(await openDetails("hr", crypto.randomUUID())).toBe("404");
    expect(await openDetails("hr", "not-a-uuid")).toBe("404");
  });

  it("shows the person's earlier measurement on the latest one", async () => {
    const result = (await detailsLoader({
      request: getRequest(`/flow/details/${ids.medewerkerNow}`, cookies.medewerker),
      params: { id: ids.medewerkerNow },
      context: context(),
    })) as Awaited<ReturnType<typeof detailsLoader>>;
    expect(result.details.personName).toBe("Lotte Jansen");
    expect(result.details.earlier.map((m) => m.id)).toEqual([ids.medewerkerBefore]);
    expect(Object.values(result.details.shares).reduce((a, b) => a + b, 0)).toBe(100);
    // The 5 % activity is shown but does not count.
    expect(result.details.activities.find((a) => a.sharePercent === 5)?.counted).toBe(false);
  });
});

describe("the flow list and team view", () => {
  async function list(role: Role) {
    return (await listLoader({
      request: getRequest("/flow", cookies[role]),
      params: {},
      context: context(),
    })) as Awaited<ReturnType<typeof listLoader>>;
  }

  it("shows an employee only their own measurements and no team view", async () => {
    const page = await list("medewerker");
    expect(page.measurements.map((m) => m.id).sort()).toEqual([ids.medewerkerBefore, ids.medewerkerNow].sort());
    expect(page.teams).toEqual([]);
  });

  it("shows a team leader his team members' measurements and his teams' time per zone", async () => {
    const page = await list("leider");
    const seen = page.measurements.map((m) => m.id);
    expect(seen).toContain(ids.medewerkerNow);
    expect(seen).toContain(ids.lindeColleague);
    expect(seen).not.toContain(ids.anker);
    expect(page.teams.map((t) => t.name).sort()).toEqual([demoTeams.noord[0], demoTeams.noord[1]].sort());
    const linde = page.teams.find((t) => t.name === demoTeams.noord[0])!;
    expect(linde.measured).toBeGreaterThan(1);
    expect(Object.values(linde.shares!).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it("shows HR every team of the cluster", async () => {
    const page = await list("hr");
    expect(page.teams.map((t) => t.name)).toEqual(expect.arrayContaining([...demoTeams.noord]));
    expect(page.total).toBeGreaterThan(3);
  });
});

describe("measuring flow", () => {
  const fields = (rows: string[][]) => {
    const body = new URLSearchParams();
    for (const row of rows)
      ["name", "share", "challenge", "skills", "capability", "energy"].forEach((f, i) => body.append(f, row[i] ?? ""));
    return body;
  };
  async function post(role: Role, body: URLSearchParams) {
    const request = new Request("http://localhost/flow/create", {
      method: "POST",
      headers: { Cookie: cookies[role], "Content-Type": "application/x-www-form-urlencoded" },
      body: body.toString(),
    });
    return run(() => createAction({ request, params: {}, context: context() }));
  }
  const measurementCount = async () =>
    (await getDb().select({ n: count() }).from(flowMeasurements).where(eq(flowMeasurements.clusterId, noord)))[0].n;

  it("shows the scale of the flow settings", async () => {
    const page = (await createLoader({
      request: getRequest("/flow/create", cookies.medewerker),
      params: {},
      context: context(),
    })) as Awaited<ReturnType<typeof createLoader>>;
    expect(page.scaleMax).toBe(10);
    expect(page.mayMeasure).toBe(true);
  });

  it("calls unscored activities incomplete, keeps what was typed and writes nothing", async () => {
    const before = await measurementCount();
    const body = fields([
      ["Zorg", "70", "6", "6", "7", "8"],
      ["Overleg", "30", "4"],
    ]);
    body.set("intent", "save");
    const { status, data } = unwrapData(await post("medewerker", body));
    expect(status).toBe(400);
    const answer = data as { rows: { name: string; share: string }[]; errors: { form: string[]; rows: object[] } };
    expect(answer.errors.form).toEqual(["flow:errors.incomplete"]);
    expect(answer.errors.rows[1]).toMatchObject({ skills: "flow:errors.scoreMissing" });
    expect(answer.rows.map((r) => [r.name, r.share])).toEqual([
      ["Zorg", "70"],
      ["Overleg", "30"],
    ]);
    expect(await measurementCount()).toBe(before);
  });

  it("refuses shares that do not add up to 100 and scores off the scale", async () => {
    const before = await measurementCount();
    const body = fields([
      ["Zorg", "70", "6", "6", "7", "8"],
      ["Overleg", "20", "4", "12", "5", "5"],
    ]);
    const { status, data } = unwrapData(await post("medewerker", body));
    expect(status).toBe(400);
    const answer = data as { errors: { shares: string[]; rows: object[] } };
    expect(answer.errors.shares).toEqual(["flow:errors.sharesTotal"]);
    expect(answer.errors.rows[1]).toEqual({ skills: "flow:errors.scoreRange" });
    expect(await measurementCount()).toBe(before);
  });

  it("adds an empty row with 'add activity' and keeps the typed values", async () => {
    const body = fields([["Zorg", "70", "6"]]);
    body.set("intent", "add");
    const { status, data } = unwrapData(await post("leider", body));
    expect(status).toBe(200);
    const answer = data as { rows: { name: string; challenge: string }[]; errors: null };
    expect(answer.rows).toHaveLength(2);
    expect(answer.rows[0]).toMatchObject({ name: "Zorg", challenge: "6" });
    expect(answer.errors).toBeNull();
  });

  it("saves a complete measurement for the signed-in person and opens it", async () => {
    const body = fields([
      ["Zorg", "60", "6", "6", "7", "8"],
      ["Overleg", "40", "9", "4", "5", "3"],
    ]);
    body.set("intent", "save");
    const result = await post("meerdere", body);
    expect(result).toBeInstanceOf(Response);
    const location = (result as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/flow\/details\/[0-9a-f-]{36}$/);
    const id = location.split("/").pop()!;
    const meerdere = await membershipOf(demoUsers.meerdere, noord);
    const [saved] = await getDb().select().from(flowMeasurements).where(eq(flowMeasurements.id, id));
    expect(saved.membershipId).toBe(meerdere.id);
    expect(saved.createdBy).toBe(meerdere.id);
    const rows = await getDb().select().from(flowActivities).where(eq(flowActivities.measurementId, id));
    expect(rows.map((r) => [r.name, r.sharePercent]).sort()).toEqual([
      ["Overleg", 40],
      ["Zorg", 60],
    ]);
    // Their own: they open it; the colleague in another team does not.
    expect(await openDetails("meerdere", id)).toBe("200");
    expect(await openDetails("medewerker", id)).toBe("404");
  });

  it("turns away a cluster without the flow module", async () => {
    const result = await run(() =>
      createAction({
        request: formRequest("/flow/create", { intent: "save" }, cookies.andere),
        params: {},
        context: context(),
      }),
    );
    expect((result as Response).headers.get("Location")).toBe("/dashboard");
  });
});

describe("the flow settings (flow/settings)", () => {
  const open = (role: Role) =>
    run(() => settingsLoader({ request: getRequest("/flow/settings", cookies[role]), params: {}, context: context() }));
  const save = (role: Role, fields: Record<string, string>) =>
    run(() =>
      settingsAction({ request: formRequest("/flow/settings", fields, cookies[role]), params: {}, context: context() }),
    );
  const list = async (role: Role) =>
    (await listLoader({ request: getRequest("/flow", cookies[role]), params: {}, context: context() })) as Awaited<
      ReturnType<typeof listLoader>
    >;
  const tenant = async (name: string) => {
    const id = await clusterId(name);
    const [row] = await getDb().select({ accountId: clusters.accountId }).from(clusters).where(eq(clusters.id, id));
    return { clusterId: id, accountId: row.accountId };
  };

  it("are for flows.manage with a cluster-wide scope, not for employees or team leaders", async () => {
    for (const role of ["medewerker", "leider", "meerdere"] as const) {
      expect(((await open(role)) as Response).headers.get("Location"), role).toBe("/dashboard");
      const refused = (await save(role, { scaleMax: "5", flowBand: "0", stressBand: "1" })) as Response;
      expect(refused.headers.get("Location"), role).toBe("/dashboard");
      expect((await list(role)).maySettings, role).toBe(false);
    }
    // Andere BV's cluster has no flow module.
    expect(((await open("andere")) as Response).headers.get("Location")).toBe("/dashboard");
    expect(await getFlowSettings(await tenant(demoClusters.noord))).toEqual({
      scaleMax: 10,
      flowBand: 1,
      stressBand: 3,
    });
    for (const role of ["hr", "admin"] as const) {
      expect(((await open(role)) as { settings: unknown }).settings).toEqual({
        scaleMax: 10,
        flowBand: 1,
        stressBand: 3,
      });
      expect((await list(role)).maySettings).toBe(true);
    }
  });

  it("refuses bands that do not fit the scale next to the field and changes nothing", async () => {
    for (const fields of [
      { scaleMax: "10", flowBand: "1", stressBand: "5" },
      { scaleMax: "10", flowBand: "3", stressBand: "3" },
      { scaleMax: "12", flowBand: "1", stressBand: "3" },
      { scaleMax: "3", flowBand: "x", stressBand: "3" },
    ]) {
      const { status, data } = unwrapData(await save("hr", fields));
      expect(status).toBe(400);
      expect(JSON.stringify((data as { error: unknown }).error)).toMatch(/flow:settings\.errors\./);
      expect((data as { initialValue: unknown }).initialValue).toMatchObject(fields);
    }
    expect(await getFlowSettings(await tenant(demoClusters.noord))).toEqual({
      scaleMax: 10,
      flowBand: 1,
      stressBand: 3,
    });
  });

  it("saves the cluster's settings, which the next measurement uses; earlier ones keep theirs", async () => {
    const result = (await save("hr", { scaleMax: "7", flowBand: "0", stressBand: "2" })) as Response;
    expect(result.headers.get("Location")).toBe("/flow/settings");
    expect(await getFlowSettings(await tenant(demoClusters.noord))).toEqual({
      scaleMax: 7,
      flowBand: 0,
      stressBand: 2,
    });
    expect(await getFlowSettings(await tenant(demoClusters.andere))).toEqual({
      scaleMax: 10,
      flowBand: 1,
      stressBand: 3,
    });
    const page = (await createLoader({
      request: getRequest("/flow/create", cookies.medewerker),
      params: {},
      context: context(),
    })) as Awaited<ReturnType<typeof createLoader>>;
    expect(page.scaleMax).toBe(7);
    const [earlier] = await getDb().select().from(flowMeasurements).where(eq(flowMeasurements.id, ids.medewerkerNow));
    expect(earlier.scaleMax).toBe(10);
    await save("hr", { scaleMax: "10", flowBand: "1", stressBand: "3" });
  });
});
