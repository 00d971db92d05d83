import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { accounts, clusters, memberships, teamGoals, teams, users } from "#db/schema";
import { createTeamGoal, goalWriter } from "~/features/team-goals/team-goals.server";
import { loader as pageLoader } from "~/routes/_app+/goals-and-ambitions";
import { action as tabAction, loader as tabLoader } from "~/routes/_app+/personnel+/teams.$id._tabs+/goalsAndAmbitions";
import { demoAccounts, demoClusters, demoUsers, medewerkerTeam } from "../../seed/demo-data";
import { demoTeamGoals } from "../../seed/demo/team-goals";
import { seedDemo } from "../../seed/run";
import { createTeam, createUserWithMembership } from "../factories";
import { context, getRequest, run, unwrapData } from "../support/http";
import { orgWorld, postForm } from "../support/org";
import { sessionCookieFor } from "../support/session";

type World = Awaited<ReturnType<typeof orgWorld>>;
let w: World;
let other: World;

const goalFields = {
  intent: "add",
  kind: "goal",
  text: "Elke cliënt heeft een vaste contactpersoon",
  growthStrategy: "Wekelijks overleg",
  measuredBy: "Cliënttevredenheid",
  periodStart: "1-1-2027",
  periodEnd: "31-12-2027",
  additionalText: "",
};

async function teamIn(world: World) {
  return createTeam(getDb(), { accountId: world.account.id, clusterId: world.cluster.id });
}

async function goalIn(world: World, teamId: string, text = "Een doel") {
  const ctx = { accountId: world.account.id, clusterId: world.cluster.id, userId: null };
  const result = await createTeamGoal(ctx, teamId, {
    ...goalFields,
    kind: "goal",
    text,
    periodStart: "",
    periodEnd: "",
  });
  if (!result.ok) throw new Error("goal not created");
  return result.id;
}

async function userIn(world: World, roles: { role: "team_admin" | "team_member" | "employee"; teamId?: string }[]) {
  const u = await createUserWithMembership(getDb(), {
    accountId: world.account.id,
    clusterId: world.cluster.id,
    roles: [{ role: "employee" }, ...roles.filter((r) => r.role !== "employee")],
  });
  const { cookie } = await sessionCookieFor({
    userId: u.user.id,
    accountId: world.account.id,
    clusterId: world.cluster.id,
  });
  return { ...u, cookie };
}

const tabPath = (teamId: string, query = "") => `/personnel/teams/${teamId}/goalsAndAmbitions${query}`;

function loadTab(teamId: string, cookie: string, query = "") {
  return run(() =>
    tabLoader({ request: getRequest(tabPath(teamId, query), cookie), context: context(), params: { id: teamId } }),
  );
}

type GoalsPage = {
  teams: { id: string }[];
  canManage: boolean;
  groups: {
    id: string;
    name: string;
    active: { id: string; text: string }[];
    archived: { id: string; text: string }[];
  }[];
};

function loadPage(cookie: string, query = "") {
  return run(() =>
    pageLoader({ request: getRequest(`/goals-and-ambitions${query}`, cookie), context: context(), params: {} }),
  );
}

function postTab(teamId: string, fields: Record<string, string>, cookie: string, query = "") {
  return run(() =>
    tabAction({
      request: postForm(tabPath(teamId, query), fields, cookie),
      context: context(),
      params: { id: teamId },
    }),
  );
}

async function goalRow(id: string) {
  const [row] = await getDb().select().from(teamGoals).where(eq(teamGoals.id, id));
  return row;
}

beforeAll(async () => {
  w = await orgWorld();
  other = await orgWorld();
});

