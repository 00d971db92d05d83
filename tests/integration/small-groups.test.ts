/**
 * Small groups are never exposed (docs/decisions/1600), over HTTP on the seeded demo: the cluster setting
 * (bounds, field error, rights, tenancy) and the analytics pages, exports and data requests that must not
 * show a group below the threshold.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { clusters } from "#db/schema";
import { leiderTeams, smallReviewedTeam } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { formRequest, getRequest } from "../support/http";
import { hrAnalyticsScope, subjectsSql } from "~/features/analytics/development-rounds.server";
import type { HrFilter } from "~/features/analytics/hr-filter";
import { handle, loaderDataOf } from "../support/remix-handler";
import { contextFor } from "../support/reviews";
import { demoSessions } from "../support/session";

type Who = { cookie: string; accountId: string; clusterId: string; membershipId: string };
const who = {} as Record<"hr" | "leider" | "medewerker" | "andere", Who>;

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  Object.assign(who, await demoSessions());
}, 120_000);

const thresholdOf = async (clusterId: string) =>
  (await getDb().select({ v: clusters.minGroupSize }).from(clusters).where(eq(clusters.id, clusterId)))[0].v;

const saveThreshold = (value: string, cookie: string) =>
  handle(formRequest("/settings?index", { intent: "minGroupSize", minGroupSize: value }, cookie));

describe("the minimum group size setting", () => {
  it("starts at 5 and is shown on the cluster settings page", async () => {
    expect(await thresholdOf(who.hr.clusterId)).toBe(5);
    const html = await (await handle(getRequest("/settings", who.hr.cookie))).text();
    expect(html).toContain("Minimale groepsgrootte");
    expect(html).toMatch(/name="minGroupSize"[^>]*value="5"/);
  });

  it("refuses a value below 3 or not a number next to the field, keeping what was typed", async () => {
    for (const value of ["2", "drie", "", "4.5"]) {
      const response = await saveThreshold(value, who.hr.cookie);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Typ een heel getal van 3 tot en met 50");
      if (value) expect(html).toContain(`value="${value}"`);
    }
    expect(await thresholdOf(who.hr.clusterId)).toBe(5);
  });

  it("saves a valid value for the current cluster only", async () => {
    const response = await saveThreshold("6", who.hr.cookie);
    expect(response.status).toBe(302);
    expect(await thresholdOf(who.hr.clusterId)).toBe(6);
    expect(await thresholdOf(who.andere.clusterId)).toBe(5);
    await saveThreshold("5", who.hr.cookie);
    expect(await thresholdOf(who.hr.clusterId)).toBe(5);
  });

  it("is not changed by someone who may not manage the cluster's settings", async () => {
    const response = await saveThreshold("3", who.leider.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await thresholdOf(who.hr.clusterId)).toBe(5);
  });
});

describe("HR analytics never show a group below the threshold", () => {
  const smallTeamId = async () => {
    const { rows } = await getDb().execute<{ id: string }>(
      sql`select id from teams where name = ${smallReviewedTeam.name} and cluster_id = ${who.hr.clusterId}`,
    );
    return rows[0].id;
  };

  it("hides the small team on the page, in both exports and in the page's data request", async () => {
    const team = await smallTeamId();
    for (const tab of ["development", "rounds"]) {
      const html = await (await handle(getRequest(`/analytics/users/${tab}`, who.hr.cookie))).text();
      expect(html).toContain("Groepen van minder dan 5 mensen worden niet getoond");
      expect(html).toContain("verborgen");
    }
    const filtered = await handle(getRequest(`/analytics/users/rounds?team=${team}&period=all`, who.hr.cookie));
    expect(filtered.status).toBe(200);
    const data = (await loaderDataOf(
      `/analytics/users/rounds?team=${team}&period=all`,
      "routes/_app+/analytics+/users.$tab",
      who.hr.cookie,
    )) as { review: { rounds: { rounds: { group: { size: number | null; counts: unknown } }[] } } };
    expect(data.review.rounds.rounds.length).toBe(2);
    for (const round of data.review.rounds.rounds) expect(round.group).toMatchObject({ size: null, counts: null });
    for (const format of ["csv", "xlsx"]) {
      const file = await handle(
        getRequest(`/resources/hr-analytics-export/rounds?team=${team}&period=all&format=${format}`, who.hr.cookie),
      );
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Disposition")).toContain(`.${format}`);
      if (format === "csv") {
        const csv = await file.text();
        expect(csv).toContain("verborgen");
        expect(
          csv
            .split("\r\n")
            .filter((line) => line.includes("Teamreview"))
            .every((l) => l.includes("verborgen")),
        ).toBe(true);
      }
    }
  });

  it("suppresses small cells of the movement table and never sends their counts", async () => {
    const data = (await loaderDataOf(
      "/analytics/users/movement",
      "routes/_app+/analytics+/users.$tab",
      who.hr.cookie,
    )) as { review: { movement: { table: { cells: (number | null)[][] } | null } } };
    const cells = data.review.movement.table!.cells.flat();
    expect(cells.some((n) => n === null)).toBe(true);
    expect(cells.every((n) => n === null || n === 0 || n >= 5)).toBe(true);
    const csv = await (
      await handle(getRequest("/resources/hr-analytics-export/movement?format=csv", who.hr.cookie))
    ).text();
    expect(csv).toContain("verborgen");
  });

  it("counts each person reviewed in both rounds once, in the cell of their two roles (1953)", async () => {
    await saveThreshold("3", who.hr.cookie);
    try {
      const data = (await loaderDataOf(
        "/analytics/users/movement",
        "routes/_app+/analytics+/users.$tab",
        who.hr.cookie,
      )) as {
        review: {
          movement: {
            from: string;
            to: string;
            roles: string[];
            population: number;
            table: { cells: (number | null)[][] };
          };
        };
      };
      const { from, to, roles, population, table } = data.review.movement;
      // The reference: the subjects joined with themselves, as the query did before 1953.
      const ctx = await contextFor(who.hr.cookie);
      const filter = { team: null, tag: null, position: null, period: "all", from, to, round: null, interval: "month" };
      const { rows } = await getDb().execute<{ from_role: string; to_role: string; n: number }>(sql`
        with subjects as (${subjectsSql(ctx, hrAnalyticsScope(ctx), filter as HrFilter, null, [from, to])})
        select a.role as from_role, b.role as to_role, count(*)::int as n
        from subjects a join subjects b on b.membership_id = a.membership_id and b.round_id = ${to}
        where a.round_id = ${from} group by 1, 2`);
      expect(population).toBe(rows.reduce((total, r) => total + r.n, 0));
      expect(rows.some((r) => r.from_role !== r.to_role)).toBe(true);
      for (const r of rows) {
        const cell = table.cells[roles.indexOf(r.from_role)][roles.indexOf(r.to_role)];
        expect(cell === null || cell === r.n, `${r.from_role} → ${r.to_role}`).toBe(true);
      }
    } finally {
      await saveThreshold("5", who.hr.cookie);
    }
  });

  it("falls back to the default with a notice for a bad filter value, never a 500", async () => {
    for (const query of ["team=nonsense", `team=${who.andere.clusterId}`, "period=99", "from=1&to=2"]) {
      const response = await handle(getRequest(`/analytics/users/rounds?${query}`, who.hr.cookie));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Een filter was niet geldig");
    }
  });

  it("shows a team leader only their own teams, and andere@demo.nl nothing of Demo BV", async () => {
    const leider = (await loaderDataOf(
      "/analytics/users/rounds",
      "routes/_app+/analytics+/users.$tab",
      who.leider.cookie,
    )) as { review: { teamField: { teams: { label: string }[] } } };
    // A leader's few teams come as the filter's select (1870: a name field only above 50 teams).
    expect(leider.review.teamField.teams.map((t) => t.label).sort()).toEqual([...leiderTeams].sort());
    const team = await smallTeamId();
    const foreign = await handle(getRequest(`/analytics/users/rounds?team=${team}`, who.leider.cookie));
    expect(await foreign.text()).toContain("Een filter was niet geldig");
    const andere = (await loaderDataOf(
      `/analytics/users/rounds?team=${team}`,
      "routes/_app+/analytics+/users.$tab",
      who.andere.cookie,
    )) as { review: { teamField: { teams: { value: string }[] }; invalid: string[] } };
    expect(andere.review.invalid).toEqual(["team"]);
    expect(andere.review.teamField.teams.map((t) => t.value)).not.toContain(team);
    const employee = await handle(getRequest("/analytics/users/rounds", who.medewerker.cookie));
    expect(employee.status).toBe(302);
    const file = await handle(getRequest("/resources/hr-analytics-export/rounds", who.medewerker.cookie));
    expect(file.status).toBe(302);
  });
});
