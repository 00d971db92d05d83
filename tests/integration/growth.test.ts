import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  ambitions,
  clusters,
  competences,
  competenceScores,
  dialogs,
  memberships,
  positionCompetences,
  users,
} from "#db/schema";
import { createTeamGoal } from "~/features/team-goals/team-goals.server";
import { action as growthAction, loader as growthLoader } from "~/routes/_app+/my+/growth";
import { loader as dashboardLoader } from "~/routes/_app+/dashboard+/index";
import { loader as stepLoader } from "~/routes/_app+/team-development+/$step";
import { demoAmbitionText } from "../../seed/demo/growth";
import { demoClusters, demoReviewNames, demoUsers, medewerkerTeam } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { createAccount, createClusterFor, createTeam, createUserWithMembership } from "../factories";
import { context, getRequest, run, unwrapData } from "../support/http";
import { contractFor, orgWorld, positionIn, postForm } from "../support/org";
import { sessionCookieFor } from "../support/session";
import type { ModuleKey } from "~/utils/modules";

type World = Awaited<ReturnType<typeof orgWorld>>;
let w: World;
let other: World;

async function employeeWithCookie(
  world: { account: { id: string }; cluster: { id: string } },
  roles: { role: "team_admin" | "team_member"; teamId: string }[] = [],
) {
  const u = await createUserWithMembership(getDb(), {
    accountId: world.account.id,
    clusterId: world.cluster.id,
    roles: [{ role: "employee" }, ...roles],
  });
  const { cookie } = await sessionCookieFor({
    userId: u.user.id,
    accountId: world.account.id,
    clusterId: world.cluster.id,
  });
  return { ...u, cookie };
}

async function clusterWith(modules: readonly ModuleKey[]) {
  const account = await createAccount(getDb());
  const cluster = await createClusterFor(getDb(), account.id, { modules });
  return { account, cluster };
}

const growthPage = (cookie: string) =>
  run(() => growthLoader({ request: getRequest("/my/growth", cookie), context: context(), params: {} }));
const postGrowth = (cookie: string, fields: Record<string, string>) =>
  run(() => growthAction({ request: postForm("/my/growth", fields, cookie), context: context(), params: {} }));

beforeAll(async () => {
  w = await orgWorld();
  other = await orgWorld();
});

