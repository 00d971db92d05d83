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
import { eq, sql } from "drizzle-orm";
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
let fiveOfATag: string;
let andere: { cookie: string; clusterId: string };
const rounds = {} as Record<"now" | "earlier", string>;
const members: Record<string, string[]> = {};

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
  [bigTag, bTag, fiveOfATag] = (
    await db
      .insert(tags)
      .values([
        { ...tenant, kind: "personnel", name: "Groot" },
        { ...tenant, kind: "personnel", name: "Alleen B" },
        { ...tenant, kind: "personnel", name: "Vijf van A en B" },
      ])
      .returning()
  ).map((t) => t.id);

  const people: Record<string, { c1: number; role: number }[]> = {
    A: [5, 5, 4, 4, 3, 3].map((c1) => ({ c1, role: 1 })),
    B: [1, 2, 3, 3, 2, 1].map((c1) => ({ c1, role: 4 })),
    C: [5, 1].map((c1) => ({ c1, role: 3 })),
    D: [3, 3, 3].map((c1) => ({ c1, role: 3 })),
  };
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
  Object.assign(rounds, { now, earlier });
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
  await db.insert(membershipTags).values([
    ...everyoneBut.map((membershipId) => ({ ...tenant, membershipId, tagId: bigTag })),
    ...members.B.map((membershipId) => ({ ...tenant, membershipId, tagId: bTag })),
    ...[...members.A.slice(0, 5), ...members.B].map((membershipId) => ({
      ...tenant,
      membershipId,
      tagId: fiveOfATag,
    })),
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
  }, 120_000); // the file's first request compiles the routes

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

