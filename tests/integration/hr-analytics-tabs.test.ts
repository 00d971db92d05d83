/**
 * HR analytics' review-completion and in/out-flow tabs and who may open which tab (docs/decisions/1720), over
 * HTTP on the seeded demo: the figures are the database's, small groups never leave the server (page data and
 * exports), a team leader sees their own teams, andere@demo.nl's ids and another cluster's give nothing.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { parseHrFilter } from "~/features/analytics/hr-filter";
import { computeStaffFlowFigures } from "~/features/analytics/staff-flow.server";
import { isoDayIn } from "~/utils/format";
import type { TenantContext } from "~/utils/tenant.server";
import { leiderTeams, smallReviewedTeam } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { createUserWithMembership } from "../factories";
import { getRequest } from "../support/http";
import { handle, loaderDataOf } from "../support/remix-handler";
import { demoSessions, sessionCookieFor } from "../support/session";

type Who = { cookie: string; accountId: string; clusterId: string; membershipId: string };
const who = {} as Record<"hr" | "leider" | "medewerker" | "andere", Who>;

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  Object.assign(who, await demoSessions());
}, 120_000);

type Count = { due: number | null; done: number | null; hidden: string | null };
type Completion = {
  rounds: {
    id: string;
    name: string;
    teamReviews: { due: number; done: number };
    evaluations: Count;
    selfReviews: Count;
  }[];
  round: { id: string } | null;
  teams: { name: string; evaluations: Count; selfReviews: Count }[];
};
type Flow = {
  rows: { start: string; started: number; left: number; net: number; headcount: number }[] | null;
  totals: { started: number; left: number; headcount: number } | null;
  people: number | null;
};
type Tab = {
  review: {
    completion: Completion;
    flow: Flow;
    invalid: string[];
    teamField: { teams: { value: string; label: string }[] | null };
  };
};

const ROUTE = "routes/_app+/analytics+/users.$tab";
const tabData = async (path: string, cookie: string) => (await loaderDataOf(path, ROUTE, cookie)) as Tab;

const teamId = async (name: string) =>
  (
    await getDb().execute<{ id: string }>(
      sql`select id from teams where name = ${name} and cluster_id = ${who.hr.clusterId}`,
    )
  ).rows[0].id;

const small = (n: number | null) => n !== null && n > 0 && n < 5;

describe("review completion", () => {
  it("counts per round what was due and done; evaluations count only in finished team reviews", async () => {
    const { completion } = (await tabData("/analytics/users/completion?period=all", who.hr.cookie)).review;
    const { rows } = await getDb().execute<{
      round: string;
      due: number;
      done: number;
      reviews: number;
      finished: number;
    }>(sql`
      select coalesce(r.parent_id, r.id) as round, count(s.id)::int as due,
        count(s.id) filter (where r.is_finished and s.scored_count >= (select count(*) from review_criteria c where c.review_id = r.id))::int as done,
        count(distinct r.id)::int as reviews, count(distinct r.id) filter (where r.is_finished)::int as finished
      from reviews r join review_subjects s on s.review_id = r.id
      where r.type = 'team' and r.cluster_id = ${who.hr.clusterId} and r.deleted_at is null group by 1`);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      const round = completion.rounds.find((r) => r.id === row.round)!;
      expect(round.evaluations).toMatchObject({ due: row.due, done: row.done });
      expect(round.teamReviews).toEqual({ due: row.reviews, done: row.finished });
    }
    // The running round: some scored, none done (its team reviews are not finished).
    const running = completion.rounds.find((r) => r.teamReviews.done < r.teamReviews.due)!;
    expect(running.evaluations.done).toBe(0);
    expect(completion.rounds.some((r) => (r.selfReviews.done ?? 0) > 0)).toBe(true);
    // With a position filter each person is matched (not the precomputed counts): never more than without it.
    const choices = (await loaderDataOf("/analytics/users/completion", ROUTE, who.hr.cookie)) as {
      review: { choices: { positions: { id: string }[] } };
    };
    const tagged = (
      await tabData(
        `/analytics/users/completion?period=all&position=${choices.review.choices.positions[0].id}`,
        who.hr.cookie,
      )
    ).review;
    expect(tagged.invalid).toEqual([]);
    for (const round of tagged.completion.rounds) {
      const all = completion.rounds.find((r) => r.id === round.id)!;
      if (round.evaluations.due !== null) expect(round.evaluations.due).toBeLessThanOrEqual(all.evaluations.due!);
    }
  }, 60_000); // the file's first request compiles the routes

  it("hides the small team in the page data and both exports, also when filtered to it", async () => {
    for (const query of [
      "period=all",
      "period=all&round=",
      `period=all&team=${await teamId(smallReviewedTeam.name)}`,
    ]) {
      const { completion } = (await tabData(`/analytics/users/completion?${query}`, who.hr.cookie)).review;
      for (const group of [...completion.rounds, ...completion.teams]) {
        for (const c of [group.evaluations, group.selfReviews]) expect(small(c.due)).toBe(false);
      }
    }
    const { completion } = (await tabData("/analytics/users/completion?period=all", who.hr.cookie)).review;
    const roundWithSmall = completion.rounds.find((r) => r.teamReviews.due === 5)!;
    const per = (await tabData(`/analytics/users/completion?period=all&round=${roundWithSmall.id}`, who.hr.cookie))
      .review.completion;
    expect(per.teams.find((t) => t.name === smallReviewedTeam.name)!.evaluations).toEqual({
      due: null,
      done: null,
      hidden: "small",
    });
    const html = await (
      await handle(getRequest(`/analytics/users/completion?period=all&round=${roundWithSmall.id}`, who.hr.cookie))
    ).text();
    expect(html).toContain("Groepen van minder dan 5 mensen worden niet getoond");
    for (const format of ["csv", "xlsx"]) {
      const file = await handle(
        getRequest(
          `/resources/hr-analytics-export/completion?period=all&round=${roundWithSmall.id}&format=${format}`,
          who.hr.cookie,
        ),
      );
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Disposition")).toContain(`.${format}`);
      if (format === "csv") {
        const line = (await file.text()).split("\r\n").find((l) => l.includes(smallReviewedTeam.name))!;
        expect(line).toContain("verborgen");
        expect(line).not.toMatch(/[;,]4[;,]/);
      }
    }
  });
});

describe("in/out flow", () => {
  it("counts starters, leavers and the headcount from the contracts, a renewal as neither", async () => {
    const { flow } = (await tabData("/analytics/users/flow?period=24", who.hr.cookie)).review;
    expect(flow.rows!.length).toBeGreaterThanOrEqual(24);
    const { rows } = await getDb().execute<{ n: number }>(sql`
      select count(distinct c.membership_id)::int as n from contracts c join memberships m on m.id = c.membership_id
      where c.cluster_id = ${who.hr.clusterId} and c.is_active and m.deleted_at is null
        and c.start_date <= current_date and c.end_date >= current_date`);
    expect(flow.totals!.headcount).toBe(rows[0].n);
    // The demo's inactive people left in the last year (seed/demo/contracts.ts).
    expect(flow.totals!.left).toBeGreaterThanOrEqual(2);
    expect(flow.totals!.started).toBeGreaterThan(0);
    for (const row of flow.rows!) expect(row.net).toBe(row.started - row.left);
    // A renewal: a second contract from the day after the first ends changes nothing.
    const before = flow.totals!;
    const { rows: renew } = await getDb().execute<{ id: string }>(sql`
      insert into contracts (account_id, cluster_id, membership_id, position_id, start_date, end_date, fte, is_active)
      select account_id, cluster_id, membership_id, position_id, end_date + 1, end_date + 400, fte, true from contracts
      where cluster_id = ${who.hr.clusterId} and end_date < current_date - 30 and is_active limit 1
      returning id`);
    const after = (await tabData("/analytics/users/flow?period=24", who.hr.cookie)).review.flow.totals!;
    expect(after.started).toBe(before.started);
    expect(after.left).toBe(before.left - 1);
    await getDb().execute(sql`delete from contracts where id = ${renew[0].id}`);
    const quarters = (await tabData("/analytics/users/flow?period=24&interval=quarter", who.hr.cookie)).review.flow;
    expect(quarters.rows!.length).toBeLessThanOrEqual(9);
    expect(quarters.totals).toEqual(before);
  });

  it("hides a filtered view of too few people, in the page data and the export", async () => {
    // A position that 1 to 4 people held in the period.
    const { rows } = await getDb().execute<{ id: string }>(sql`
      select c.position_id as id from contracts c join memberships m on m.id = c.membership_id and m.deleted_at is null
      where c.cluster_id = ${who.hr.clusterId} and c.is_active and c.end_date >= current_date - 365
      group by 1 having count(distinct c.membership_id) between 1 and 4 limit 1`);
    const position = rows[0].id;
    const { flow, invalid } = (await tabData(`/analytics/users/flow?position=${position}`, who.hr.cookie)).review;
    expect(invalid).toEqual([]);
    expect(flow).toMatchObject({ rows: null, people: null, totals: null });
    const csv = await (
      await handle(getRequest(`/resources/hr-analytics-export/flow?position=${position}&format=csv`, who.hr.cookie))
    ).text();
    expect(csv).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

describe("the in/out flow's kept figures (docs/decisions/1780)", () => {
  const filterOf = (query: string) =>
    parseHrFilter(new URLSearchParams(query), { teams: [], tags: [], positions: [], rounds: [] }).filter;
  const direct = async (query: string) => {
    const ctx = { accountId: who.hr.accountId, clusterId: who.hr.clusterId } as TenantContext;
    const { events } = await computeStaffFlowFigures(ctx, { all: true }, filterOf(query), isoDayIn(new Date()));
    return events.map((e) => ({
      start: e.bucket,
      started: e.started,
      left: e.ended,
      net: e.started - e.ended,
      headcount: e.headcount,
    }));
  };
  const queries = ["period=24", "period=24&interval=quarter", "period=all"];
  const expectKeptEqualsDirect = async () => {
    for (const query of queries) {
      const { flow } = (await tabData(`/analytics/users/flow?${query}`, who.hr.cookie)).review;
      expect(flow.rows, query).toEqual(await direct(query));
    }
  };

  it("match the figures computed from the contracts after every kind of change", async () => {
    await expectKeptEqualsDirect();
    const db = getDb();
    const before = await direct("period=24");
    // A leaver (not one of the signed-in users): a running contract ends last week, as an import would write it.
    const { rows: ended } = await db.execute<{ id: string; end_date: string; membership_id: string }>(sql`
      update contracts c set end_date = current_date - 7 from (
        select id, end_date from contracts where cluster_id = ${who.hr.clusterId} and is_active
          and start_date < current_date - 30 and end_date > current_date
          and membership_id <> all(${`{${Object.values(who).map((w) => w.membershipId)}}`}::uuid[])
        limit 1
      ) old where c.id = old.id
      returning c.id, old.end_date::text, c.membership_id`);
    await expectKeptEqualsDirect();
    expect(await direct("period=24")).not.toEqual(before);
    // A starter: a new contract from yesterday.
    const { rows: added } = await db.execute<{ id: string }>(sql`
      insert into contracts (account_id, cluster_id, membership_id, position_id, start_date, end_date, fte, is_active)
      select account_id, cluster_id, membership_id, position_id, current_date - 1, current_date + 300, fte, true
      from contracts where id = ${ended[0].id} returning id`);
    await expectKeptEqualsDirect();
    await db.execute(sql`delete from contracts where id = ${added[0].id}`);
    await expectKeptEqualsDirect();
    // A person removed (soft delete) and restored: their contracts stop and start counting.
    const removed = ended[0].membership_id;
    await db.execute(sql`update memberships set deleted_at = now() where id = ${removed}`);
    await expectKeptEqualsDirect();
    await db.execute(sql`update memberships set deleted_at = null where id = ${removed}`);
    await db.execute(sql`update contracts set end_date = ${ended[0].end_date}::date where id = ${ended[0].id}`);
    await expectKeptEqualsDirect();
    expect(await direct("period=24")).toEqual(before);
  });
});

describe("who may open which HR tab", () => {
  it("opens the navigation entry on the first tab the reader may see; each tab needs its own right", async () => {
    const hr = await handle(getRequest("/analytics/users", who.hr.cookie));
    expect(hr.status).toBe(200);
    const leader = await handle(getRequest("/analytics/users", who.leider.cookie));
    expect(leader.status).toBe(200);
    expect(await leader.text()).toContain("Ontwikkelrollen");
    for (const tab of ["workforce", "flow"]) {
      expect((await handle(getRequest(`/analytics/users/${tab}`, who.leider.cookie))).status).toBe(302);
    }
    const mine = (await tabData("/analytics/users/completion?period=all", who.leider.cookie)).review;
    expect(mine.teamField.teams!.map((t) => t.label).sort()).toEqual([...leiderTeams].sort());
    expect(mine.completion.teams.every((t) => (leiderTeams as readonly string[]).includes(t.name))).toBe(true);
    const other = await teamId(smallReviewedTeam.name);
    expect((await tabData(`/analytics/users/completion?team=${other}`, who.leider.cookie)).review.invalid).toEqual([
      "team",
    ]);
    for (const path of ["/analytics/users", "/analytics/users/completion", "/resources/hr-analytics-export/flow"]) {
      expect((await handle(getRequest(path, who.medewerker.cookie))).status, path).toBe(302);
    }
  });

  it("gives a data manager (teams.manage, no analytics.read) the workforce and flow tabs only", async () => {
    const dataManager = await createUserWithMembership(getDb(), {
      accountId: who.hr.accountId,
      clusterId: who.hr.clusterId,
      roles: [{ role: "employee" }, { role: "data_manager" }],
    });
    const { cookie } = await sessionCookieFor({
      userId: dataManager.user.id,
      accountId: who.hr.accountId,
      clusterId: who.hr.clusterId,
    });
    expect((await handle(getRequest("/analytics/users/flow", cookie))).status).toBe(200);
    for (const tab of ["completion", "rounds"]) {
      expect((await handle(getRequest(`/analytics/users/${tab}`, cookie))).status).toBe(302);
    }
  });

  it("shows andere@demo.nl nothing of Demo BV: its team ids are ignored with a notice", async () => {
    const team = await teamId(leiderTeams[0]);
    for (const tab of ["completion", "flow"]) {
      const data = await tabData(`/analytics/users/${tab}?team=${team}`, who.andere.cookie);
      expect(data.review.invalid).toEqual(["team"]);
      expect(data.review.teamField.teams!.map((t) => t.value)).not.toContain(team);
    }
    const { completion } = (await tabData("/analytics/users/completion?period=all", who.andere.cookie)).review;
    const ours = (await tabData("/analytics/users/completion?period=all", who.hr.cookie)).review.completion;
    expect(completion.rounds.map((r) => r.id).filter((id) => ours.rounds.some((o) => o.id === id))).toEqual([]);
  });
});