describe("my/growth: growth.active's module rule", () => {
  it("opens with growth-and-ambition, dialog or competences, and turns away without them", async () => {
    for (const module of ["growth-and-ambition", "dialog", "competences"] as const) {
      const world = await clusterWith([module]);
      const u = await employeeWithCookie(world);
      const page = (await growthPage(u.cookie)) as { employee: { ambitionOn: boolean } };
      expect(page.employee.ambitionOn, module).toBe(module === "growth-and-ambition");
    }
    const without = await employeeWithCookie(await clusterWith(["flow", "team-review"]));
    const res = (await growthPage(without.cookie)) as Response;
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  it("shows dialog learning goals and competence gaps only with their modules", async () => {
    const none = await employeeWithCookie(await clusterWith(["growth-and-ambition"]));
    expect((await growthPage(none.cookie)) as { employee: object }).toMatchObject({
      employee: { learningGoals: null, competences: null },
    });
    const both = await employeeWithCookie(await clusterWith(["dialog", "competences"]));
    expect((await growthPage(both.cookie)) as { employee: object }).toMatchObject({
      employee: { learningGoals: [], competences: { positions: [] } },
    });
  });

  it("refuses to record an ambition without the growth-and-ambition module", async () => {
    const u = await employeeWithCookie(await clusterWith(["dialog"]));
    const res = (await postGrowth(u.cookie, { intent: "save", text: "Teamleider worden" })) as Response;
    expect(res.headers.get("Location")).toBe("/dashboard");
  });
});

describe("my/growth: the ambition", () => {
  it("says 'no ambition chosen' until one is recorded, then shows it; it can be removed", async () => {
    const u = await employeeWithCookie(w);
    const position = await positionIn(w, "Teamleider zorg");
    expect(((await growthPage(u.cookie)) as { employee: { ambition: unknown } }).employee.ambition).toBeNull();
    const saved = (await postGrowth(u.cookie, {
      intent: "save",
      role: "Teamleider",
      positionId: position.id,
      text: "Over twee jaar een team leiden",
    })) as Response;
    expect(saved.headers.get("Location")).toBe("/my/growth");
    const page = (await growthPage(u.cookie)) as { employee: { ambition: Record<string, unknown> } };
    expect(page.employee.ambition).toMatchObject({
      role: "Teamleider",
      positionName: "Teamleider zorg",
      text: "Over twee jaar een team leiden",
    });
    // Saving again replaces it: one ambition per employee record.
    await postGrowth(u.cookie, { intent: "save", role: "", positionId: "", text: "Specialist worden" });
    const rows = await getDb().select().from(ambitions).where(eq(ambitions.membershipId, u.membership.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: "", positionId: null, text: "Specialist worden" });
    await postGrowth(u.cookie, { intent: "clear" });
    expect(await getDb().select().from(ambitions).where(eq(ambitions.membershipId, u.membership.id))).toHaveLength(0);
  });

  it("refuses an empty ambition and a position of another cluster next to the field, keeping what was typed", async () => {
    const u = await employeeWithCookie(w);
    const empty = unwrapData(await postGrowth(u.cookie, { intent: "save", role: "", positionId: "", text: "" }));
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ error: { text: ["growth:ambition.required"] } });
    const foreign = await positionIn(other, "Elders");
    const refused = unwrapData(
      await postGrowth(u.cookie, { intent: "save", role: "Coach", positionId: foreign.id, text: "" }),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      error: { positionId: ["validation:choose"] },
      initialValue: { role: "Coach" },
    });
    expect(await getDb().select().from(ambitions).where(eq(ambitions.membershipId, u.membership.id))).toHaveLength(0);
  });

  it("shows only my own ambition, never a colleague's", async () => {
    const a = await employeeWithCookie(w);
    const b = await employeeWithCookie(w);
    await postGrowth(a.cookie, { intent: "save", text: "Ambitie van A" });
    const page = (await growthPage(b.cookie)) as { employee: { ambition: unknown } };
    expect(page.employee.ambition).toBeNull();
  });
});

