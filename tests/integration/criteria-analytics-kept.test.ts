/**
 * Criteria analytics' score rows kept per review version (docs/decisions/1911) and the teams tab's page of
 * teams (1910), on the demo and on a small large seed (Groot BV 1k: 1,000 people in 80 teams, one finished round).
 * The kept rows must equal the rows computed straight from the reviews after every kind of change the triggers
 * follow — for each tab's statement, with and without a round, a team, a tag or a position — and scoring a
 * running review must not raise the version. The teams tab shows 50 of 80 teams, the export all 80, and the
 * page shows nothing the full answer hid.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { periodStart } from "~/features/analytics/analytics";
import {
  computeScoreRows,
  criteriaFilter,
  criteriaForPage,
  criteriaTab,
  scoreRows,
} from "~/features/analytics/criteria-analytics.server";
import { filteredTeamGroups, hiddenSummary, type HiddenReason } from "~/features/analytics/small-groups";
import { minGroupSize } from "~/features/analytics/small-groups.server";
import { TEAMS_SHOWN, meanOfShown } from "~/features/analytics/teams-shown";
import { requestResultTexts } from "~/features/reviews/result-texts.server";
import type { Dimension } from "~/features/criteria/scales";
import { isoDayIn } from "~/utils/format";
import type { TenantContext } from "~/utils/tenant.server";
import { seedLarge } from "../../seed/large";
import { largeSize } from "../../seed/large-size";
import { getRequest } from "../support/http";
import { handle, loaderDataOf } from "../support/remix-handler";
import { contextFor } from "../support/reviews";
import { sessionCookieFor } from "../support/session";
import { seededHr } from "../support/seeded-hr";

type World = { ctx: TenantContext; cookie: string; clusterId: string };
let demo: World;
let large: World;
const size = largeSize(1000);

beforeAll(async () => {
  demo = await seededHr();
  const seeded = await seedLarge(process.env.DATABASE_URL!, size);
  const { rows } = await getDb().execute<{ id: string }>(sql`select id from users where email = ${size.hrEmail}`);
  const { cookie } = await sessionCookieFor({
    userId: rows[0].id,
    accountId: seeded.accountId,
    clusterId: seeded.clusterId,
  });
  large = { ctx: await contextFor(cookie), cookie, clusterId: seeded.clusterId };
}, 300_000);

const sorted = <T>(rows: readonly T[]) => rows.map((r) => JSON.stringify(r)).sort();

/** The query strings the check walks: no filter, each round, a team, a tag, a position, a round with a tag. */
async function queries(w: World): Promise<string[]> {
  const db = getDb();
  const one = async (query: ReturnType<typeof sql>) => (await db.execute<{ id: string }>(query)).rows.map((r) => r.id);
  const roundIds = await one(sql`select distinct coalesce(parent_id, id) as id from reviews
    where cluster_id = ${w.clusterId} and type = 'team' and is_finished and deleted_at is null`);
  const [team] = await one(sql`select team_id as id from reviews where cluster_id = ${w.clusterId}
    and type = 'team' and is_finished and deleted_at is null order by team_id limit 1`);
  const [tag] =
    await one(sql`select mt.tag_id as id from membership_tags mt join memberships m on m.id = mt.membership_id
    where m.cluster_id = ${w.clusterId} group by 1 order by count(*) desc, 1 limit 1`);
  const [position] = await one(sql`select position_id as id from contracts where cluster_id = ${w.clusterId}
    and is_active group by 1 order by count(*) desc, 1 limit 1`);
  return [
    "period=all",
    "period=12",
    ...roundIds.map((round) => `round=${round}`),
    `team=${team}&period=all`,
    ...(tag ? [`tag=${tag}&period=all`, `tag=${tag}&round=${roundIds[0]}`] : []),
    ...(position ? [`position=${position}&period=all`] : []),
  ];
}

const statements = [
  { round: false, team: false, key: "level" },
  { round: false, team: true, key: null },
  { round: false, team: false, key: "role" },
  { round: false, team: false, key: "self" },
  { round: true, team: false, key: null },
] as const;

