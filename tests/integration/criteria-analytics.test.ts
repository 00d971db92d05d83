/**
 * Criteria analytics (docs/decisions/1730) over HTTP on a small hand-computed cluster: the numbers of each tab,
 * small groups hidden (also against differencing two views), filters with a notice, the export, rights and
 * tenancy (andere@demo.nl). And the demo: hr@demo.nl sees every tab filled.
 *
 * The fixture (threshold 5), all on a 5-scale, finished two months ago (round "Nu"):
 *   team A: 6 people, C1 = 5 5 4 4 3 3 (100 100 75 75 50 50 %, mean 75), role 1, self review C1 = 5 (100 %)
 *   team B: 6 people, C1 = 1 2 3 3 2 1 (0 25 50 50 25 0 %, mean 25), role 4
 *   team C: 2 people, C1 = 5 1 (100 0 %), role 3;  team D: 3 people, C1 = 3 3 3 (50 %), role 3
 *   every C2 = 3 (50 %); an earlier round "Eerder" (four months ago, 3-scale): A C1 = 3 (100 %), B C1 = 2 (50 %).
 * C1 over all 17: 850 / 17 = 50 %. Roles: 75 (A), 25 (B), 50 (C+D, 5 people); η² = 7500 / 17500 = 42.857 %.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { criteria, membershipTags, reviews, reviewScores, reviewSubjects, tags } from "#db/schema";
import { seedDemo } from "../../seed/run";
import { createTeam, createUserWithMembership } from "../factories";
import { getRequest } from "../support/http";
import { orgWorld } from "../support/org";
import { handle, loaderDataOf } from "../support/remix-handler";
import { demoSessions } from "../support/session";

const ROUTE = "routes/_app+/analytics+/criteria.$tab";
type Chart = {
  id: string;
  series: { key: string; label: string }[];
  rows: { key: string; label: string; values: (number | null)[] }[];
};
type Page = {
  invalid: string[];
  data: { min: number; charts: Chart[]; hidden: { small: boolean; sibling: boolean }; empty: boolean };
};

let world: Awaited<ReturnType<typeof orgWorld>>;
const team = {} as Record<"A" | "B" | "C" | "D", string>;
const crit = {} as Record<"C1" | "C2", string>;
let bigTag: string;
let bTag: string;
let andere: { cookie: string; clusterId: string };

const page = async (path: string, cookie = world.cookie) => (await loaderDataOf(path, ROUTE, cookie)) as Page;
const chart = (p: Page, id: string) => p.data.charts.find((c) => c.id === id)!;
const row = (c: Chart, key: string) => c.rows.find((r) => r.key === key)!;
const value = (c: Chart, rowKey: string, seriesKey: string) =>
  row(c, rowKey).values[c.series.findIndex((s) => s.key === seriesKey)];

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  const sessions = await demoSessions();
  andere = sessions.andere;
  world = await orgWorld();
  const db = getDb();
  const tenant = { accountId: world.account.id, clusterId: world.cluster.id };
  for (const key of ["A", "B", "C", "D"] as const)
    team[key] = (await createTeam(db, { ...tenant, name: `Team ${key}` })).id;
  for (const key of ["C1", "C2"] as const)
    crit[key] = (
      await db
        .insert(criteria)
        .values({ ...tenant, dimension: 1, name: key })
        .returning()
    )[0].id;
  [bigTag, bTag] = (
    await db
      .insert(tags)
      .values([
        { ...tenant, kind: "personnel", name: "Groot" },
        { ...tenant, kind: "personnel", name: "Alleen B" },
      ])
      .returning()
  ).map((t) => t.id);

  const people: Record<string, { c1: number; role: number }[]> = {
    A: [5, 5, 4, 4, 3, 3].map((c1) => ({ c1, role: 1 })),
    B: [1, 2, 3, 3, 2, 1].map((c1) => ({ c1, role: 4 })),
    C: [5, 1].map((c1) => ({ c1, role: 3 })),
    D: [3, 3, 3].map((c1) => ({ c1, role: 3 })),
  };
  const members: Record<string, string[]> = {};
  for (const [key, list] of Object.entries(people)) {
    members[key] = [];
    for (const _ of list)
      members[key].push((await createUserWithMembership(db, { ...tenant, roles: [] })).membership.id);
  }
  const round = async (name: string, monthsAgo: number) =>
    (
      await db
        .insert(reviews)
        .values({
          ...tenant,
          type: "team-summary",
          name,
          scale: 5,
          isFinished: true,
          finishedAt: sql`now() - ${`${monthsAgo} months`}::interval` as never,
        })
        .returning()
    )[0].id;
  const teamReview = async (parentId: string, teamKey: string, scale: number, monthsAgo: number) =>
    (
      await db
        .insert(reviews)
        .values({
          ...tenant,
          parentId,
          type: "team",
          name: `Review ${teamKey}`,
          scale,
          teamId: team[teamKey as keyof typeof team],
          isFinished: true,
          finishedAt: sql`now() - ${`${monthsAgo} months`}::interval` as never,
        })
        .returning()
    )[0].id;
  const score = async (
    reviewId: string,
    roundId: string | null,
    membershipId: string,
    c1: number,
    role: number | null,
  ) => {
    const [subject] = await db
      .insert(reviewSubjects)
      .values({ ...tenant, reviewId, roundId, membershipId, developmentRole: role, finishedAt: new Date() })
      .returning();
    await db
      .insert(reviewScores)
      .values([
        { subjectId: subject.id, reviewId, criterionId: crit.C1, dimension: 1, score: c1 },
        ...(c1 && role !== null
          ? [{ subjectId: subject.id, reviewId, criterionId: crit.C2, dimension: 1, score: 3 }]
          : []),
      ]);
  };
  const now = await round("Nu", 2);
  const earlier = await round("Eerder", 4);
  for (const [key, list] of Object.entries(people)) {
    const reviewId = await teamReview(now, key, 5, 2);
    for (const [i, p] of list.entries()) await score(reviewId, now, members[key][i], p.c1, p.role);
    if (key === "A" || key === "B") {
      const old = await teamReview(earlier, key, 3, 4);
      for (const m of members[key]) await score(old, earlier, m, key === "A" ? 3 : 2, null);
    }
  }
  // A finished self review of team A's people: C1 = 5.
  const [self] = await db
    .insert(reviews)
    .values({ ...tenant, type: "self", name: "Zelf", scale: 5, isFinished: true, finishedAt: new Date() })
    .returning();
  for (const m of members.A) {
    const [subject] = await db
      .insert(reviewSubjects)
      .values({ ...tenant, reviewId: self.id, membershipId: m, teamId: team.A, finishedAt: new Date() })
      .returning();
    await db
      .insert(reviewScores)
      .values({ subjectId: subject.id, reviewId: self.id, criterionId: crit.C1, dimension: 1, score: 5 });
  }
  const everyoneBut = [...members.A, ...members.B, ...members.D];
  await db
    .insert(membershipTags)
    .values([
      ...everyoneBut.map((membershipId) => ({ ...tenant, membershipId, tagId: bigTag })),
      ...members.B.map((membershipId) => ({ ...tenant, membershipId, tagId: bTag })),
    ]);
}, 180_000);

describe("criteria analytics: the numbers", () => {
  it("spreads each criterion over the scale's levels and averages it, weakest first", async () => {
    const p = await page("/analytics/criteria/distribution");
    const levels = chart(p, "criteria-levels");
    expect(levels.series.map((s) => s.key)).toEqual(["low", "mediocre", "normal", "good", "excellent"]);
    expect(row(levels, crit.C1).values).toEqual([3, 2, 7, 2, 3]);
    expect(row(levels, crit.C2).values).toEqual([0, 0, 17, 0, 0]);
    const averages = chart(p, "criteria-averages");
    expect(value(averages, crit.C1, "average")).toBeCloseTo(50, 6);
    expect(value(averages, crit.C2, "average")).toBeCloseTo(50, 6);
    expect(p.data.hidden).toEqual({ small: false, sibling: false });
  });

  it("averages per team, hiding the two small teams (their remainder is 5: the large teams stay)", async () => {
    const p = await page("/analytics/criteria/teams");
    const teams = chart(p, "criteria-teams");
    expect(value(teams, team.A, crit.C1)).toBeCloseTo(75, 6);
    expect(value(teams, team.B, crit.C1)).toBeCloseTo(25, 6);
    expect(value(teams, team.C, crit.C1)).toBeNull();
    expect(value(teams, team.D, crit.C1)).toBeNull();
    expect(p.data.hidden.small).toBe(true);
  });

  it("averages per round, oldest first", async () => {
    const rounds = chart(await page("/analytics/criteria/rounds"), "criteria-rounds");
    expect(rounds.series.map((s) => s.label)).toEqual(["Eerder", "Nu"]);
    expect(row(rounds, crit.C1).values[0]).toBeCloseTo(75, 6);
    expect(row(rounds, crit.C1).values[1]).toBeCloseTo(50, 6);
  });

  it("ranks criteria by the variance the development role explains, with the mean per role", async () => {
    const p = await page("/analytics/criteria/roles");
    const separation = chart(p, "criteria-separation");
    expect(separation.rows[0].key).toBe(crit.C1);
    expect(value(separation, crit.C1, "explained")).toBeCloseTo((7500 / 17500) * 100, 6);
    expect(value(separation, crit.C2, "explained")).toBe(0);
    const means = chart(p, "criteria-role-means");
    expect(value(means, crit.C1, "1")).toBeCloseTo(75, 6);
    expect(value(means, crit.C1, "4")).toBeCloseTo(25, 6);
    expect(value(means, crit.C1, "3")).toBeCloseTo(50, 6);
  });

  it("sets the team review against the self review where both exist", async () => {
    const self = chart(await page("/analytics/criteria/self"), "criteria-self");
    expect(self.rows.map((r) => r.key)).toEqual([crit.C1]);
    expect(row(self, crit.C1).values[0]).toBeCloseTo(75, 6);
    expect(row(self, crit.C1).values[1]).toBeCloseTo(100, 6);
  });
});

describe("criteria analytics: filters and small groups", () => {
  it("filters by tag and team; a view whose complement is small, or a small team, is hidden", async () => {
    const onlyB = chart(await page(`/analytics/criteria/distribution?tag=${bTag}`), "criteria-averages");
    expect(value(onlyB, crit.C1, "average")).toBeCloseTo(25, 6);
    // All but team C's two people: the unfiltered view minus this one would show them.
    const big = await page(`/analytics/criteria/distribution?tag=${bigTag}`);
    expect(value(chart(big, "criteria-averages"), crit.C1, "average")).toBeNull();
    expect(big.data.hidden.sibling).toBe(true);
    const d = await page(`/analytics/criteria/distribution?team=${team.D}`);
    expect(row(chart(d, "criteria-levels"), crit.C1).values.every((v) => v === null)).toBe(true);
    const a = await page(`/analytics/criteria/teams?team=${team.A}`);
    expect(chart(a, "criteria-teams").rows.map((r) => r.key)).toEqual([team.A]);
    expect(value(chart(a, "criteria-teams"), team.A, crit.C1)).toBeCloseTo(75, 6);
  });

  it("shows the page without a bad filter and says which, never an error", async () => {
    const html = await (
      await handle(getRequest("/analytics/criteria/distribution?team=nope&dimension=salaris&period=7", world.cookie))
    ).text();
    expect(html).toContain("Een filter was niet geldig (Team, Periode, Dimensie)");
    const p = await page("/analytics/criteria/distribution?team=nope");
    expect(value(chart(p, "criteria-averages"), crit.C1, "average")).toBeCloseTo(50, 6);
  });

  it("exports what the page shows, hidden groups as 'verborgen'", async () => {
    const response = await handle(getRequest("/resources/criteria-analytics-export/teams?format=csv", world.cookie));
    expect(response.status).toBe(200);
    const csv = await response.text();
    expect(csv).toMatch(/Team A"?[;,]"?75/);
    expect(csv).toMatch(/Team C"?[;,]"?verborgen/);
    expect(csv).not.toMatch(/Team D[;,]50/);
    const xlsx = await handle(getRequest("/resources/criteria-analytics-export/roles", world.cookie));
    expect(xlsx.headers.get("Content-Type")).toContain("spreadsheetml");
  });

  it("leads the old dimension tabs to the first tab and keeps the dimension", async () => {
    const response = await handle(getRequest("/analytics/criteria/potential?period=all", world.cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/analytics/criteria/distribution?period=all&dimension=potential");
  });
});

describe("criteria analytics: rights and tenancy", () => {
  it("gives another account's admin nothing of this cluster, by page, filter or export", async () => {
    const p = await page(`/analytics/criteria/teams?team=${team.A}`, andere.cookie);
    expect(p.invalid).toContain("team");
    const ids = p.data.charts.flatMap((c) => [...c.rows.map((r) => r.key), ...c.series.map((s) => s.key)]);
    expect(ids).not.toContain(team.A);
    expect(ids).not.toContain(crit.C1);
    const csv = await (
      await handle(
        getRequest(`/resources/criteria-analytics-export/distribution?format=csv&team=${team.A}`, andere.cookie),
      )
    ).text();
    expect(csv).not.toContain("C1");
  });

  it("refuses people without analytics.read", async () => {
    const employee = await createUserWithMembership(getDb(), {
      accountId: world.account.id,
      clusterId: world.cluster.id,
    });
    const { sessionCookieFor } = await import("../support/session");
    const { cookie } = await sessionCookieFor({
      userId: employee.user.id,
      accountId: world.account.id,
      clusterId: world.cluster.id,
    });
    for (const path of ["/analytics/criteria/distribution", "/resources/criteria-analytics-export/teams"]) {
      const response = await handle(getRequest(path, cookie));
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/dashboard");
    }
  });
});

describe("criteria analytics on the demo", () => {
  it("shows hr@demo.nl every tab filled from the finished rounds", async () => {
    const { hr } = await demoSessions();
    for (const tab of ["distribution", "teams", "rounds", "roles", "self"]) {
      const p = await page(`/analytics/criteria/${tab}?period=all`, hr.cookie);
      expect(p.data.empty, tab).toBe(false);
      expect(
        p.data.charts.some((c) => c.rows.some((r) => r.values.some((v) => v !== null))),
        tab,
      ).toBe(true);
    }
  });
});