describe("my/growth: a competence as ambition (decision 1342)", () => {
  async function competenceIn(world: World | { account: { id: string }; cluster: { id: string } }, name: string) {
    const [row] = await getDb()
      .insert(competences)
      .values({ accountId: world.account.id, clusterId: world.cluster.id, type: "competence", name })
      .returning();
    return row;
  }
  type Page = {
    employee: {
      ambition: { competenceId: string | null; competenceName: string | null } | null;
      ambitionCompetences: { id: string; name: string }[] | null;
      ambitionGap?: { status: string; required: number | null; actual: number | null; gap: number };
    };
  };

  it("chooses a competence of the book and shows its gap against the position's required level", async () => {
    const u = await employeeWithCookie(w);
    const competence = await competenceIn(w, `Coachen ${u.membership.id.slice(0, 8)}`);
    const position = await positionIn(w);
    await contractFor(w, u.membership.id, position.id, "1.0");
    const tenant = { accountId: w.account.id, clusterId: w.cluster.id };
    await getDb()
      .insert(positionCompetences)
      .values({ ...tenant, positionId: position.id, competenceId: competence.id, requiredLevel: 4 });
    await getDb()
      .insert(competenceScores)
      .values({ ...tenant, membershipId: u.membership.id, competenceId: competence.id, level: 2 });

    const before = (await growthPage(u.cookie)) as Page;
    expect(before.employee.ambitionCompetences).toContainEqual({ id: competence.id, name: competence.name });
    const saved = (await postGrowth(u.cookie, { intent: "save", competenceId: competence.id })) as Response;
    expect(saved.headers.get("Location")).toBe("/my/growth");
    const page = (await growthPage(u.cookie)) as Page;
    expect(page.employee.ambition).toMatchObject({ competenceId: competence.id, competenceName: competence.name });
    expect(page.employee.ambitionGap).toEqual({ status: "below", required: 4, actual: 2, gap: 2 });

    // A competence the position does not ask for: said so, no numbers.
    const other = await competenceIn(w, `Plannen ${u.membership.id.slice(0, 8)}`);
    await postGrowth(u.cookie, { intent: "save", competenceId: other.id });
    expect(((await growthPage(u.cookie)) as Page).employee.ambitionGap).toMatchObject({ status: "notRequired" });
  });

  it("refuses another cluster's or an archived competence, and any competence without the module", async () => {
    const u = await employeeWithCookie(w);
    const foreign = await competenceIn(other, `Elders ${u.membership.id.slice(0, 8)}`);
    const archived = await competenceIn(w, `Oud ${u.membership.id.slice(0, 8)}`);
    await getDb().update(competences).set({ archivedAt: new Date() }).where(eq(competences.id, archived.id));
    for (const competenceId of [foreign.id, archived.id]) {
      const refused = unwrapData(await postGrowth(u.cookie, { intent: "save", role: "Coach", competenceId }));
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({
        error: { competenceId: ["validation:choose"] },
        initialValue: { role: "Coach" },
      });
    }
    expect(await getDb().select().from(ambitions).where(eq(ambitions.membershipId, u.membership.id))).toHaveLength(0);
    expect(((await growthPage(u.cookie)) as Page).employee.ambitionCompetences).not.toContainEqual(
      expect.objectContaining({ id: archived.id }),
    );

    const world = await clusterWith(["growth-and-ambition"]);
    const noBook = await employeeWithCookie(world);
    const own = await competenceIn(world, "Eigen competentie");
    expect(((await growthPage(noBook.cookie)) as Page).employee.ambitionCompetences).toBeNull();
    const off = unwrapData(await postGrowth(noBook.cookie, { intent: "save", competenceId: own.id }));
    expect(off.status).toBe(400);
  });
});

