/**
 * HR analytics and team comparison (docs/decisions/1409; criteria analytics: criteria-analytics.test.ts) on the seeded demo: the
 * numbers are what the database holds, each reads only the signed-in user's cluster, the latest finished
 * review counts, the period filter works, team ids from elsewhere are ignored and comparing needs
 * analytics.read.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { reviews, reviewSubjects, roleRights, teams } from "#db/schema";
import { teamCompetenceGaps } from "~/features/competences/scores.server";
import { knowledgeShortages } from "~/features/planning/planning.server";
import { loader as comparisonLoader } from "~/routes/_app+/analytics+/teams.team-comparison";
import { loader as hrLoader } from "~/routes/_app+/analytics+/users.$tab";
import { leiderTeams, smallReviewedTeam } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { createTeam, createUserWithMembership } from "../factories";
import { handle } from "../support/remix-handler";
import { contextFor } from "../support/reviews";
import { context, getRequest, run } from "../support/http";
import { demoSessions, sessionCookieFor } from "../support/session";

type Who = { cookie: string; accountId: string; clusterId: string; membershipId: string };
const who = {} as Record<"hr" | "leider" | "medewerker" | "andere", Who>;
let noord: string;

type Loader = (args: never) => Promise<unknown>;
async function load<T>(loader: Loader, path: string, cookie: string, params: Record<string, string> = {}) {
  const result = await run(() =>
    (loader as (args: unknown) => Promise<unknown>)({ request: getRequest(path, cookie), context: context(), params }),
  );
  return result as T | Response;
}

function page<T>(result: T | Response): T {
  if (result instanceof Response)
    throw new Error(`expected data, got ${result.status} ${result.headers.get("Location")}`);
  return result;
}

type Hr = Awaited<ReturnType<typeof hrLoader>>;
type Comparison = Awaited<ReturnType<typeof comparisonLoader>>;

const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  Object.assign(who, await demoSessions());
  noord = who.hr.clusterId;
}, 120_000);

async function activeCount(clusterId: string) {
  const { rows } = await getDb().execute<{ n: number }>(sql`
    select count(*)::int as n from memberships where cluster_id = ${clusterId} and deleted_at is null and status = 'active'`);
  return rows[0].n;
}

/** A new data manager of Demo BV's Noord (teams.manage without analytics.read), signed in. */
async function newDataManagerCookie(): Promise<string> {
  const dataManager = await createUserWithMembership(getDb(), {
    accountId: who.hr.accountId,
    clusterId: noord,
    roles: [{ role: "employee" }, { role: "data_manager" }],
  });
  const { cookie } = await sessionCookieFor({
    userId: dataManager.user.id,
    accountId: who.hr.accountId,
    clusterId: noord,
  });
  return cookie;
}