/** Kept rows against rows computed straight, for every statement and query; twice, so the second is a hit. */
async function expectKeptEqualsDirect(w: World, dimensions: Dimension[] = [1]) {
  const today = isoDayIn(new Date());
  for (const query of await queries(w)) {
    const { filter } = await criteriaFilter(w.ctx, new URLSearchParams(query));
    const since = filter.round ? null : periodStart(filter.period, today);
    for (const dimension of dimensions)
      for (const by of statements) {
        const args = [w.ctx, filter, since, dimension, { ...by, team: by.team || !!filter.team }] as const;
        const direct = sorted(await computeScoreRows(...args));
        expect(sorted(await scoreRows(...args)), `${query} ${JSON.stringify(by)}`).toEqual(direct);
        expect(sorted(await scoreRows(...args)), `${query} ${JSON.stringify(by)}, kept`).toEqual(direct);
      }
  }
}

const version = async (clusterId: string) =>
  Number(
    (
      await getDb().execute<{ version: string }>(
        sql`select coalesce((select version from review_versions where cluster_id = ${clusterId}), 0) as version`,
      )
    ).rows[0].version,
  );

describe("criteria analytics' kept score rows (docs/decisions/1911)", () => {
  it("equal the rows computed from the reviews on the demo and on Groot BV 1k, every dimension", async () => {
    await expectKeptEqualsDirect(demo, [1, 2, 3]);
    await expectKeptEqualsDirect(large, [1]);
  }, 180_000);

  it("follow every kind of change to what they count, and not the scoring of a running review", async () => {
    const db = getDb();
    const c = demo.clusterId;
    const [subject] = (
      await db.execute<{ id: string; review_id: string; criterion_id: string; score: number; role: number | null }>(sql`
        select s.id, s.review_id, sc.criterion_id, sc.score, s.calibrated_role as role
        from review_subjects s join reviews r on r.id = s.review_id and r.type = 'team' and r.is_finished
        join review_scores sc on sc.subject_id = s.id and sc.dimension = 1
        where s.cluster_id = ${c} order by r.finished_at desc, s.id limit 1`)
    ).rows;
    const steps: [string, ReturnType<typeof sql>][] = [
      [
        "a finished review's score",
        sql`update review_scores set score = case when score = 1 then 2 else 1 end
        where subject_id = ${subject.id} and criterion_id = ${subject.criterion_id}`,
      ],
      ["a calibration", sql`update review_subjects set calibrated_role = 5 where id = ${subject.id}`],
      ["a review removed", sql`update reviews set deleted_at = now() where id = ${subject.review_id}`],
      ["and restored", sql`update reviews set deleted_at = null where id = ${subject.review_id}`],
      ["a review reopened", sql`update reviews set is_finished = false where id = ${subject.review_id}`],
      ["and finished again", sql`update reviews set is_finished = true where id = ${subject.review_id}`],
      [
        "the calibration undone",
        sql`update review_subjects set calibrated_role = ${subject.role} where id = ${subject.id}`,
      ],
      [
        "the score back",
        sql`update review_scores set score = ${subject.score}
        where subject_id = ${subject.id} and criterion_id = ${subject.criterion_id}`,
      ],
    ];
    for (const [step, statement] of steps) {
      const before = await version(c);
      await db.execute(statement);
      expect(await version(c), step).toBeGreaterThan(before);
      await expectKeptEqualsDirect(demo);
    }
    // A running team review's scores (demo's running round) do not count until it finishes: no new version.
    const { rows: running } = await db.execute<{ subject_id: string; criterion_id: string }>(sql`
      select sc.subject_id, sc.criterion_id from review_scores sc
      join reviews r on r.id = sc.review_id and r.type = 'team' and not r.is_finished
      join review_subjects s on s.id = sc.subject_id and s.finished_at is null
      where r.cluster_id = ${c} limit 1`);
    expect(running[0]).toBeDefined();
    const before = await version(c);
    await db.execute(sql`update review_scores set score = score
      where subject_id = ${running[0].subject_id} and criterion_id = ${running[0].criterion_id}`);
    await db.execute(sql`update review_subjects set scored_count = scored_count where id = ${running[0].subject_id}`);
    expect(await version(c)).toBe(before);
  }, 180_000);
});