describe("team-development/{step}", () => {
  const stepPage = (cookie: string, step: string, query = "") =>
    run(() =>
      stepLoader({
        request: getRequest(`/team-development/${step}${query}`, cookie),
        context: context(),
        params: { step },
      }),
    );

  it("shows a member's team with its progress and only links the member may open", async () => {
    const team = await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id, name: "Team Groei" });
    const member = await employeeWithCookie(w, [{ role: "team_member", teamId: team.id }]);
    const before = (await stepPage(member.cookie, "goals")) as {
      team: { id: string };
      progress: Record<string, boolean | null>;
      links: { key: string; href: string }[];
    };
    expect(before.team.id).toBe(team.id);
    expect(before.progress).toMatchObject({
      goals: false,
      "team-review": false,
      "self-reviews": false,
      dialogs: false,
    });
    expect(before.links.map((l) => l.href)).toEqual([`/goals-and-ambitions?team=${team.id}`]);
    await createTeamGoal({ accountId: w.account.id, clusterId: w.cluster.id, userId: null }, team.id, {
      kind: "goal",
      text: "Samen beter",
      growthStrategy: "",
      measuredBy: "",
      periodStart: "",
      periodEnd: "",
      additionalText: "",
    });
    const after = (await stepPage(member.cookie, "goals", `?team=${team.id}`)) as { progress: { goals: boolean } };
    expect(after.progress.goals).toBe(true);
    const admin = (await stepPage(w.cookie, "team-review", `?team=${team.id}`)) as { links: { key: string }[] };
    expect(admin.links.map((l) => l.key)).toContain("createTeamReview");
  });

  it("the dialog step counts the team's members with a dialog; done when every member has one (decision 1343)", async () => {
    type DialogStep = {
      progress: { dialogs: boolean | null };
      dialogs: { members: number; withDialog: number; finished: number } | null;
      links: { key: string; href: string }[];
    };
    const team = await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
    const a = await employeeWithCookie(w, [{ role: "team_member", teamId: team.id }]);
    const b = await employeeWithCookie(w, [{ role: "team_member", teamId: team.id }]);
    const tenant = { accountId: w.account.id, clusterId: w.cluster.id };
    const dialogOf = (membershipId: string, state: "started" | "finished" | "archived") =>
      getDb()
        .insert(dialogs)
        .values({ ...tenant, membershipId, objective: "Groeien", state });
    // An archived dialog and a foreign cluster's member do not count.
    await dialogOf(a.membership.id, "archived");
    const start = (await stepPage(w.cookie, "dialogs", `?team=${team.id}`)) as DialogStep;
    expect(start.dialogs).toEqual({ members: 2, withDialog: 0, finished: 0 });
    expect(start.progress.dialogs).toBe(false);
    expect(start.links.map((l) => l.href)).toContain(`/dialogs?team=${team.id}`);
    await dialogOf(a.membership.id, "finished");
    await dialogOf(b.membership.id, "started");
    const done = (await stepPage(a.cookie, "dialogs", `?team=${team.id}`)) as DialogStep;
    expect(done.dialogs).toEqual({ members: 2, withDialog: 2, finished: 1 });
    expect(done.progress.dialogs).toBe(true);

    // Without the dialog module the step is not measured.
    const world = await clusterWith(["growth-and-ambition"]);
    const otherTeam = await createTeam(getDb(), { accountId: world.account.id, clusterId: world.cluster.id });
    const member = await employeeWithCookie(world, [{ role: "team_member", teamId: otherTeam.id }]);
    const off = (await stepPage(member.cookie, "dialogs")) as DialogStep;
    expect(off.dialogs).toBeNull();
    expect(off.progress.dialogs).toBeNull();
  });

  it("answers 404 for an unknown step, another cluster's team and a team I am not part of", async () => {
    const mine = await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
    const notMine = await createTeam(getDb(), { accountId: w.account.id, clusterId: w.cluster.id });
    const foreign = await createTeam(getDb(), { accountId: other.account.id, clusterId: other.cluster.id });
    const member = await employeeWithCookie(w, [{ role: "team_member", teamId: mine.id }]);
    expect(((await stepPage(member.cookie, "nope")) as Response).status).toBe(404);
    expect(((await stepPage(member.cookie, "goals", `?team=${notMine.id}`)) as Response).status).toBe(404);
    expect(((await stepPage(w.cookie, "goals", `?team=${foreign.id}`)) as Response).status).toBe(404);
  });
});

describe("dashboard blocks", () => {
  type Dashboard = {
    flow: { latest: unknown } | null;
    growth: { ambition: { summary: string } | null | undefined } | null;
    canSearch: boolean;
    openReviews: Record<string, unknown> | null;
    dialogs: { id: string; objective: string; actions: number; done: number; percent: number }[];
  };
  const dashboard = async (cookie: string) =>
    (await dashboardLoader({ request: getRequest("/dashboard", cookie), context: context(), params: {} })) as Dashboard;

  it("shows each block only with its module and right", async () => {
    const u = await employeeWithCookie(w);
    await postGrowth(u.cookie, { intent: "save", role: "Coach", text: "" });
    const all = await dashboard(u.cookie);
    expect(all.flow).toEqual({ latest: null });
    expect(all.growth?.ambition).toEqual({ summary: "Coach" });
    expect(all.openReviews).toEqual({});
    expect(all.canSearch).toBe(false);
    expect((await dashboard(w.cookie)).canSearch).toBe(true);

    const bare = await employeeWithCookie(await clusterWith(["self-review"]));
    const none = await dashboard(bare.cookie);
    expect(none).toMatchObject({ flow: null, growth: null, openReviews: null, canSearch: false, dialogs: [] });
    const dialogOnly = await employeeWithCookie(await clusterWith(["dialog"]));
    expect((await dashboard(dialogOnly.cookie)).growth).toMatchObject({ ambition: undefined });
  });
});