describe("HR analytics", () => {
  it("counts the cluster's people, contracts and FTE as the database holds them", async () => {
    const data = page(await load<Hr>(hrLoader, "/analytics/users/workforce", who.hr.cookie, { tab: "workforce" }));
    const w = data.review.workforce!;
    expect(w.active).toBe(await activeCount(noord));
    // FTE by hand: every active person's current contracts, 0.8 for someone without one.
    const { rows } = await getDb().execute<{ id: string; fte: string | null }>(sql`
      select m.id, (select sum(c.fte) from contracts c where c.membership_id = m.id and c.is_active
        and c.start_date <= current_date and c.end_date >= current_date)::text as fte
      from memberships m where m.cluster_id = ${noord} and m.deleted_at is null and m.status = 'active'`);
    const expected = rows.reduce((sum, r) => sum + (r.fte === null ? 0.8 : Number(r.fte)), 0);
    expect(w.fte).toBeCloseTo(expected, 2);
    expect(w.contracts.none).toBe(rows.filter((r) => r.fte === null).length);
    expect(w.contracts.permanent + w.contracts.temporary + w.contracts.none).toBe(w.active);
    expect(w.genders!.f + w.genders!.m + w.genders!.unknown).toBe(w.active);
    expect(Object.values(w.ages!).reduce((a, b) => a + b, 0)).toBe(w.active);
    // HR may read contracts: the ones ending within 90 days are listed by name, soonest first.
    const horizon = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    expect(w.endingContracts).not.toBeNull();
    for (const c of w.endingContracts!) {
      expect(c.endDate >= today() && c.endDate <= horizon).toBe(true);
    }
    expect(w.endingContracts!.map((c) => c.endDate)).toEqual([...w.endingContracts!.map((c) => c.endDate)].sort());
  });

  it("shows someone who may not read contracts the number of ending contracts, not the names", async () => {
    await getDb()
      .delete(roleRights)
      .where(
        and(eq(roleRights.clusterId, noord), eq(roleRights.roleKey, "data_manager"), sql`right_key like 'contracts.%'`),
      );
    const cookie = await newDataManagerCookie();
    const hr = page(await load<Hr>(hrLoader, "/analytics/users/workforce", who.hr.cookie, { tab: "workforce" }));
    const data = page(await load<Hr>(hrLoader, "/analytics/users/workforce", cookie, { tab: "workforce" }));
    expect(data.review.workforce!.endingContracts).toBeNull();
    expect(data.review.workforce!.endingCount).toBe(hr.review.workforce!.endingCount);
  });

  it("reads only the signed-in user's own cluster", async () => {
    const andere = page(
      await load<Hr>(hrLoader, "/analytics/users/workforce", who.andere.cookie, { tab: "workforce" }),
    );
    expect(andere.review.workforce!.active).toBe(await activeCount(who.andere.clusterId));
    expect(await activeCount(who.andere.clusterId)).not.toBe(await activeCount(noord));
    const names = andere.review.workforce!.endingContracts!.map((c) => c.membershipId);
    if (names.length > 0) {
      const { rows } = await getDb().execute<{ n: number }>(sql`
        select count(*)::int as n from memberships where id = any(${`{${names.join(",")}}`}::uuid[])
          and cluster_id <> ${who.andere.clusterId}`);
      expect(rows[0].n).toBe(0);
    }
  });

  it("places each person by their latest finished team review", async () => {
    const before = page(
      await load<Hr>(hrLoader, "/analytics/users/development", who.hr.cookie, { tab: "development" }),
    );
    const d = before.review!.development!;
    const { rows } = await getDb().execute<{ n: number }>(sql`
      select count(distinct s.membership_id)::int as n from review_subjects s
      join reviews r on r.id = s.review_id and r.type = 'team' and r.is_finished and r.deleted_at is null
      join memberships m on m.id = s.membership_id and m.deleted_at is null and m.status = 'active'
      where s.cluster_id = ${noord}`);
    expect(d.reviewed).toBe(rows[0].n);
    expect(d.reviewed).toBeGreaterThan(0);
    expect(Object.values(d.total!).reduce((a, b) => a + b, 0)).toBe(d.reviewed);
    // The demo's small team is hidden, and one more so that the total does not give it away (1600).
    expect(d.teams.filter((t) => t.hidden === "small").map((t) => t.name)).toEqual([smallReviewedTeam.name]);
    expect(d.teams.filter((t) => t.hidden === "sibling")).toHaveLength(1);
    expect(d.teams.every((t) => (t.hidden === null) === (t.people !== null))).toBe(true);
    expect(d.notReviewed).toBe(d.active - d.reviewed!);

    // A newer finished review of one person with another role moves them, and only them.
    const [subject] = await getDb()
      .select({ membershipId: reviewSubjects.membershipId, role: reviewSubjects.developmentRole, review: reviews })
      .from(reviewSubjects)
      .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
      .where(and(eq(reviews.clusterId, noord), eq(reviews.type, "team"), eq(reviews.isFinished, true)))
      .limit(1);
    const newRole = subject.role === 5 ? 1 : 5;
    const [newer] = await getDb()
      .insert(reviews)
      .values({
        accountId: subject.review.accountId,
        clusterId: noord,
        type: "team",
        name: "Latere beoordeling",
        scale: subject.review.scale,
        teamId: subject.review.teamId,
        teamName: subject.review.teamName,
        isFinished: true,
        finishedAt: new Date(),
      })
      .returning({ id: reviews.id });
    await getDb().insert(reviewSubjects).values({
      accountId: subject.review.accountId,
      clusterId: noord,
      reviewId: newer.id,
      membershipId: subject.membershipId,
      performance: 4,
      potential: 4,
      employability: 4,
      developmentRole: newRole,
    });
    const after = page(await load<Hr>(hrLoader, "/analytics/users/development", who.hr.cookie, { tab: "development" }))
      .review!.development!;
    const key = (role: number | null) => (role === null ? "none" : String(role));
    expect(after.reviewed).toBe(d.reviewed);
    expect(after.total![key(newRole)] ?? 0).toBe((d.total![key(newRole)] ?? 0) + 1);
    expect(after.total![key(subject.role)] ?? 0).toBe((d.total![key(subject.role)] ?? 0) - 1);
    await getDb().delete(reviewSubjects).where(eq(reviewSubjects.reviewId, newer.id));
    await getDb().delete(reviews).where(eq(reviews.id, newer.id));
  });

  it("turns away who may not manage teams, and answers an unknown tab with 404", async () => {
    for (const user of [who.leider, who.medewerker]) {
      const result = await load<Hr>(hrLoader, "/analytics/users/workforce", user.cookie, { tab: "workforce" });
      expect(result).toBeInstanceOf(Response);
      expect((result as Response).headers.get("Location")).toBe("/dashboard");
    }
    const unknown = await load<Hr>(hrLoader, "/analytics/users/salaries", who.hr.cookie, { tab: "salaries" });
    expect((unknown as Response).status).toBe(404);
  });
});