type Chart = { id: string; rows: { key: string; label: string; values: (number | null)[] }[] };
type Page = { data: { charts: Chart[]; teamsInAll: number | null } };

describe("criteria analytics' teams tab shows a page of teams (docs/decisions/1910)", () => {
  it("shows the 50 lowest of 80 teams, says how many in all, the export keeps every team, nothing hidden shows", async () => {
    const { rows } = await getDb().execute<{ id: string }>(sql`
      select distinct coalesce(parent_id, id) as id from reviews
      where cluster_id = ${large.clusterId} and type = 'team' and is_finished`);
    const path = `/analytics/criteria/teams?round=${rows[0].id}`;
    const page = (await loaderDataOf(path, "routes/_app+/analytics+/criteria.$tab", large.cookie)) as Page;
    const shown = page.data.charts.find((c) => c.id === "criteria-teams")!;
    expect(shown.rows).toHaveLength(TEAMS_SHOWN);
    expect(page.data.teamsInAll).toBe(size.teams);

    // The full answer, as the export writes it: every shown row is the same team's row there.
    const { t, texts } = await requestResultTexts(getRequest(path, large.cookie), large.ctx);
    const state = await criteriaFilter(large.ctx, new URLSearchParams(`round=${rows[0].id}`));
    const full = await criteriaTab(large.ctx, "teams", state, isoDayIn(new Date()), t, texts.roles);
    const all = full.charts.find((c) => c.id === "criteria-teams")!;
    expect(all.rows).toHaveLength(size.teams);
    const byKey = new Map(all.rows.map((r) => [r.key, r]));
    for (const row of shown.rows) expect(row).toEqual(byKey.get(row.key));
    // Lowest mean of the shown criteria first; no team left out ranks below one shown.
    const ranks = shown.rows.map((r) => meanOfShown(r.values) ?? Infinity);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    const left = all.rows.filter((r) => !shown.rows.some((s) => s.key === r.key));
    for (const r of left) expect(meanOfShown(r.values) ?? Infinity).toBeGreaterThanOrEqual(ranks.at(-1)!);
    expect(criteriaForPage(full).charts.find((c) => c.id === "criteria-teams")!.rows).toEqual(shown.rows);

    const html = await (await handle(getRequest(path, large.cookie))).text();
    expect(html).toContain(`${TEAMS_SHOWN} van de ${size.teams} teams getoond.`);
    const csv = await (
      await handle(
        getRequest(`/resources/criteria-analytics-export/teams?round=${rows[0].id}&format=csv`, large.cookie),
      )
    ).text();
    expect(csv.trim().split("\r\n")).toHaveLength(size.teams + 1);
  }, 120_000);

  it("keeps every team in the page's order when there are no more than 50 (the demo)", async () => {
    const page = (await loaderDataOf(
      "/analytics/criteria/teams?period=all",
      "routes/_app+/analytics+/criteria.$tab",
      demo.cookie,
    )) as Page;
    const shown = page.data.charts.find((c) => c.id === "criteria-teams")!;
    expect(shown.rows.length).toBeGreaterThan(0);
    expect(shown.rows.length).toBeLessThanOrEqual(TEAMS_SHOWN);
    expect(page.data.teamsInAll).toBe(shown.rows.length);
  });
});

/**
 * The teams tab as it was worked out on every request before 1940: each shown team's cell suppressed with
 * `filteredTeamGroups` over the rows computed straight from the reviews. The page's team-by-criterion values and
 * its small-group notice must be the same from the cells kept beside the kept rows.
 */