describe("criteria analytics: the round filter (1790)", () => {
  it("counts each person with their review in the chosen round, in the page and its export", async () => {
    // "Eerder": A 6 × 100 %, B 6 × 50 %. C2 was not scored then, so it is not listed.
    const p = await page(`/analytics/criteria/distribution?round=${rounds.earlier}`);
    const averages = chart(p, "criteria-averages");
    expect(averages.rows.map((r) => r.key)).toEqual([crit.C1]);
    expect(value(averages, crit.C1, "average")).toBeCloseTo(75, 6);
    const csv = await (
      await handle(
        getRequest(
          `/resources/criteria-analytics-export/distribution?round=${rounds.earlier}&format=csv`,
          world.cookie,
        ),
      )
    ).text();
    expect(csv).toMatch(/C1"?[;,]"?75/);
    expect(csv).not.toContain("C2");
    // The same on the teams tab: team A alone was 100 % then.
    const teams = chart(await page(`/analytics/criteria/teams?round=${rounds.earlier}`), "criteria-teams");
    expect(value(teams, team.A, crit.C1)).toBeCloseTo(100, 6);
  });

  it("sets the chosen round beside the one before it over time; the first round stands alone", async () => {
    const now = chart(await page(`/analytics/criteria/rounds?round=${rounds.now}`), "criteria-rounds");
    expect(now.series.map((s) => s.label)).toEqual(["Eerder", "Nu"]);
    const earlier = chart(await page(`/analytics/criteria/rounds?round=${rounds.earlier}`), "criteria-rounds");
    expect(earlier.series.map((s) => s.label)).toEqual(["Eerder"]);
  });

  it("ignores a round that is not one of the reader's with the notice, and keeps a good one in the links", async () => {
    for (const round of ["nope", andere.clusterId]) {
      const html = await (
        await handle(getRequest(`/analytics/criteria/distribution?round=${round}`, world.cookie))
      ).text();
      expect(html).toContain("Een filter was niet geldig (Ronde)");
    }
    const html = await (
      await handle(getRequest(`/analytics/criteria/teams?round=${rounds.now}&period=all`, world.cookie))
    ).text();
    expect(html).toContain(`criteria-analytics-export/teams?round=${rounds.now}&amp;period=all&amp;format=csv`);
    expect(html).toContain("telt die ronde in plaats van de periode");
  });

  it("hides a round's view that differs from the period's view by a small group", async () => {
    // One of team A's people has a later finished review: the period's view counts it, the round "Nu" view counts
    // their review in "Nu" — the two links differ by that one person.
    const db = getDb();
    const tenant = { accountId: world.account.id, clusterId: world.cluster.id };
    const [later] = await db
      .insert(reviews)
      .values({
        ...tenant,
        type: "team",
        name: "Later",
        scale: 5,
        teamId: team.A,
        isFinished: true,
        finishedAt: new Date(),
      })
      .returning();
    try {
      const [subject] = await db
        .insert(reviewSubjects)
        .values({
          ...tenant,
          reviewId: later.id,
          membershipId: members.A[0],
          developmentRole: 1,
          finishedAt: new Date(),
        })
        .returning();
      await db
        .insert(reviewScores)
        .values({ subjectId: subject.id, reviewId: later.id, criterionId: crit.C1, dimension: 1, score: 1 });
      const p = await page(`/analytics/criteria/distribution?round=${rounds.now}`);
      expect(value(chart(p, "criteria-averages"), crit.C1, "average")).toBeNull();
      expect(p.data.hidden.sibling).toBe(true);
      const csv = await (
        await handle(
          getRequest(`/resources/criteria-analytics-export/distribution?round=${rounds.now}&format=csv`, world.cookie),
        )
      ).text();
      expect(csv).toMatch(/C1"?[;,]"?verborgen/);
      // The round's view as it was, before the later review: shown (it equals the period's view).
      expect(
        value(
          chart(await page(`/analytics/criteria/distribution?round=${rounds.earlier}`), "criteria-averages"),
          crit.C1,
          "average",
        ),
      ).toBeCloseTo(75, 6);
    } finally {
      await db.delete(reviewScores).where(eq(reviewScores.reviewId, later.id));
      await db.delete(reviewSubjects).where(eq(reviewSubjects.reviewId, later.id));
      await db.delete(reviews).where(eq(reviews.id, later.id));
    }
    const shown = await page(`/analytics/criteria/distribution?round=${rounds.now}`);
    expect(value(chart(shown, "criteria-averages"), crit.C1, "average")).toBeCloseTo(50, 6);
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

describe("HR analytics' rounds tab on the same cluster", () => {
  type Rounds = {
    review: {
      rounds: {
        rounds: { name: string; group: { size: number | null; hidden: string | null } }[];
        teams: { key: string; size: number | null; counts: Record<string, number> | null; hidden: string | null }[];
      };
    };
  };
  it("hides a team whose tag-filtered view leaves a small group of the team out (its complement)", async () => {
    // Tagged: 5 of team A's 6 people and team B's 6. The round's 11 are shown (its complement is 6), but team A's
    // 5 would give away the sixth person's role against the unfiltered page's team A (6).
    const { rounds } = (
      (await loaderDataOf(
        `/analytics/users/rounds?tag=${fiveOfATag}`,
        "routes/_app+/analytics+/users.$tab",
        world.cookie,
      )) as Rounds
    ).review;
    expect(rounds.rounds.find((r) => r.name === "Nu")!.group).toMatchObject({ size: 11, hidden: null });
    const teamA = rounds.teams.find((t) => t.key === team.A)!;
    expect(teamA).toMatchObject({ size: null, counts: null, hidden: "sibling" });
    expect(rounds.teams.find((t) => t.key === team.B)).toMatchObject({ size: 6, hidden: null });
    const csv = await (
      await handle(getRequest(`/resources/hr-analytics-export/rounds?tag=${fiveOfATag}&format=csv`, world.cookie))
    ).text();
    expect(csv.split("\r\n").find((line) => line.includes("Team A"))).toContain("verborgen");
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

  it("shows each of the demo's two finished rounds with the round filter, and the later beside the earlier (1790)", async () => {
    const { hr } = await demoSessions();
    const { rows } = await getDb().execute<{ id: string }>(sql`
      select coalesce(parent_id, id) as id from reviews
      where cluster_id = ${hr.clusterId} and type = 'team' and is_finished and deleted_at is null
      group by 1 order by max(finished_at)`);
    expect(rows).toHaveLength(2);
    const [earlier, later] = rows.map((r) => r.id);
    expect((await page("/analytics/criteria/distribution", hr.cookie)).data.empty).toBe(false);
    const p = await page(`/analytics/criteria/distribution?round=${earlier}`, hr.cookie);
    expect(p.invalid).toEqual([]);
    expect(chart(p, "criteria-averages").rows.some((r) => r.values[0] !== null)).toBe(true);
    const overTime = chart(await page(`/analytics/criteria/rounds?round=${later}`, hr.cookie), "criteria-rounds");
    expect(overTime.series.map((s) => s.key)).toEqual([earlier, later]);
    // The demo's finished self review was made from the later round: the self tab pairs the two (one colleague's
    // newer self review makes the period's view differ by one person, so the values are hidden there).
    const self = chart(await page(`/analytics/criteria/self?round=${later}`, hr.cookie), "criteria-self");
    expect(self.rows.length).toBeGreaterThan(0);
    expect(chart(await page(`/analytics/criteria/self?round=${earlier}`, hr.cookie), "criteria-self").rows).toEqual([]);
  });
});