describe("team comparison", () => {
  const url = (ids: string[]) => `/analytics/teams/team-comparison?${ids.map((id) => `team=${id}`).join("&")}`;

  it("shows competence gaps and knowledge shortages as read straight, after each change of their data (1986)", async () => {
    const ctx = await contextFor(who.hr.cookie);
    const own = await getDb()
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(eq(teams.clusterId, noord))
      .orderBy(teams.name);
    const chosen = own.slice(0, 8);
    const ids = chosen.map((t) => t.id);
    const expectAsStraight = async () => {
      const [gaps, knowledge] = await Promise.all([teamCompetenceGaps(ctx, ids), knowledgeShortages(ctx, chosen)]);
      const data = page(await load<Comparison>(comparisonLoader, url(ids), who.hr.cookie));
      const shown = data.teams.map((t) => ({ id: t.id, competence: t.competence, knowledge: t.knowledge }));
      const straight = data.teams.map((t) => {
        const g = gaps.get(t.id);
        const areas = knowledge?.[t.id];
        return {
          id: t.id,
          competence: t.competence?.hidden ? t.competence : g ? { ...g, hidden: null } : null,
          knowledge: t.knowledge?.hidden
            ? t.knowledge
            : areas
              ? { shortage: areas.reduce((sum, a) => sum + a.shortage, 0), areas, hidden: null }
              : null,
        };
      });
      expect(shown).toEqual(straight);
      return JSON.stringify(shown);
    };
    let before = await expectAsStraight();
    const c = noord;
    const steps = [
      sql`update position_competences set required_level = 5 where cluster_id = ${c}`,
      sql`update competence_scores set level = 1 where cluster_id = ${c} and superseded_at is null`,
      sql`update team_knowledge_needs set needed_count = needed_count + 4 where cluster_id = ${c}`,
      sql`update member_knowledge_levels set level = 1 where cluster_id = ${c}`,
    ];
    const changed: boolean[] = [];
    for (const step of steps) {
      await getDb().execute(step);
      const now = await expectAsStraight();
      changed.push(now !== before);
      before = now;
    }
    // The demo's data is such that the page shows the changes: the comparison is not of answers that stayed.
    expect(changed.some(Boolean)).toBe(true);
  });

  it("puts the chosen teams side by side; another account's team ids are left out", async () => {
    const own = await getDb()
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(eq(teams.clusterId, noord))
      .orderBy(teams.name);
    const [foreign] = await getDb()
      .select({ id: teams.id })
      .from(teams)
      .where(eq(teams.clusterId, who.andere.clusterId))
      .limit(1);
    const chosen = own.slice(0, 2).map((t) => t.id);
    const data = page(await load<Comparison>(comparisonLoader, url([...chosen, foreign.id]), who.hr.cookie));
    expect(data.allowed).toBe(true);
    expect(data.teams.map((t) => t.id).sort()).toEqual([...chosen].sort());
    for (const team of data.teams) {
      const { rows } = await getDb().execute<{ n: number }>(sql`
        select count(*)::int as n from role_assignments ra join memberships m on m.id = ra.membership_id
        where ra.team_id = ${team.id} and ra.role_key = 'team_member' and m.deleted_at is null and m.status = 'active'`);
      expect(team.members).toBe(rows[0].n);
      // The demo's finished round covers every team: the latest review, its averages and role counts.
      expect(team.review).not.toBeNull();
      expect(team.competence).not.toBeNull();
      expect(team.knowledge).not.toBeNull();
      // A team hidden among its round's teams (1600) is checked in the next test.
      if (team.review!.hidden) continue;
      expect(Object.values(team.review!.roleCounts!).reduce((a, b) => a + b, 0)).toBe(team.review!.subjects);
      const { rows: subjects } = await getDb().execute<{ performance: number | null; scale: number }>(sql`
        select s.performance, r.scale from review_subjects s join reviews r on r.id = s.review_id
        where s.review_id = ${team.review!.id} and s.performance > 0`);
      const average =
        subjects.reduce((sum, r) => sum + ((r.performance! - 1) / (r.scale - 1)) * 100, 0) / subjects.length;
      expect(team.review!.averages!.performance).toBeCloseTo(average, 4);
    }
    expect(data.teams.some((team) => !team.review!.hidden)).toBe(true);
    // Only the foreign team and one own team: fewer than two to compare.
    const one = page(await load<Comparison>(comparisonLoader, url([chosen[0], foreign.id]), who.hr.cookie));
    expect(one.teams).toEqual([]);
    expect(one.chosen).toEqual([chosen[0]]);
    expect(one.leftOut).toBe(1);
    // Andere BV's admin sees only Andere BV's teams as options, and comparing Demo BV's gives nothing.
    const andere = page(await load<Comparison>(comparisonLoader, url(chosen), who.andere.cookie));
    expect(andere.teams).toEqual([]);
    expect(andere.options.map((o) => o.id)).not.toContain(chosen[0]);
  });

  it("hides a small team's review outcome on the page and in the export, with the notice (1600, 1731)", async () => {
    const [big] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, leiderTeams[0]));
    const [small] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, smallReviewedTeam.name));
    const data = page(await load<Comparison>(comparisonLoader, url([big.id, small.id]), who.hr.cookie));
    const shown = data.teams.find((t) => t.id === small.id)!;
    expect(shown.review!.hidden).toBe("small");
    expect(shown.review!.averages).toBeNull();
    expect(shown.review!.roleCounts).toBeNull();
    expect(data.hidden.small).toBe(true);
    const html = await (await handle(getRequest(url([big.id, small.id]), who.hr.cookie))).text();
    expect(html).toContain("Groepen van minder dan 5 mensen worden niet getoond");
    const csv = await (
      await handle(
        getRequest(`/resources/team-comparison-export?team=${big.id}&team=${small.id}&format=csv`, who.hr.cookie),
      )
    ).text();
    expect(csv).toContain(smallReviewedTeam.name);
    expect(csv).toContain("verborgen");
    expect(csv).toContain("Mensen met een competentietekort");
    // Another account's admin exports nothing of these teams.
    const andere = await (
      await handle(
        getRequest(`/resources/team-comparison-export?team=${big.id}&team=${small.id}&format=csv`, who.andere.cookie),
      )
    ).text();
    expect(andere).not.toContain(smallReviewedTeam.name);
  });

  it("keeps the teams and round suppression per review version: a renamed team is chosen by its new name (1982)", async () => {
    const [big] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, leiderTeams[0]));
    const [small] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, smallReviewedTeam.name));
    const first = page(await load<Comparison>(comparisonLoader, url([big.id, small.id]), who.hr.cookie));
    // The kept answer is the one computed: the same page again.
    expect(page(await load<Comparison>(comparisonLoader, url([big.id, small.id]), who.hr.cookie))).toEqual(first);
    const renamed = `${leiderTeams[0]} (hernoemd)`;
    await getDb().update(teams).set({ name: renamed }).where(eq(teams.id, big.id));
    try {
      const after = page(await load<Comparison>(comparisonLoader, url([big.id, small.id]), who.hr.cookie));
      expect(after.options).toContainEqual({ id: big.id, name: renamed });
      expect(after.options.map((o) => o.name)).not.toContain(leiderTeams[0]);
      expect(after.teams.map((t) => [t.name, t.review?.hidden])).toEqual(
        first.teams.map((t) => [t.id === big.id ? renamed : t.name, t.review?.hidden]),
      );
    } finally {
      await getDb().update(teams).set({ name: leiderTeams[0] }).where(eq(teams.id, big.id));
    }
  });

  it("refuses more than eight teams with the spec's selection limit, keeping the choice", async () => {
    const tenant = { accountId: who.hr.accountId, clusterId: noord };
    for (const n of [1, 2, 3, 4]) await createTeam(getDb(), { ...tenant, name: `Vergelijkteam ${n}` });
    const nine = (
      await getDb().select({ id: teams.id }).from(teams).where(eq(teams.clusterId, noord)).orderBy(teams.name)
    )
      .slice(0, 9)
      .map((t) => t.id);
    expect(nine).toHaveLength(9);
    const data = page(await load<Comparison>(comparisonLoader, url(nine), who.hr.cookie));
    expect(data.tooMany).toBe(true);
    expect(data.teams).toEqual([]);
    expect(data.chosen).toEqual(nine);
    const html = await (await handle(getRequest(url(nine), who.hr.cookie))).text();
    expect(html).toContain("Maximaal 8 teams");
    expect(html.match(/type="checkbox"[^>]*checked=""/g)).toHaveLength(9);
    // Eight is allowed.
    const eight = page(await load<Comparison>(comparisonLoader, url(nine.slice(0, 8)), who.hr.cookie));
    expect(eight.tooMany).toBe(false);
    expect(eight.teams).toHaveLength(8);
  });

  it("gives a team leader with teams.manage and analytics.read their own teams only (1960), over HTTP", async () => {
    // The demo's team leader role gets teams.manage in Noord (analytics.read it has by default).
    const grant = and(
      eq(roleRights.clusterId, noord),
      eq(roleRights.roleKey, "team_admin"),
      eq(roleRights.rightKey, "teams.manage"),
    );
    await getDb()
      .insert(roleRights)
      .values({ accountId: who.hr.accountId, clusterId: noord, roleKey: "team_admin", rightKey: "teams.manage" })
      .onConflictDoNothing();
    try {
      const idOf = async (name: string, clusterId = noord) =>
        (
          await getDb()
            .select({ id: teams.id })
            .from(teams)
            .where(and(eq(teams.name, name), eq(teams.clusterId, clusterId)))
        )[0].id;
      const mine = await Promise.all(leiderTeams.map((name) => idOf(name)));
      const other = await idOf(smallReviewedTeam.name);
      const [foreign] = await getDb()
        .select({ id: teams.id })
        .from(teams)
        .where(eq(teams.clusterId, who.andere.clusterId))
        .limit(1);
      const data = page(await load<Comparison>(comparisonLoader, url(mine), who.leider.cookie));
      expect(data.allowed).toBe(true);
      expect(data.options.map((o) => o.name).sort()).toEqual([...leiderTeams].sort());
      expect(data.teams.map((t) => t.name).sort()).toEqual([...leiderTeams].sort());
      expect(data.leftOut).toBe(0);

      // Another team of the cluster and another account's are left out with the notice, never compared.
      const response = await handle(getRequest(url([...mine, other, foreign.id]), who.leider.cookie));
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("2 gekozen teams horen niet bij jouw teams");
      expect(html).toContain('data-testid="comparison-table"');
      expect(html).not.toContain(smallReviewedTeam.name);
      const alone = page(await load<Comparison>(comparisonLoader, url([mine[0], other]), who.leider.cookie));
      expect(alone).toMatchObject({ teams: [], chosen: [mine[0]], leftOut: 1 });

      for (const query of [
        [...mine, other],
        [other, foreign.id],
      ]) {
        const csv = await handle(
          getRequest(
            `/resources/team-comparison-export?${query.map((id) => `team=${id}`).join("&")}&format=csv`,
            who.leider.cookie,
          ),
        );
        expect(csv.status).toBe(200);
        const text = await csv.text();
        expect(text).not.toContain(smallReviewedTeam.name);
        if (query.length === 3) for (const name of leiderTeams) expect(text).toContain(name);
        // No team at all: the header row holds no team.
        else expect(text.split("\r\n")[0]).toBe('""');
      }
      // HR still compares any team of the cluster.
      const hr = page(await load<Comparison>(comparisonLoader, url([mine[0], other]), who.hr.cookie));
      expect(hr.teams.map((t) => t.id).sort()).toEqual([mine[0], other].sort());
    } finally {
      await getDb().delete(roleRights).where(grant);
    }
  });

  it("needs analytics.read besides teams.manage: without it, the spec's message and no data", async () => {
    const cookie = await newDataManagerCookie();
    const [a, b] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.clusterId, noord)).limit(2);
    const data = page(await load<Comparison>(comparisonLoader, url([a.id, b.id]), cookie));
    expect(data.allowed).toBe(false);
    expect(data.teams).toEqual([]);
    expect(data.options).toEqual([]);
    const medewerker = await load<Comparison>(comparisonLoader, url([a.id, b.id]), who.medewerker.cookie);
    expect((medewerker as Response).headers.get("Location")).toBe("/dashboard");
  });
});
