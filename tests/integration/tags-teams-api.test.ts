/**
 * Spec §7 calls for tags, teams, roles and review settings (docs/decisions/1410), through Remix's request
 * handler so the status line and body are what a client gets: rights, tenancy (another account's ids are a
 * 404 and change nothing), all-or-none creation, and the tags that may not be removed.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { tags, teams } from "#db/schema";
import { demoClusters, demoTeams, demoUsers } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { apiRequest, handle } from "../support/remix-handler";
import { demoSessions } from "../support/session";

type Who = { cookie: string; accountId: string; clusterId: string };
const who = {} as Record<"hr" | "leider" | "medewerker" | "andere", Who>;

async function call(method: string, path: string, cookie?: string, body?: unknown) {
  const response = await handle(apiRequest(method, path, { cookie, body }));
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

async function tagNamed(clusterId: string, name: string) {
  const [row] = await getDb()
    .select()
    .from(tags)
    .where(and(eq(tags.clusterId, clusterId), sql`lower(${tags.name}) = lower(${name})`));
  return row;
}

async function newTag(who: Who, name: string, isSystem = false) {
  const [row] = await getDb()
    .insert(tags)
    .values({ accountId: who.accountId, clusterId: who.clusterId, kind: "personnel", name, isSystem })
    .returning();
  return row;
}

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  Object.assign(who, await demoSessions());
}, 120_000);

describe("api/tags", () => {
  it("401 anonymous, 403 without tags rights, the cluster's tags with their people for HR", async () => {
    expect((await call("GET", "/api/tags")).status).toBe(401);
    expect((await call("GET", "/api/tags", who.medewerker.cookie)).status).toBe(403);
    const own = await newTag(who.hr, "Api BHV");
    const foreign = await newTag(who.andere, "Api Andere");
    const { status, body } = await call("GET", "/api/tags", who.hr.cookie);
    expect(status).toBe(200);
    const list = body.tags as { id: string; name: string; memberCount: number }[];
    expect(list.map((t) => t.id)).toContain(own.id);
    expect(list.map((t) => t.id)).not.toContain(foreign.id);
    expect(list.find((t) => t.id === own.id)!.memberCount).toBe(0);
  });

  it("creates one tag, or an array all or none; an existing or repeated name is a 409 naming it", async () => {
    const one = await call("POST", "/api/tags", who.hr.cookie, { name: "Api Ploegendienst" });
    expect(one.status).toBe(201);
    expect((one.body.tag as { name: string }).name).toBe("Api Ploegendienst");
    expect(await tagNamed(who.hr.clusterId, "Api Ploegendienst")).toBeDefined();

    const many = await call("POST", "/api/tags", who.hr.cookie, [{ name: "Api Nacht" }, { name: "Api Weekend" }]);
    expect(many.status).toBe(201);
    expect((many.body.tags as unknown[]).length).toBe(2);

    const clash = await call("POST", "/api/tags", who.hr.cookie, [
      { name: "Api Vroeg" },
      { name: "api ploegendienst" },
    ]);
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ error: "nameTaken", name: "Api Ploegendienst" });
    expect(await tagNamed(who.hr.clusterId, "Api Vroeg")).toBeUndefined();

    const twice = await call("POST", "/api/tags", who.hr.cookie, [{ name: "Api Laat" }, { name: "API LAAT" }]);
    expect(twice.status).toBe(409);
    expect(await tagNamed(who.hr.clusterId, "Api Laat")).toBeUndefined();

    // The same name in another account is no clash.
    expect((await call("POST", "/api/tags", who.andere.cookie, { name: "Api Ploegendienst" })).status).toBe(201);

    // A criteria tag is made with `kind`; an array may mix kinds, and a name clashes only within its kind.
    const mixed = await call("POST", "/api/tags", who.hr.cookie, [
      { name: "Api Ploegendienst", kind: "criteria" },
      { name: "Api Mixed", kind: "personnel" },
    ]);
    expect(mixed.status).toBe(201);
    expect(mixed.body.tags).toMatchObject([
      { name: "Api Ploegendienst", kind: "criteria" },
      { name: "Api Mixed", kind: "personnel" },
    ]);
    const made = await getDb()
      .select()
      .from(tags)
      .where(eq(tags.id, (mixed.body.tags as { id: string }[])[0].id));
    expect(made[0]).toMatchObject({ kind: "criteria", clusterId: who.hr.clusterId });
    const listed = await call("GET", "/api/tags?kind=criteria", who.hr.cookie);
    expect((listed.body.tags as { name: string }[]).map((t) => t.name)).toContain("Api Ploegendienst");
    const criteriaClash = await call("POST", "/api/tags", who.hr.cookie, [
      { name: "Api Nieuw criterium", kind: "criteria" },
      { name: "API PLOEGENDIENST", kind: "criteria" },
    ]);
    expect(criteriaClash.status).toBe(409);
    expect(await tagNamed(who.hr.clusterId, "Api Nieuw criterium")).toBeUndefined();
    expect((await call("POST", "/api/tags", who.hr.cookie, { name: "Api Soort", kind: "competence" })).status).toBe(
      422,
    );

    const empty = await call("POST", "/api/tags", who.hr.cookie, { name: "  " });
    expect(empty.status).toBe(422);
    expect((await call("POST", "/api/tags", who.medewerker.cookie, { name: "Api Mag niet" })).status).toBe(403);
  });

  it("reads, renames and removes a tag of the cluster; another account's tag is a 404 and stays as it was", async () => {
    const tag = await newTag(who.hr, "Api Oud");
    const read = await call("GET", `/api/tags/${tag.id}`, who.hr.cookie);
    expect(read.status).toBe(200);
    expect(read.body.tag).toMatchObject({ id: tag.id, name: "Api Oud", members: [] });

    const renamed = await call("PUT", `/api/tags/${tag.id}`, who.hr.cookie, { name: "Api Nieuw" });
    expect(renamed.status).toBe(200);
    expect((await getDb().select().from(tags).where(eq(tags.id, tag.id)))[0].name).toBe("Api Nieuw");
    await newTag(who.hr, "Api Bezet");
    expect((await call("PUT", `/api/tags/${tag.id}`, who.hr.cookie, { name: "api bezet" })).status).toBe(409);

    const foreign = await newTag(who.andere, "Api Van Andere");
    expect((await call("GET", `/api/tags/${foreign.id}`, who.hr.cookie)).status).toBe(404);
    expect((await call("PUT", `/api/tags/${foreign.id}`, who.hr.cookie, { name: "Overgenomen" })).status).toBe(404);
    expect((await call("DELETE", `/api/tags/${foreign.id}`, who.hr.cookie)).status).toBe(404);
    expect((await getDb().select().from(tags).where(eq(tags.id, foreign.id)))[0].name).toBe("Api Van Andere");

    const removed = await call("DELETE", `/api/tags/${tag.id}`, who.hr.cookie);
    expect(removed).toEqual({ status: 200, body: { deleted: 1 } });
    expect(await getDb().select().from(tags).where(eq(tags.id, tag.id))).toEqual([]);
  });

  it("never removes a system tag; bulk-destroy skips it by name and refuses another account's id as a whole", async () => {
    const system = await newTag(who.hr, "Api Systeem", true);
    const single = await call("DELETE", `/api/tags/${system.id}`, who.hr.cookie);
    expect(single.status).toBe(409);
    expect(single.body.error).toBe("systemTag");

    const a = await newTag(who.hr, "Api Bulk A");
    const b = await newTag(who.hr, "Api Bulk B");
    const foreign = await newTag(who.andere, "Api Bulk Andere");
    const refused = await call("POST", "/api/tags/bulk-destroy", who.hr.cookie, { tags: [a.id, foreign.id] });
    expect(refused.status).toBe(404);
    expect((await getDb().select().from(tags).where(eq(tags.id, a.id))).length).toBe(1);

    const bulk = await call("POST", "/api/tags/bulk-destroy", who.hr.cookie, { tags: [a.id, b.id, system.id] });
    expect(bulk).toEqual({ status: 200, body: { deleted: 2, skipped: ["Api Systeem"], usedInReviews: [] } });
    expect((await getDb().select().from(tags).where(eq(tags.id, system.id))).length).toBe(1);
    expect((await call("POST", "/api/tags/bulk-destroy", who.hr.cookie, { tags: [] })).status).toBe(422);
    expect((await call("GET", "/api/tags/bulk-destroy", who.hr.cookie)).status).toBe(405);
  });
});

describe("api/teams, api/roles, api/review-settings", () => {
  it("lists the cluster's teams and one team with its people; another account's team is a 404", async () => {
    const { status, body } = await call("GET", "/api/teams", who.hr.cookie);
    expect(status).toBe(200);
    const names = (body.teams as { name: string }[]).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining([...demoTeams.noord]));
    const andere = await call("GET", "/api/teams", who.andere.cookie);
    expect((andere.body.teams as { name: string }[]).map((t) => t.name)).not.toContain(demoTeams.noord[0]);

    const [linde] = await getDb()
      .select()
      .from(teams)
      .where(and(eq(teams.clusterId, who.hr.clusterId), eq(teams.name, demoTeams.noord[0])));
    const one = await call("GET", `/api/teams/${linde.id}`, who.hr.cookie);
    expect(one.status).toBe(200);
    const team = one.body.team as { leaders: { email: string }[]; members: { email: string }[] };
    expect(team.leaders.map((l) => l.email)).toContain(demoUsers.leider);
    expect(team.members.map((m) => m.email)).toContain(demoUsers.medewerker);
    expect((await call("GET", `/api/teams/${linde.id}`, who.andere.cookie)).status).toBe(404);
    expect((await call("GET", "/api/teams", who.leider.cookie)).status).toBe(403);
  });

  it("gives the roles with their id and level to who manages people", async () => {
    const { status, body } = await call("GET", "/api/roles", who.hr.cookie);
    expect(status).toBe(200);
    expect(body.roles).toEqual(
      expect.arrayContaining([
        { id: expect.any(String), key: "cluster_admin", level: "cluster" },
        { id: expect.any(String), key: "team_admin", level: "team" },
        { id: expect.any(String), key: "account_admin", level: "cluster" },
      ]),
    );
    expect((await call("GET", "/api/roles", who.medewerker.cookie)).status).toBe(403);
  });

  it("gives the caller their own session: user, cluster with modules, roles and rights (GET /api/init)", async () => {
    expect((await call("GET", "/api/init")).status).toBe(401);
    const leider = await call("GET", "/api/init", who.leider.cookie);
    expect(leider.status).toBe(200);
    expect(leider.body.user).toMatchObject({ email: demoUsers.leider, accountAdmin: false, systemAdmin: false });
    expect(leider.body.cluster).toMatchObject({ id: who.leider.clusterId, name: demoClusters.noord });
    expect((leider.body.cluster as { modules: { key: string }[] }).modules).toContainEqual({ key: "team-review" });
    expect(leider.body.rights).toContain("teamReviews.manage");
    expect(leider.body.rights).not.toContain("users.manage");
    const andere = await call("GET", "/api/init", who.andere.cookie);
    expect(andere.body.user).toMatchObject({ email: demoUsers.andere, accountAdmin: true });
    expect((andere.body.clusters as { id: string }[]).map((c) => c.id)).not.toContain(who.leider.clusterId);
    expect((await call("POST", "/api/init", who.leider.cookie, {})).status).toBe(405);
  });

  it("gives the review settings in the caller's language to who reviews", async () => {
    const { status, body } = await call("GET", "/api/review-settings", who.leider.cookie);
    expect(status).toBe(200);
    expect(body.currentScale).toBe(5);
    expect((body.dimensions as { name: string }[]).map((d) => d.name)).toEqual([
      "Prestatie",
      "Potentieel",
      "Inzetbaarheid",
    ]);
    expect((body.roles as { key: string }[]).map((r) => r.key)).toContain("star");
    expect((await call("GET", "/api/review-settings", who.medewerker.cookie)).status).toBe(403);
  });
});
