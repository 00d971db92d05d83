/**
 * Workforce planning (docs/decisions/1550) on the seeded demo, through the routes' loaders and actions:
 * the arithmetic in SQL (0.8 without an active contract, contracts that end before the horizon drop out,
 * part-time contracts add up, the gap's sign), rights and tenancy (an employee is turned away, another
 * account's ids are 404 or ignored, a team leader sees their own teams), editing with a bad number, and
 * the export with the filters applied.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  clusterModules,
  competences,
  competenceScores,
  contracts,
  planningNeeds,
  positionCompetences,
  positions,
  teams,
} from "#db/schema";
import { horizonDate } from "~/features/planning/planning";
import { isoDayIn } from "~/utils/format";
import { action as editAction, loader as editLoader } from "~/routes/_app+/analytics+/planning.edit";
import { loader as pageLoader } from "~/routes/_app+/analytics+/planning.$horizon";
import { loader as exportLoader } from "~/routes/resources+/planning-export";
import { demoTeams, leiderTeams } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { createTeam, createUserWithMembership } from "../factories";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { demoSessions } from "../support/session";

type Who = { cookie: string; accountId: string; clusterId: string };
const who = {} as Record<"hr" | "leider" | "medewerker" | "andere", Who>;

type Page = Awaited<ReturnType<typeof pageLoader>>;
async function planning(path: string, cookie: string) {
  const horizon = new URL(`http://x${path}`).pathname.split("/").pop()!;
  return run(() => pageLoader({ request: getRequest(path, cookie), context: context(), params: { horizon } }));
}
function data(result: Page | Response): Page {
  if (result instanceof Response) throw new Error(`expected data, got ${result.status}`);
  return result;
}
const post = (fields: Record<string, string>, cookie: string) =>
  run(() =>
    editAction({ request: formRequest("/analytics/planning/edit", fields, cookie), context: context(), params: {} }),
  );
const teamId = async (name: string, clusterId: string) =>
  (
    await getDb()
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.name, name), eq(teams.clusterId, clusterId)))
  )[0].id;

// Days as the page counts them, in the Netherlands (between 23:00 and 01:00 UTC the UTC date is another day).
const today = isoDayIn(new Date());
const inDays = (days: number) => isoDayIn(new Date(Date.now() + days * 86_400_000));

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  Object.assign(who, await demoSessions());
}, 120_000);

describe("planning arithmetic", () => {
  it("counts contracts on the horizon's day, 0.8 without one, drops who leaves before it", async () => {
    const db = getDb();
    const tenant = { accountId: who.hr.accountId, clusterId: who.hr.clusterId };
    const team = await createTeam(db, { ...tenant, name: "Planningsteam" });
    const [position] = await db
      .insert(positions)
      .values({ ...tenant, name: "Planningsfunctie" })
      .returning({ id: positions.id });
    const member = async (lastName: string) =>
      (await createUserWithMembership(db, { ...tenant, lastName, roles: [{ role: "team_member", teamId: team.id }] }))
        .membership.id;
    const contract = (membershipId: string, fte: string, startDate: string, endDate: string) =>
      db.insert(contracts).values({ ...tenant, membershipId, positionId: position.id, fte, startDate, endDate });
    const far = inDays(365 * 7);
    const [full, split, none, leaving, renewed] = await Promise.all(
      ["Blijft", "Deeltijd", "Zonder", "Vertrekt", "Verlengd"].map(member),
    );
    await contract(full, "0.50", inDays(-100), far);
    await contract(split, "0.30", inDays(-100), far); // two part-time contracts of one person add up
    await contract(split, "0.20", inDays(-50), far);
    await contract(leaving, "1.00", inDays(-300), inDays(180));
    await contract(renewed, "0.60", inDays(-300), inDays(180));
    await contract(renewed, "0.60", inDays(181), far);
    await db.insert(planningNeeds).values({
      ...tenant,
      teamId: team.id,
      positionId: position.id,
      horizon: "1y",
      employees: 4,
      fte: "3.00",
      reason: "Groei",
    });

    const rowsAt = async (horizon: string) =>
      data(await planning(`/analytics/planning/${horizon}?team=${team.id}`, who.hr.cookie)).rows;
    const current = await rowsAt("current");
    const own = current.find((r) => r.positionId === position.id)!;
    expect(own.available).toEqual({ employees: 4, fte: 2.6 }); // 0.5 + 0.3 + 0.2 + 1.0 + 0.6
    expect(own.needed).toBeNull();
    expect(own.gap).toBeNull();
    expect(own.leavingCount).toBe(0);
    const defaults = current.find((r) => r.positionId === null)!;
    expect(defaults.available).toEqual({ employees: 1, fte: 0.8 });

    const [later] = (await rowsAt("1y")).filter((r) => r.positionId === position.id);
    expect(later.available).toEqual({ employees: 3, fte: 1.6 }); // the leaver drops out, the renewal stays
    expect(later.needed).toEqual({ employees: 4, fte: 3, reason: "Groei" });
    expect(later.gap).toEqual({ employees: -1, fte: -1.4 }); // negative: short
    expect(later.leavingCount).toBe(1);
    expect(later.leavers).toEqual([{ name: "Test Vertrekt", endDate: inDays(180) }]);
    void none;
  });
});

describe("the planning page", () => {
  it("shows HR the demo's needs, gaps and leavers at one year", async () => {
    const page = data(await planning("/analytics/planning/1y", who.hr.cookie));
    expect(page.horizonDay).toBe(horizonDate("1y", today));
    expect(page.rows.filter((r) => r.needed).length).toBeGreaterThanOrEqual(3);
    expect(page.rows.some((r) => r.gap && r.gap.fte < 0)).toBe(true);
    expect(page.rows.some((r) => (r.leavers ?? []).length > 0)).toBe(true);
    expect(page.totals.shortFte).toBeGreaterThan(0);
    expect(page.canEdit).toBe(true);
  });

  it("shows a team leader their own teams only, without editing or leavers' names", async () => {
    const page = data(await planning("/analytics/planning/1y", who.leider.cookie));
    const names = new Set(page.rows.map((r) => r.teamName));
    expect([...names].sort()).toEqual([...leiderTeams].sort());
    expect(page.teamField.teams!.map((t) => t.label).sort()).toEqual([...leiderTeams].sort());
    expect(page.canEdit).toBe(false);
    expect(page.rows.every((r) => !r.mayEdit && r.leavers === null)).toBe(true);
    // Another team named in the filter: a notice and the leader's own teams, never that team's rows.
    const other = await teamId(demoTeams.noord[2], who.hr.clusterId);
    const foreign = data(await planning(`/analytics/planning/1y?team=${other}`, who.leider.cookie));
    expect(foreign.invalid).toEqual(["team"]);
    expect(foreign.filter.team).toBeNull();
    expect(new Set(foreign.rows.map((r) => r.teamName))).toEqual(names);
    // Editing needs teams.manage: turned away.
    const edit = await run(() =>
      editLoader({
        request: getRequest("/analytics/planning/edit", who.leider.cookie),
        context: context(),
        params: {},
      }),
    );
    expect(edit).toBeInstanceOf(Response);
    expect((edit as Response).headers.get("Location")).toBe("/dashboard");
  });

  it("turns an employee away and answers an unknown horizon with 404", async () => {
    const result = await planning("/analytics/planning/current", who.medewerker.cookie);
    expect((result as Response).headers.get("Location")).toBe("/dashboard");
    const unknown = await planning("/analytics/planning/10y", who.hr.cookie);
    expect((unknown as Response).status).toBe(404);
  });

  it("keeps another account's teams out: ignored in the filter, 404 when edited", async () => {
    const noordTeam = await teamId(leiderTeams[0], who.hr.clusterId);
    const [noordPosition] = await getDb()
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.clusterId, who.hr.clusterId))
      .limit(1);
    // Named in the filter (or a typo, or another position): the notice, and none of its rows.
    const page = data(
      await planning(`/analytics/planning/current?team=${noordTeam}&position=${noordPosition.id}`, who.andere.cookie),
    );
    expect(page.invalid).toEqual(["team", "position"]);
    expect(page.rows.some((r) => r.teamId === noordTeam || r.positionId === noordPosition.id)).toBe(false);
    expect(data(await planning("/analytics/planning/current?team=geen-id", who.andere.cookie)).invalid).toEqual([
      "team",
    ]);
    expect(data(await planning("/analytics/planning/current", who.andere.cookie)).invalid).toEqual([]);
    const query = `team=${noordTeam}&position=${noordPosition.id}&horizon=1y`;
    const edit = await run(() =>
      editLoader({
        request: getRequest(`/analytics/planning/edit?${query}`, who.andere.cookie),
        context: context(),
        params: {},
      }),
    );
    expect((edit as Response).status).toBe(404);
    const saved = await post(
      {
        intent: "save",
        teamId: noordTeam,
        positionId: noordPosition.id,
        horizon: "1y",
        employees: "1",
        fte: "1",
        reason: "x",
      },
      who.andere.cookie,
    );
    expect((saved as Response).status).toBe(404);
  });
});

describe("setting a need", () => {
  it("refuses a bad number next to its field and keeps what was typed; saves a good one", async () => {
    const team = await teamId(leiderTeams[1], who.hr.clusterId);
    const [position] = await getDb()
      .select({ id: positions.id })
      .from(positions)
      .where(and(eq(positions.clusterId, who.hr.clusterId), eq(positions.name, "Planner")));
    const fields = {
      intent: "save",
      teamId: team,
      positionId: position.id,
      horizon: "5y",
      employees: "3",
      reason: "Nieuwe wijk",
    };
    const bad = unwrapData(await post({ ...fields, fte: "drie" }, who.hr.cookie));
    expect(bad.status).toBe(400);
    const reply = bad.data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.fte).toEqual(["planning:errors.fte"]);
    expect(reply.initialValue.fte).toBe("drie");
    expect(reply.initialValue.reason).toBe("Nieuwe wijk");
    const where = and(eq(planningNeeds.teamId, team), eq(planningNeeds.positionId, position.id));
    expect(await getDb().select().from(planningNeeds).where(where)).toEqual([]);

    const good = await post({ ...fields, fte: "2,5" }, who.hr.cookie);
    expect((good as Response).status).toBe(302);
    expect((good as Response).headers.get("Location")).toBe(`/analytics/planning/5y?team=${team}`);
    const [row] = await getDb().select().from(planningNeeds).where(where);
    expect({ employees: row.employees, fte: row.fte, horizon: row.horizon, reason: row.reason }).toEqual({
      employees: 3,
      fte: "2.50",
      horizon: "5y",
      reason: "Nieuwe wijk",
    });

    const removed = await post(
      { intent: "remove", teamId: team, positionId: position.id, horizon: "5y" },
      who.hr.cookie,
    );
    expect((removed as Response).status).toBe(302);
    expect(await getDb().select().from(planningNeeds).where(where)).toEqual([]);
  });
});

describe("the export", () => {
  it("exports the filtered rows as CSV with formula-safe text, and the leader's teams only", async () => {
    const team = await teamId(leiderTeams[0], who.hr.clusterId);
    await getDb()
      .update(planningNeeds)
      .set({ reason: "=HYPERLINK(1)" })
      .where(and(eq(planningNeeds.teamId, team), eq(planningNeeds.horizon, "1y")));
    const csv = async (query: string, cookie: string) => {
      const result = await run(() =>
        exportLoader({
          request: getRequest(`/resources/planning-export?${query}`, cookie),
          context: context(),
          params: {},
        }),
      );
      return (result as Response).text();
    };
    const own = await csv(`horizon=1y&team=${team}&format=csv`, who.hr.cookie);
    const lines = own.trim().split("\r\n");
    expect(lines[0]).toContain('"Team","Functie"');
    expect(lines.slice(1).every((l) => l.startsWith(`"${leiderTeams[0]}"`))).toBe(true);
    expect(own).toContain('"\'=HYPERLINK(1)"');
    const leader = await csv("horizon=1y&format=csv", who.leider.cookie);
    const teamsInFile = new Set(
      leader
        .trim()
        .split("\r\n")
        .slice(1)
        .map((l) => l.split('","')[0].slice(1)),
    );
    expect([...teamsInFile].sort()).toEqual([...leiderTeams].sort());
  });
});

describe("competence shortages (docs/decisions/1970)", () => {
  it("shows per team and position who is below a required level, hides small groups, nothing without the module", async () => {
    const db = getDb();
    const tenant = { accountId: who.hr.accountId, clusterId: who.hr.clusterId };
    const team = await createTeam(db, { ...tenant, name: "Competentieteam" });
    const [main, lone] = await db
      .insert(positions)
      .values([
        { ...tenant, name: "Competentiefunctie" },
        { ...tenant, name: "Eenlingfunctie" },
      ])
      .returning({ id: positions.id });
    const [competence] = await db
      .insert(competences)
      .values({ ...tenant, type: "competence", name: "Roosteren" })
      .returning({ id: competences.id });
    await db
      .insert(positionCompetences)
      .values(
        [main, lone].map((p) => ({ ...tenant, positionId: p.id, competenceId: competence.id, requiredLevel: 3 })),
      );
    const member = async (lastName: string, positionId: string, level: number | null) => {
      const { membership } = await createUserWithMembership(db, {
        ...tenant,
        lastName,
        roles: [{ role: "team_member", teamId: team.id }],
      });
      await db.insert(contracts).values({
        ...tenant,
        membershipId: membership.id,
        positionId,
        fte: "1.00",
        startDate: inDays(-30),
        endDate: inDays(400),
      });
      if (level !== null)
        await db
          .insert(competenceScores)
          .values({ ...tenant, membershipId: membership.id, competenceId: competence.id, level });
    };
    // Five holders: two below level 3, two at or above it, one not scored yet (unknown, not a gap).
    for (const [i, level] of [1, 2, 3, 4, null].entries()) await member(`Houder${i}`, main.id, level);
    const url = `/analytics/planning/current?team=${team.id}`;
    const page = data(await planning(url, who.hr.cookie));
    const expected = { hidden: null, assessed: 5, short: 2, competences: [{ name: "Roosteren", people: 2 }] };
    expect(page.rows.find((r) => r.positionId === main.id)?.competence).toEqual(expected);
    expect(page.teamCompetence?.[team.id]).toEqual(expected);
    const csv = async (cookie: string) =>
      (
        (await run(() =>
          exportLoader({
            request: getRequest(`/resources/planning-export?horizon=current&team=${team.id}&format=csv`, cookie),
            context: context(),
            params: {},
          }),
        )) as Response
      ).text();
    const file = await csv(who.hr.cookie);
    expect(file).toContain('"Competentietekort (nu)"');
    expect(file).toContain('"2 van 5 onder het vereiste niveau: Roosteren (2)"');

    // One holder of another position is too small a group, and the team minus the first position would reveal
    // them: both positions are hidden, the team of six is shown.
    await member("Eenling", lone.id, 1);
    const after = data(await planning(url, who.hr.cookie));
    const byPosition = (id: string) => after.rows.find((r) => r.positionId === id)?.competence;
    expect(byPosition(lone.id)).toEqual({ hidden: "small", assessed: null, short: null, competences: [] });
    expect(byPosition(main.id)).toEqual({ hidden: "sibling", assessed: null, short: null, competences: [] });
    expect(after.teamCompetence?.[team.id]).toMatchObject({ hidden: null, assessed: 6, short: 3 });

    // Without the competences module: no shortages on the page or in the file.
    const module = and(eq(clusterModules.clusterId, tenant.clusterId), eq(clusterModules.moduleKey, "competences"));
    await db.delete(clusterModules).where(module);
    try {
      const off = data(await planning(url, who.hr.cookie));
      expect(off.teamCompetence).toBeNull();
      expect(off.rows.length).toBeGreaterThan(0);
      expect(off.rows.every((r) => r.competence === null)).toBe(true);
      expect(await csv(who.hr.cookie)).not.toContain("Competentietekort");
    } finally {
      await db.insert(clusterModules).values({ ...tenant, moduleKey: "competences" });
    }
  });
});