describe("demo data", () => {
  /** A session for a demo user in Zorggroep Noord. */
  async function demoCookie(email: string) {
    const [row] = await getDb()
      .select({ userId: users.id, accountId: users.accountId, clusterId: clusters.id })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .innerJoin(clusters, and(eq(clusters.id, memberships.clusterId), eq(clusters.name, demoClusters.noord)))
      .where(eq(sql`lower(${users.email})`, email));
    return (await sessionCookieFor(row)).cookie;
  }

  it("medewerker@demo.nl's growth page has her ambition, her finished team review and self review, and her flow", async () => {
    await seedDemo(process.env.DATABASE_URL!);
    const cookie = await demoCookie(demoUsers.medewerker);
    const page = (await growthPage(cookie)) as {
      employee: {
        ambition: { role: string; positionName: string; text: string };
        teamReviews: { name: string; teamName: string; role: string | null }[];
        selfReviews: unknown[];
        flow: unknown[];
      };
    };
    expect(page.employee.ambition).toMatchObject({
      role: "Teamleider",
      positionName: "Teamleider",
      text: demoAmbitionText,
    });
    expect(page.employee.teamReviews[0]).toMatchObject({ teamName: medewerkerTeam });
    expect(page.employee.teamReviews[0].name).toContain(demoReviewNames.finished);
    expect(page.employee.teamReviews[0].role).not.toBeNull();
    expect(page.employee.selfReviews.length).toBeGreaterThan(0);
    expect(page.employee.flow).toHaveLength(2);
  });

  it("medewerker@demo.nl's growth page shows her dialog learning goals and her competence gap on Rapporteren", async () => {
    const page = (await growthPage(await demoCookie(demoUsers.medewerker))) as {
      employee: {
        learningGoals: { title: string; objective: string; progress: number; initiatives: number }[];
        linkDialogs: boolean;
        competences: { positions: string[]; lines: { name: string; required: number | null; status: string }[] };
        ambition: { competenceName: string | null };
        ambitionGap: { status: string };
      };
    };
    // Her ambition names Rapporteren, with the same gap as the competences block (decision 1342).
    expect(page.employee.ambition.competenceName).toBe("Rapporteren");
    expect(page.employee.ambitionGap.status).toBe("below");
    const titles = page.employee.learningGoals.map((g) => g.title);
    expect(titles).toContain("Coachende vaardigheden ontwikkelen");
    expect(titles).not.toContain("Cursus Excel"); // archived
    const goal = page.employee.learningGoals.find((g) => g.title === "Coachende vaardigheden ontwikkelen")!;
    expect(goal.initiatives).toBeGreaterThan(0);
    expect(goal.progress).toBeGreaterThan(0);
    expect(page.employee.linkDialogs).toBe(true);
    expect(page.employee.competences.positions.length).toBeGreaterThan(0);
    expect(page.employee.competences.lines.find((l) => l.name === "Rapporteren")).toMatchObject({
      status: "below",
    });
  });

  it("medewerker@demo.nl's dashboard lists her started dialog with the share of actions done", async () => {
    const page = (await dashboardLoader({
      request: getRequest("/dashboard", await demoCookie(demoUsers.medewerker)),
      context: context(),
      params: {},
    })) as { dialogs: { objective: string; actions: number; done: number; percent: number }[] };
    expect(page.dialogs).toHaveLength(1);
    const [dialog] = page.dialogs;
    expect(dialog.objective).toBe("Doorgroeien naar coördinerend verpleegkundige binnen een jaar.");
    expect(dialog.done).toBeGreaterThan(0);
    expect(dialog.done).toBeLessThan(dialog.actions);
    expect(dialog.percent).toBe(Math.round((100 * dialog.done) / dialog.actions));
  });
});