async function teamsTabDirect(w: World, query: string) {
  const state = await criteriaFilter(w.ctx, new URLSearchParams(query));
  const { filter, choices } = state;
  const min = await minGroupSize(w.ctx);
  const since = filter.round ? null : periodStart(filter.period, isoDayIn(new Date()));
  const rows = await computeScoreRows(w.ctx, filter, since, 1, { round: false, team: true, key: null });
  const teamIds = new Set(rows.filter((r) => r.in_tag && r.in_position && r.in_round).map((r) => r.team_id ?? ""));
  const teams = choices.teams.filter((team) => teamIds.has(team.id) && (!filter.team || team.id === filter.team));
  const criteria = [...new Set(rows.filter((r) => r.in_round).map((r) => r.criterion_id))];
  const reasons: (HiddenReason | null)[] = [];
  const values = new Map<string, Map<string, number | null>>(teams.map((team) => [team.id, new Map()]));
  for (const id of criteria) {
    const own = rows.filter((r) => r.criterion_id === id);
    const perTeam = filteredTeamGroups(
      own,
      filter,
      teams.map((team) => team.id),
      min,
    );
    perTeam.forEach((g, i) => {
      reasons.push(g.hidden);
      const n = g.rows.reduce((sum, r) => sum + r.n, 0);
      const mean = n ? g.rows.reduce((sum, r) => sum + r.s1, 0) / n : null;
      values.get(teams[i].id)!.set(id, g.hidden ? null : mean);
    });
  }
  return { state, teams: teams.map((team) => team.id), values, hidden: hiddenSummary(reasons) };
}

describe("criteria analytics' teams tab from cells kept beside the score rows (docs/decisions/1940)", () => {
  it("shows what suppressing every team on each request showed: every threshold, round, team filter, tag", async () => {
    const c = large.clusterId;
    const db = getDb();
    const { rows } = await db.execute<{ id: string }>(sql`
      select distinct coalesce(parent_id, id) as id from reviews
      where cluster_id = ${c} and type = 'team' and is_finished and deleted_at is null`);
    const round = rows[0].id;
    const { rows: teamRows } = await db.execute<{ id: string }>(sql`
      select team_id as id from reviews where cluster_id = ${c} and type = 'team' and is_finished
      and deleted_at is null order by team_id limit 2`);
    const [tag] = (
      await db.execute<{ id: string }>(sql`select mt.tag_id as id from membership_tags mt
        join memberships m on m.id = mt.membership_id where m.cluster_id = ${c} group by 1 order by count(*) desc, 1 limit 1`)
    ).rows;
    const query = [
      `round=${round}`,
      "period=all",
      ...teamRows.flatMap((team) => [`round=${round}&team=${team.id}`, `team=${team.id}&period=all`]),
      ...(tag ? [`round=${round}&tag=${tag.id}`] : []),
    ];
    const { t, texts } = await requestResultTexts(getRequest("/analytics/criteria/teams", large.cookie), large.ctx);
    let hiddenCells = 0;
    try {
      for (const min of [5, 9, 13]) {
        await db.execute(sql`update clusters set min_group_size = ${min} where id = ${c}`);
        for (const q of query) {
          const direct = await teamsTabDirect(large, q);
          // Twice: the second reads the kept cells.
          for (const pass of ["first", "kept"]) {
            const tab = await criteriaTab(large.ctx, "teams", direct.state, isoDayIn(new Date()), t, texts.roles);
            const chart = tab.charts.find((ch) => ch.id === "criteria-teams")!;
            const label = `min ${min}, ${q}, ${pass}`;
            expect(
              chart.rows.map((r) => r.key),
              label,
            ).toEqual(direct.teams);
            for (const row of chart.rows)
              chart.series.forEach((s, j) => {
                expect(row.values[j], `${label}, ${row.label}, ${s.label}`).toBe(
                  direct.values.get(row.key)!.get(s.key),
                );
                if (row.values[j] === null) hiddenCells += 1;
              });
            expect(chart.series).toHaveLength(direct.values.get(direct.teams[0])?.size ?? 0);
            expect(tab.hidden, label).toEqual(direct.hidden);
          }
        }
      }
    } finally {
      await db.execute(sql`update clusters set min_group_size = 5 where id = ${c}`);
    }
    // Hidden teams were among what was compared.
    expect(hiddenCells).toBeGreaterThan(0);
  }, 180_000);
});
