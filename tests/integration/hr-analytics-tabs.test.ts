/**
 * HR analytics' review-completion and in/out-flow tabs and who may open which tab (docs/decisions/1720), over
 * HTTP on the seeded demo: the figures are the database's, small groups never leave the server (page data and
 * exports), a team leader sees their own teams, andere@demo.nl's ids and another cluster's give nothing.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { parseHrFilter } from "~/features/analytics/hr-filter";
import { computeStaffFlowFigures } from "~/features/analytics/staff-flow.server";
import { isoDayIn } from "~/utils/format";
import type { TenantContext } from "~/utils/tenant.server";
import { leiderTeams, smallReviewedTeam } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { roleRights, tags } from "#db/schema";
import { createUserWithMembership } from "../factories";
import { readXlsx } from "../support/xlsx";
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
type Workforce = {
  active: number;
  inactive: number;
  fte: number;
  contracts: { permanent: number; temporary: number; none: number };
  endingCount: number;
  genders: Record<string, number> | null;
  ages: Record<string, number> | null;
  distributionsHidden: "small" | "sibling" | null;
};
type Tab = {
  review: {
    completion: Completion;
    flow: Flow;
    workforce: Workforce;
    filter: { team: string | null; tag: string | null; position: string | null };
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

/** The team leader's role (team_admin) gets teams.manage for a test: the workforce tab in their teams' scope. */
const leaderGrant = () =>
  and(
    eq(roleRights.clusterId, who.hr.clusterId),
    eq(roleRights.roleKey, "team_admin"),
    eq(roleRights.rightKey, "teams.manage"),
  );
const grantLeaderTeamsManage = () =>
  getDb()
    .insert(roleRights)
    .values({
      accountId: who.hr.accountId,
      clusterId: who.hr.clusterId,
      roleKey: "team_admin",
      rightKey: "teams.manage",
    })
    .onConflictDoNothing();
const revokeLeaderTeamsManage = () => getDb().delete(roleRights).where(leaderGrant());