describe("team goals on the team's tab", () => {
  it("a manager adds a goal with its period as dates, and the tab lists it", async () => {
    const team = await teamIn(w);
    const res = (await postTab(team.id, goalFields, w.cookie, "?edit=new")) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(tabPath(team.id));
    const [row] = await getDb().select().from(teamGoals).where(eq(teamGoals.teamId, team.id));
    expect(row).toMatchObject({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      kind: "goal",
      text: goalFields.text,
      periodStart: "2027-01-01",
      periodEnd: "2027-12-31",
      createdBy: w.admin.user.id,
      archivedAt: null,
    });
    const page = (await loadTab(team.id, w.cookie)) as {
      active: { text: string; periodStart: string }[];
      canManage: boolean;
    };
    expect(page.canManage).toBe(true);
    expect(page.active).toEqual([expect.objectContaining({ text: goalFields.text, periodStart: "01-01-2027" })]);
  });

  it("bad input: empty text, bad dates and a period that ends before it starts give messages and write nothing", async () => {
    const team = await teamIn(w);
    const empty = unwrapData(
      await postTab(team.id, { ...goalFields, text: "  ", periodStart: "31-02-2027" }, w.cookie),
    );
    expect(empty.status).toBe(400);
    const reply = empty.data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.text).toEqual(["goals:textRequired"]);
    expect(reply.error.periodStart).toEqual(["validation:date"]);
    expect(reply.initialValue.growthStrategy).toBe(goalFields.growthStrategy);
    const backwards = unwrapData(
      await postTab(team.id, { ...goalFields, periodStart: "01-06-2027", periodEnd: "31-05-2027" }, w.cookie),
    );
    expect(backwards.status).toBe(400);
    expect((backwards.data as { error: Record<string, string[]> }).error.periodEnd).toEqual([
      "goals:periodEndBeforeStart",
    ]);
    expect(await getDb().select().from(teamGoals).where(eq(teamGoals.teamId, team.id))).toEqual([]);
  });

  it("edits one goal at a time: ?edit opens only that active goal, and a save can open the next one", async () => {
    const team = await teamIn(w);
    const first = await goalIn(w, team.id, "Eerste doel");
    const second = await goalIn(w, team.id, "Tweede doel");
    const page = (await loadTab(team.id, w.cookie, `?edit=${first}&archive=${second}`)) as {
      editing: string | null;
      archiving: string | null;
    };
    expect(page).toMatchObject({ editing: first, archiving: second });
    const res = (await postTab(
      team.id,
      {
        ...goalFields,
        intent: "edit",
        goalId: first,
        kind: "ambition",
        text: "Eerste ambitie",
        next: `edit:${second}`,
      },
      w.cookie,
    )) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(tabPath(team.id, `?edit=${second}`));
    expect(await goalRow(first)).toMatchObject({
      kind: "ambition",
      text: "Eerste ambitie",
      updatedBy: w.admin.user.id,
    });
    // Only the dialog's own targets are followed: anything else returns to the tab.
    const elsewhere = (await postTab(
      team.id,
      { ...goalFields, intent: "edit", goalId: first, next: "https://evil.example/" },
      w.cookie,
    )) as Response;
    expect(elsewhere.headers.get("Location")).toBe(tabPath(team.id));
  });

  it("archiving is final: an archived goal is read-only, listed below, and stays archived", async () => {
    const team = await teamIn(w);
    const id = await goalIn(w, team.id, "Te archiveren");
    const res = (await postTab(team.id, { intent: "archive", goalId: id }, w.cookie)) as Response;
    expect(res.status).toBe(302);
    const archivedAt = (await goalRow(id)).archivedAt;
    expect(archivedAt).toBeInstanceOf(Date);

    const edit = unwrapData(await postTab(team.id, { ...goalFields, intent: "edit", goalId: id }, w.cookie));
    expect(edit.status).toBe(400);
    expect((edit.data as { error: Record<string, string[]> }).error[""]).toEqual(["goals:archivedReadOnly"]);
    await postTab(team.id, { intent: "archive", goalId: id }, w.cookie);
    const row = await goalRow(id);
    expect(row.text).toBe("Te archiveren");
    expect(row.archivedAt).toEqual(archivedAt);

    const page = (await loadTab(team.id, w.cookie, `?edit=${id}`)) as {
      active: unknown[];
      archived: { id: string; archivedOn: string | null }[];
      editing: string | null;
    };
    expect(page.active).toEqual([]);
    expect(page.archived).toEqual([
      expect.objectContaining({ id, archivedOn: expect.stringMatching(/^\d\d-\d\d-\d{4}$/) }),
    ]);
    expect(page.editing).toBeNull();
  });

  it("rights: team leaders and members read their teams' goals on the page but may not change them", async () => {
    const team = await teamIn(w);
    const otherTeam = await teamIn(w);
    const id = await goalIn(w, team.id, "Alleen lezen");
    const theirs = await goalIn(w, otherTeam.id, "Van een ander team");
    const leader = await userIn(w, [{ role: "team_admin", teamId: team.id }]);
    const member = await userIn(w, [{ role: "team_member", teamId: team.id }]);
    const loner = await userIn(w, []);
    for (const reader of [leader, member]) {
      const page = (await loadPage(reader.cookie)) as GoalsPage;
      expect(page.teams.map((t) => t.id)).toEqual([team.id]);
      expect(page.groups.flatMap((g) => g.active.map((a) => a.id))).toEqual([id]);
      expect(page.canManage).toBe(false);
      // Another team of the cluster, by the filter: 404, never its goals.
      expect(((await loadPage(reader.cookie, `?team=${otherTeam.id}`)) as Response).status).toBe(404);
      // The team's tab is the team management page: not theirs.
      const tab = (await loadTab(team.id, reader.cookie)) as Response;
      expect(tab.status).toBe(302);
      const denied = (await postTab(team.id, { intent: "archive", goalId: id }, reader.cookie)) as Response;
      expect(denied.status).toBe(302);
      expect(denied.headers.get("Location")).not.toContain("goalsAndAmbitions");
      const add = (await postTab(team.id, goalFields, reader.cookie)) as Response;
      expect(add.status).toBe(302);
    }
    expect((await goalRow(id)).archivedAt).toBeNull();
    expect(await getDb().select().from(teamGoals).where(eq(teamGoals.teamId, team.id))).toHaveLength(1);
    // Without a team, the page answers and says so.
    const empty = (await loadPage(loner.cookie)) as GoalsPage;
    expect(empty).toMatchObject({ teams: [], groups: [] });
    // teams.manage sees every team of the cluster, and may filter on one.
    const all = (await loadPage(w.cookie)) as GoalsPage;
    expect(all.canManage).toBe(true);
    expect(all.teams.map((t) => t.id)).toEqual(expect.arrayContaining([team.id, otherTeam.id]));
    const filtered = (await loadPage(w.cookie, `?team=${otherTeam.id}`)) as GoalsPage;
    expect(filtered.groups).toEqual([
      expect.objectContaining({ id: otherTeam.id, active: [expect.objectContaining({ id: theirs })], archived: [] }),
    ]);
  });

  it("tenancy: another account's or cluster's team and goal ids are 404 and change nothing", async () => {
    const mine = await teamIn(w);
    const theirs = await teamIn(other);
    const theirGoal = await goalIn(other, theirs.id, "Van een ander");
    expect(((await loadTab(theirs.id, w.cookie)) as Response).status).toBe(404);
    expect(((await postTab(theirs.id, goalFields, w.cookie)) as Response).status).toBe(404);
    // Their goal through my team's URL: edit and archive find nothing.
    const edit = (await postTab(mine.id, { ...goalFields, intent: "edit", goalId: theirGoal }, w.cookie)) as Response;
    expect(edit.status).toBe(404);
    const archive = (await postTab(mine.id, { intent: "archive", goalId: theirGoal }, w.cookie)) as Response;
    expect(archive.status).toBe(404);
    // Another goal of my own cluster, but of another team than the URL's: 404 too.
    const sibling = await teamIn(w);
    const siblingGoal = await goalIn(w, sibling.id, "Van een ander team");
    expect(((await postTab(mine.id, { intent: "archive", goalId: siblingGoal }, w.cookie)) as Response).status).toBe(
      404,
    );
    // Another cluster of my own account.
    const { createClusterFor } = await import("../factories");
    const cluster = await createClusterFor(getDb(), w.account.id);
    const clusterTeam = await createTeam(getDb(), { accountId: w.account.id, clusterId: cluster.id });
    expect(((await loadTab(clusterTeam.id, w.cookie)) as Response).status).toBe(404);
    expect(((await loadTab("not-a-uuid", w.cookie)) as Response).status).toBe(404);
    for (const query of [`?team=${theirs.id}`, `?team=${clusterTeam.id}`, "?team=not-a-uuid"])
      expect(((await loadPage(w.cookie, query)) as Response).status).toBe(404);
    const page = (await loadPage(w.cookie)) as GoalsPage;
    expect(page.teams.map((t) => t.id)).not.toContain(theirs.id);
    expect(page.groups.flatMap((g) => g.active.map((a) => a.id))).not.toContain(theirGoal);
    expect(await goalRow(theirGoal)).toMatchObject({ text: "Van een ander", archivedAt: null });
    expect((await goalRow(siblingGoal)).archivedAt).toBeNull();
    const ctx = goalWriter({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      user: { id: w.admin.user.id },
    } as never);
    await expect(createTeamGoal(ctx, theirs.id, { ...goalFields, kind: "goal" })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe("demo data", () => {
  async function demoCookie(email: string) {
    const [row] = await getDb()
      .select({ userId: users.id, accountId: users.accountId, clusterId: clusters.id })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .innerJoin(clusters, and(eq(clusters.id, memberships.clusterId), eq(clusters.name, demoClusters.noord)))
      .where(eq(sql`lower(${users.email})`, email));
    return (await sessionCookieFor(row)).cookie;
  }

  it("Demo BV's teams have goals and ambitions, one archived, and medewerker@demo.nl reads her team's", async () => {
    await seedDemo(process.env.DATABASE_URL!);
    const rows = await getDb()
      .select({ team: teams.name, account: accounts.name, text: teamGoals.text, archivedAt: teamGoals.archivedAt })
      .from(teamGoals)
      .innerJoin(teams, eq(teams.id, teamGoals.teamId))
      .innerJoin(accounts, eq(accounts.id, teamGoals.accountId));
    const demo = rows.filter((r) => r.account === demoAccounts.demo);
    expect(new Set(demo.map((r) => r.team)).size).toBeGreaterThanOrEqual(3);
    expect(demo.filter((r) => r.archivedAt)).toHaveLength(1);

    const page = (await loadPage(await demoCookie(demoUsers.medewerker))) as GoalsPage;
    expect(page.groups.map((g) => g.name)).toEqual([medewerkerTeam]);
    const expected = demoTeamGoals[medewerkerTeam]!;
    expect(page.groups[0].active.map((g) => g.text).sort()).toEqual(
      expected
        .filter((g) => !g.archived)
        .map((g) => g.text)
        .sort(),
    );
    expect(page.groups[0].archived.map((g) => g.text)).toEqual(expected.filter((g) => g.archived).map((g) => g.text));
  });
});
