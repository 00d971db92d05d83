/**
 * HR analytics' development tab at more teams than a page holds (docs/decisions/1915), over HTTP on the large
 * seed at 800 people (64 teams): the page holds the 50 teams with the most reviewed people, each row exactly as
 * in the full list (the export's), hidden teams last and still hidden; the team filter gives the chosen team's
 * row as unfiltered. Nothing on the page is derivable that the full list did not show. The completion tab, whose
 * loader now reads its rounds, threshold and counts side by side, still shows the service's figures, under tag and
 * position filters too.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { completionAnalytics, completionRounds, completionScope } from "~/features/analytics/completion.server";
import { hrChoices, roundsAnalytics, type RoundsAnalytics } from "~/features/analytics/development-rounds.server";
import { developmentAnalytics, type DevelopmentAnalytics } from "~/features/analytics/development.server";
import { parseHrFilter } from "~/features/analytics/hr-filter";
import { TEAMS_SHOWN } from "~/features/analytics/teams-shown";
import { isoDayIn } from "~/utils/format";
import type { TenantContext } from "~/utils/tenant.server";
import { seedLarge } from "../../seed/large";
import { largeSize } from "../../seed/large-size";
import { getRequest } from "../support/http";
import { handle, loaderDataOf } from "../support/remix-handler";
import { contextFor } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

const size = largeSize(800);
const ROUTE = "routes/_app+/analytics+/users.$tab";
type Page = { review: { development: DevelopmentAnalytics & { teamsInAll: number } } };
type RoundsPage = { review: { rounds: RoundsAnalytics & { teamsInAll: number } } };
type CompletionPage = {
  review: { completion: Awaited<ReturnType<typeof completionAnalytics>> & { teamsInAll: number } };
};

let cookie = "";
let ctx: TenantContext;
let full: DevelopmentAnalytics;

beforeAll(async () => {
  const { accountId, clusterId } = await seedLarge(process.env.DATABASE_URL!, size);
  // A threshold just above the seed's 12–13 reviewed people a team: about half the teams are hidden.
  await getDb().execute(sql`update clusters set min_group_size = 13 where id = ${clusterId}`);
  const { rows } = await getDb().execute<{ id: string }>(
    sql`select id from users where email = ${size.hrEmail} and account_id = ${accountId}`,
  );
  ({ cookie } = await sessionCookieFor({ userId: rows[0].id, accountId, clusterId }));
  ctx = await contextFor(cookie);
  full = await developmentAnalytics(ctx);
}, 180_000);

const pageOf = async (query = "") =>
  ((await loaderDataOf(`/analytics/users/development${query}`, ROUTE, cookie)) as Page).review.development;

describe("the development tab at more teams than a page", () => {
  it("shows the 50 teams with the most reviewed people, each as in the full list, hidden ones last", async () => {
    expect(full.teams.length).toBe(size.teams);
    const hidden = full.teams.filter((t) => t.hidden);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((t) => t.people === null && t.roleCounts === null)).toBe(true);

    const page = await pageOf();
    expect(page.teamsInAll).toBe(size.teams);
    expect(page.teams).toHaveLength(TEAMS_SHOWN);
    const byId = new Map(full.teams.map((t) => [t.teamId, t]));
    // Every row is the full list's row: the page shows nothing the full list did not.
    for (const row of page.teams) expect(row).toEqual(byId.get(row.teamId));
    expect(page.total).toEqual(full.total);
    expect(page.reviewed).toBe(full.reviewed);

    // The largest shown teams first; a hidden team only after every shown one (it has no size to rank by).
    const sizes = page.teams.map((t) => t.people);
    const firstHidden = sizes.indexOf(null);
    const shownSizes = (firstHidden === -1 ? sizes : sizes.slice(0, firstHidden)) as number[];
    expect(shownSizes).toEqual([...shownSizes].sort((a, b) => b - a));
    if (firstHidden !== -1) expect(sizes.slice(firstHidden).every((n) => n === null)).toBe(true);
    const onPage = new Set(page.teams.map((t) => t.teamId));
    const left = full.teams.filter((t) => !onPage.has(t.teamId) && t.people !== null);
    if (firstHidden !== -1) expect(left).toEqual([]);
    for (const t of left) expect(t.people!).toBeLessThanOrEqual(Math.min(...shownSizes));
  });

  it("filters by team: the chosen team's row as unfiltered, a hidden one still hidden, and the export follows", async () => {
    const page = await pageOf();
    const onPage = new Set(page.teams.map((t) => t.teamId));
    const hiddenTeam = full.teams.find((t) => t.hidden)!;
    const shownOff = full.teams.find((t) => !t.hidden && !onPage.has(t.teamId)) ?? full.teams.find((t) => !t.hidden)!;
    for (const team of [hiddenTeam, shownOff]) {
      const filtered = await pageOf(`?team=${team.teamId}`);
      expect(filtered.teams).toEqual([team]);
      expect(filtered.teamsInAll).toBe(1);
      expect(filtered.total).toEqual(full.total);
    }
    const byName = await pageOf(`?teamName=${encodeURIComponent(shownOff.name)}`);
    expect(byName.teams).toEqual([shownOff]);

    const csv = await (
      await handle(
        getRequest(`/resources/hr-analytics-export/development?team=${hiddenTeam.teamId}&format=csv`, cookie),
      )
    ).text();
    const lines = csv.trim().split(/\r?\n/);
    // The header, the team (hidden: the word, never a number) and the total.
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(hiddenTeam.name);
    expect(lines[1]).not.toMatch(/\d+\s*$/);
    const all = await (
      await handle(getRequest(`/resources/hr-analytics-export/development?format=csv`, cookie))
    ).text();
    expect(all.trim().split(/\r?\n/)).toHaveLength(size.teams + 2);
  });
});

describe("the rounds tab at more teams than a page (docs/decisions/1983)", () => {
  it("shows the latest round's 50 teams with the most reviewed people, each as in the full list; the export all", async () => {
    const choices = await hrChoices(ctx);
    const { filter } = parseHrFilter(new URLSearchParams("period=all"), choices);
    const all = await roundsAnalytics(ctx, filter, isoDayIn(new Date()), choices);
    expect(all.teams.length).toBe(size.teams);
    const page = ((await loaderDataOf(`/analytics/users/rounds?period=all`, ROUTE, cookie)) as RoundsPage).review
      .rounds;
    expect(page.teamsInAll).toBe(size.teams);
    expect(page.teams).toHaveLength(TEAMS_SHOWN);
    expect(page.rounds).toEqual(all.rounds);
    const byKey = new Map(all.teams.map((t) => [t.key, t]));
    for (const row of page.teams) expect(row).toEqual(byKey.get(row.key));
    const sizes = page.teams.map((t) => t.size);
    const firstHidden = sizes.indexOf(null);
    const shownSizes = (firstHidden === -1 ? sizes : sizes.slice(0, firstHidden)) as number[];
    expect(shownSizes).toEqual([...shownSizes].sort((a, b) => b - a));
    if (firstHidden !== -1) expect(sizes.slice(firstHidden).every((n) => n === null)).toBe(true);

    const csv = await (
      await handle(getRequest(`/resources/hr-analytics-export/rounds?period=all&format=csv`, cookie))
    ).text();
    // Every team of the latest round is in the export, on the page or not.
    for (const team of all.teams) expect(csv).toContain(team.name);
  });
});

describe("workforce planning at more teams than a select holds (docs/decisions/1870, 1981)", () => {
  it("sends no list of teams but a name field, and the name filters the table to that team", async () => {
    type PlanningPage = {
      teamField: { teams: unknown[] | null; teamName: string | null };
      rows: { teamName: string }[];
    };
    const PLANNING = "routes/_app+/analytics+/planning.$horizon";
    const all = (await loaderDataOf("/analytics/planning/1y", PLANNING, cookie)) as PlanningPage;
    expect(all.teamField).toEqual({ teams: null, teamName: null });
    const name = all.rows[0].teamName;
    const one = (await loaderDataOf(
      `/analytics/planning/1y?teamName=${encodeURIComponent(name)}`,
      PLANNING,
      cookie,
    )) as PlanningPage;
    expect(one.teamField.teamName).toBe(name);
    expect(one.rows.length).toBeGreaterThan(0);
    expect(new Set(one.rows.map((r) => r.teamName))).toEqual(new Set([name]));
  });
});

describe("the completion tab at more teams than a page", () => {
  it("shows the service's figures for the round and its teams, without and with a tag or position filter", async () => {
    const { rows } = await getDb().execute<{ tag: string; position: string }>(sql`
      select (select mt.tag_id from membership_tags mt where mt.cluster_id = ${ctx.clusterId}
                group by 1 order by count(*) desc, 1 limit 1) as tag,
             (select k.position_id from contracts k where k.cluster_id = ${ctx.clusterId}
                group by 1 order by count(*) desc, 1 limit 1) as position`);
    const scope = completionScope(ctx);
    const choices = await hrChoices(ctx, scope);
    const rounds = await completionRounds(ctx, scope);
    for (const query of ["", `tag=${rows[0].tag}`, `position=${rows[0].position}`]) {
      const { filter } = parseHrFilter(new URLSearchParams(query), { ...choices, rounds });
      const service = await completionAnalytics(ctx, filter, isoDayIn(new Date()), choices, rounds);
      const page = ((await loaderDataOf(`/analytics/users/completion?${query}`, ROUTE, cookie)) as CompletionPage)
        .review.completion;
      expect(page.rounds, query).toEqual(service.rounds);
      expect(page.teamsInAll, query).toBe(service.teams.length);
      expect(page.teams.length, query).toBe(Math.min(TEAMS_SHOWN, service.teams.length));
      const byId = new Map(service.teams.map((t) => [t.teamId, t]));
      for (const team of page.teams) expect(team, query).toEqual(byId.get(team.teamId));
      // A hidden group's counts never leave the server.
      for (const team of page.teams.filter((t) => t.evaluations.hidden)) {
        expect(team.evaluations).toMatchObject({ due: null, done: null });
      }
    }
  });
});