describe("the workforce tab's filters, scope and export (docs/decisions/1961)", () => {
  /** Active people of Noord matching a condition on m (a membership), counted by hand. */
  const activeWhere = async (condition: ReturnType<typeof sql>) =>
    (
      await getDb().execute<{ n: number }>(sql`
        select count(*)::int as n from memberships m where m.cluster_id = ${who.hr.clusterId}
          and m.deleted_at is null and m.status = 'active' and ${condition}`)
    ).rows[0].n;
  const memberOf = (ids: string[]) => sql`exists (select 1 from role_assignments ra where ra.membership_id = m.id
    and ra.role_key = 'team_member' and ra.team_id = any(${`{${ids.join(",")}}`}::uuid[]))`;

  it("filters by team, tag and position as of today; a bad value falls back with the notice", async () => {
    const all = (await tabData("/analytics/users/workforce", who.hr.cookie)).review;
    expect(all.invalid).toEqual([]);
    expect(all.workforce.active).toBe(await activeWhere(sql`true`));

    const team = await teamId(leiderTeams[0]);
    const byTeam = (await tabData(`/analytics/users/workforce?team=${team}`, who.hr.cookie)).review;
    expect(byTeam.invalid).toEqual([]);
    expect(byTeam.filter.team).toBe(team);
    expect(byTeam.workforce.active).toBe(await activeWhere(memberOf([team])));
    expect(byTeam.workforce.active).toBeGreaterThan(0);
    expect(byTeam.workforce.active).toBeLessThan(all.workforce.active);

    // A tag of three active members of the team (the demo tags no one).
    const [tag] = await getDb()
      .insert(tags)
      .values({ accountId: who.hr.accountId, clusterId: who.hr.clusterId, kind: "personnel", name: "Werkvloer" })
      .returning({ id: tags.id });
    await getDb().execute(sql`
      insert into membership_tags (account_id, cluster_id, membership_id, tag_id)
      select m.account_id, m.cluster_id, m.id, ${tag.id}::uuid from memberships m
      where m.cluster_id = ${who.hr.clusterId} and m.deleted_at is null and m.status = 'active' and ${memberOf([team])}
      order by m.id limit 3`);
    const byTag = (await tabData(`/analytics/users/workforce?tag=${tag.id}`, who.hr.cookie)).review;
    expect(byTag.invalid).toEqual([]);
    expect(byTag.workforce.active).toBe(3);
    // Three people: their gender and age are not shown (docs/decisions/1962).
    expect(byTag.workforce.genders).toBeNull();
    await getDb().delete(tags).where(eq(tags.id, tag.id));

    // Position: the people with a running contract of it, and only its contracts count.
    const { rows: held } = await getDb().execute<{ id: string; n: number; fte: string }>(sql`
      select c.position_id as id, count(distinct c.membership_id)::int as n, sum(c.fte)::text as fte
      from contracts c join memberships m on m.id = c.membership_id and m.deleted_at is null and m.status = 'active'
      where c.cluster_id = ${who.hr.clusterId} and c.is_active and c.start_date <= current_date
        and c.end_date >= current_date
      group by 1 order by 2 desc limit 1`);
    const byPosition = (await tabData(`/analytics/users/workforce?position=${held[0].id}`, who.hr.cookie)).review
      .workforce;
    expect(byPosition.active).toBe(held[0].n);
    expect(byPosition.fte).toBeCloseTo(Number(held[0].fte), 2);
    expect(byPosition.contracts.none).toBe(0);

    // Round and period parameters are not the workforce's: ignored, no notice; a bad team falls back to all.
    const stray = (await tabData("/analytics/users/workforce?period=24&round=nonsense", who.hr.cookie)).review;
    expect(stray.invalid).toEqual([]);
    const bad = await handle(getRequest("/analytics/users/workforce?team=nonsense&position=x", who.hr.cookie));
    expect(bad.status).toBe(200);
    const html = await bad.text();
    expect(html).toContain('data-testid="filter-invalid"');
    expect((await tabData("/analytics/users/workforce?team=nonsense", who.hr.cookie)).review.workforce).toEqual(
      all.workforce,
    );
  });

  it("exports the filtered tables as CSV and .xlsx", async () => {
    const team = await teamId(leiderTeams[0]);
    const { workforce } = (await tabData(`/analytics/users/workforce?team=${team}`, who.hr.cookie)).review;
    const csv = await handle(
      getRequest(`/resources/hr-analytics-export/workforce?team=${team}&format=csv`, who.hr.cookie),
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(csv.headers.get("Content-Disposition")).toMatch(/filename=".*\.csv"/);
    const lines = (await csv.text()).split("\r\n");
    expect(lines).toContain(`"Actieve medewerkers","${workforce.active}"`);
    expect(lines).toContain(`"Vast","${workforce.contracts.permanent}"`);
    expect(workforce.genders).not.toBeNull();
    expect(lines).toContain(`"Vrouw","${workforce.genders!.f}"`);
    // Counts only: no names of the people whose contracts end.
    expect(lines.join("\n")).not.toContain("Einddatum");

    const xlsx = await handle(getRequest(`/resources/hr-analytics-export/workforce?team=${team}`, who.hr.cookie));
    expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const sheets = await readXlsx(Buffer.from(await xlsx.arrayBuffer()));
    expect(sheets.map((sheet) => sheet.name)).toEqual(["Kerncijfers", "Contracten", "Geslacht", "Leeftijd"]);
    expect(sheets[0].rows).toContainEqual(["Actieve medewerkers", workforce.active]);
    expect(sheets[0].rows).toContainEqual(["FTE", workforce.fte]);
    expect(sheets[1].rows).toContainEqual(["Geen lopend contract", workforce.contracts.none]);
  });

  it("shows a team leader with teams.manage only their teams' people; other teams' ids give nothing", async () => {
    await grantLeaderTeamsManage();
    try {
      const mine = await Promise.all(leiderTeams.map(teamId));
      const data = (await tabData("/analytics/users/workforce", who.leider.cookie)).review;
      expect(data.teamField.teams!.map((t) => t.label).sort()).toEqual([...leiderTeams].sort());
      expect(data.workforce.active).toBe(await activeWhere(memberOf(mine)));
      const other = await teamId(smallReviewedTeam.name);
      const refused = (await tabData(`/analytics/users/workforce?team=${other}`, who.leider.cookie)).review;
      expect(refused.invalid).toEqual(["team"]);
      expect(refused.workforce).toEqual(data.workforce);
      const csv = await (
        await handle(getRequest(`/resources/hr-analytics-export/workforce?team=${other}&format=csv`, who.leider.cookie))
      ).text();
      expect(csv.split("\r\n")).toContain(`"Actieve medewerkers","${data.workforce.active}"`);
      // Andere BV's admin: Demo BV's team id is not among their choices, and none of Demo BV's people count.
      const andere = (await tabData(`/analytics/users/workforce?team=${mine[0]}`, who.andere.cookie)).review;
      expect(andere.invalid).toEqual(["team"]);
      const { rows } = await getDb().execute<{ n: number }>(sql`
        select count(*)::int as n from memberships where cluster_id = ${who.andere.clusterId}
          and deleted_at is null and status = 'active'`);
      expect(andere.workforce.active).toBe(rows[0].n);
    } finally {
      await revokeLeaderTeamsManage();
    }
  });
});

describe("the workforce tab's gender and age of a small filtered group (docs/decisions/1962)", () => {
  const activeIds = async () =>
    (
      await getDb().execute<{ id: string }>(sql`
        select id from memberships where cluster_id = ${who.hr.clusterId} and deleted_at is null
          and status = 'active' order by id`)
    ).rows.map((r) => r.id);
  const genderLines = (csv: string) => csv.split("\r\n").filter((l) => /^"(Vrouw|Man)",/.test(l));

  /** The page (loader data and HTML) and the CSV export of one workforce link. */
  const views = async (query: string) => {
    const data = (await tabData(`/analytics/users/workforce?${query}`, who.hr.cookie)).review;
    const html = await (await handle(getRequest(`/analytics/users/workforce?${query}`, who.hr.cookie))).text();
    const csv = await (
      await handle(getRequest(`/resources/hr-analytics-export/workforce?${query}&format=csv`, who.hr.cookie))
    ).text();
    expect(data.invalid).toEqual([]);
    return { workforce: data.workforce, html, csv };
  };
  const expectHidden = ({ workforce, html, csv }: Awaited<ReturnType<typeof views>>, reason: string) => {
    expect(workforce.distributionsHidden).toBe(reason);
    expect(workforce.genders).toBeNull();
    expect(workforce.ages).toBeNull();
    expect(html).toContain('data-testid="small-group-notice"');
    expect(html).toContain('data-testid="genders-hidden"');
    expect(html).toContain('data-testid="ages-hidden"');
    expect(html).not.toContain('data-testid="genders-table"');
    // The export writes the page's word in every gender and age cell; the other figures stay.
    expect(genderLines(csv)).toEqual(['"Vrouw","verborgen"', '"Man","verborgen"']);
    expect(csv).toContain('"Jonger dan 25","verborgen"');
    expect(csv.split("\r\n").filter((l) => l.startsWith('"Onbekend",'))).toEqual([
      '"Onbekend","verborgen"',
      '"Onbekend","verborgen"',
    ]);
    expect(csv.split("\r\n")).toContain(`"Actieve medewerkers","${workforce.active}"`);
  };

  it("hides gender and age of a position with two holders on the page and in the export", async () => {
    const [a, b] = await activeIds();
    const [position] = await getDb()
      .execute<{ id: string }>(
        sql`
      insert into positions (account_id, cluster_id, name) values (${who.hr.accountId}, ${who.hr.clusterId}, 'Duo')
      returning id`,
      )
      .then((r) => r.rows);
    await getDb().execute(sql`
      insert into contracts (account_id, cluster_id, membership_id, position_id, start_date, end_date, fte)
      select ${who.hr.accountId}, ${who.hr.clusterId}, id, ${position.id}::uuid, current_date - 30, current_date + 400, 1
      from memberships where id = any(${`{${a},${b}}`}::uuid[])`);
    try {
      const duo = await views(`position=${position.id}`);
      expect(duo.workforce.active).toBe(2);
      expectHidden(duo, "small");
    } finally {
      await getDb().execute(sql`delete from contracts where position_id = ${position.id}`);
      await getDb().execute(sql`delete from positions where id = ${position.id}`);
    }
  });

  it("hides them for a big group whose complement is small, and shows a big group with big complements", async () => {
    const ids = await activeIds();
    expect(ids.length).toBeGreaterThanOrEqual(12);
    const [allButTwo, half] = await getDb()
      .insert(tags)
      .values([
        { accountId: who.hr.accountId, clusterId: who.hr.clusterId, kind: "personnel", name: "Bijna iedereen" },
        { accountId: who.hr.accountId, clusterId: who.hr.clusterId, kind: "personnel", name: "De helft" },
      ])
      .returning({ id: tags.id });
    const tag = (id: string, members: string[]) =>
      getDb().execute(sql`
      insert into membership_tags (account_id, cluster_id, membership_id, tag_id)
      select account_id, cluster_id, id, ${id}::uuid from memberships where id = any(${`{${members.join(",")}}`}::uuid[])`);
    await tag(allButTwo.id, ids.slice(2));
    await tag(half.id, ids.slice(0, Math.floor(ids.length / 2)));
    try {
      const sibling = await views(`tag=${allButTwo.id}`);
      expect(sibling.workforce.active).toBe(ids.length - 2);
      expectHidden(sibling, "sibling");

      const big = await views(`tag=${half.id}`);
      expect(big.workforce.distributionsHidden).toBeNull();
      const { f, m, unknown } = big.workforce.genders!;
      expect(f + m + unknown).toBe(big.workforce.active);
      expect(big.html).not.toContain('data-testid="small-group-notice"');
      expect(big.html).toContain('data-testid="genders-table"');
      expect(genderLines(big.csv)).toEqual([`"Vrouw","${f}"`, `"Man","${m}"`]);
      expect(big.csv.split("\r\n")).toContain(`"Onbekend","${unknown}"`);
    } finally {
      await getDb().delete(tags).where(eq(tags.id, allButTwo.id));
      await getDb().delete(tags).where(eq(tags.id, half.id));
    }
  });

  it("hides them when a team leader's whole scope is small", async () => {
    await grantLeaderTeamsManage();
    // The leader's teams hold two active people for this test (the leader kept): the others are made inactive.
    const mine = await Promise.all(leiderTeams.map(teamId));
    const { rows: members } = await getDb().execute<{ id: string }>(sql`
      select m.id from memberships m where exists (select 1 from role_assignments ra where ra.membership_id = m.id
        and ra.role_key = 'team_member' and ra.team_id = any(${`{${mine.join(",")}}`}::uuid[]))
        and m.deleted_at is null and m.status = 'active'
      order by m.id = ${who.leider.membershipId} desc, m.id`);
    const paused = members.slice(2).map((r) => r.id);
    const set = (status: string) =>
      getDb().execute(
        sql`update memberships set status = ${status} where id = any(${`{${paused.join(",")}}`}::uuid[])`,
      );
    await set("inactive");
    try {
      const data = (await tabData("/analytics/users/workforce", who.leider.cookie)).review.workforce;
      expect(data.active).toBe(2);
      expect(data.distributionsHidden).toBe("small");
      expect(data.genders).toBeNull();
      const csv = await (
        await handle(getRequest("/resources/hr-analytics-export/workforce?format=csv", who.leider.cookie))
      ).text();
      expect(genderLines(csv)).toEqual(['"Vrouw","verborgen"', '"Man","verborgen"']);
    } finally {
      await set("active");
      await revokeLeaderTeamsManage();
    }
  });
});
