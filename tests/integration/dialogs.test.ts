/**
 * Development dialogs (issue #18): who reaches which dialog by id, as each demo user; ids of another
 * dialog's rows are 404; at most five actions; links only http(s); an empty objective; the progress
 * question after completing an action; a finished dialog is read-only; a refused change writes nothing.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  clusters,
  dialogActions,
  dialogEvents,
  dialogInitiativeLinks,
  dialogInitiatives,
  dialogLearningGoals,
  dialogs,
  dialogTeamSelections,
  memberships,
  reviews,
  reviewSubjects,
  roleAssignments,
  teams,
  users,
} from "#db/schema";
import { dialogProgressFor } from "~/features/dialogs/dialogs.server";
import type { TenantContext } from "~/utils/tenant.server";
import { requireUser } from "~/utils/tenant.server";
import { action as detailAction, loader as detailLoader } from "~/routes/_app+/dialogs+/$id._index";
import { action as eventsAction, loader as eventsLoader } from "~/routes/_app+/dialogs+/$id.events";
import { action as createAction, loader as createLoader } from "~/routes/_app+/dialogs+/create";
import { loader as listLoader } from "~/routes/_app+/dialogs+/_index";
import { action as logoutAction } from "~/routes/logout";
import { loader as employeeLoader } from "~/routes/_app+/personnel+/user.$id._tabs+/_layout";
import { seedDemo } from "../../seed/run";
import { demoClusters, demoTeams, demoUsers, type DemoUserKey } from "../../seed/demo-data";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { sessionCookieFor } from "../support/session";

type Role = DemoUserKey;
const roles = Object.keys(demoUsers) as Role[];
const cookies = {} as Record<Role, string>;
const ids = { medewerker: "", lindeColleague: "", anker: "", andere: "" };
let noord = "";

async function clusterId(name: string) {
  const [row] = await getDb().select({ id: clusters.id }).from(clusters).where(eq(clusters.name, name));
  return row.id;
}

async function membershipOf(email: string, cluster: string) {
  const [row] = await getDb()
    .select({ id: memberships.id, userId: users.id, accountId: users.accountId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(sql`lower(${users.email})`, email), eq(memberships.clusterId, cluster)));
  return row;
}

/** A team member of the named team who is not one of the demo users. */
async function memberOf(cluster: string, teamName: string) {
  const [row] = await getDb()
    .select({ id: roleAssignments.membershipId, accountId: roleAssignments.accountId })
    .from(roleAssignments)
    .innerJoin(teams, eq(teams.id, roleAssignments.teamId))
    .innerJoin(memberships, eq(memberships.id, roleAssignments.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(roleAssignments.clusterId, cluster),
        eq(teams.name, teamName),
        eq(roleAssignments.roleKey, "team_member"),
        sql`lower(${users.email}) not in ${Object.values(demoUsers)}`,
      ),
    )
    .orderBy(users.email)
    .limit(1);
  return row;
}

const post = (role: Role, id: string, fields: Record<string, string>) =>
  run(() =>
    detailAction({ request: formRequest(`/dialogs/${id}`, fields, cookies[role]), params: { id }, context: context() }),
  );

async function create(role: Role, fields: Record<string, string>) {
  const result = await run(() =>
    createAction({ request: formRequest("/dialogs/create", fields, cookies[role]), params: {}, context: context() }),
  );
  return result;
}

const idFromRedirect = (result: unknown) => (result as Response).headers.get("Location")!.split("/").pop()!;

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  noord = await clusterId(demoClusters.noord);
  const andereCluster = await clusterId(demoClusters.andere);
  for (const role of roles) {
    const cluster = role === "andere" ? andereCluster : noord;
    const m = await membershipOf(demoUsers[role], cluster);
    cookies[role] = (await sessionCookieFor({ userId: m.userId, accountId: m.accountId, clusterId: cluster })).cookie;
  }
  const medewerker = await membershipOf(demoUsers.medewerker, noord);
  const [own] = await getDb().select().from(dialogs).where(eq(dialogs.membershipId, medewerker.id));
  ids.medewerker = own.id;
  // The leader starts one for a colleague in his team; HR one for someone in a team he does not lead.
  const colleague = await memberOf(noord, demoTeams.noord[0]);
  ids.lindeColleague = idFromRedirect(await create("leider", { membershipId: colleague.id, objective: "Groeien" }));
  const anker = await memberOf(noord, demoTeams.noord[2]);
  ids.anker = idFromRedirect(await create("hr", { membershipId: anker.id, objective: "Anker" }));
  const andere = await memberOf(andereCluster, demoTeams.andere[0]);
  const [row] = await getDb()
    .insert(dialogs)
    .values({ accountId: andere.accountId, clusterId: andereCluster, membershipId: andere.id, objective: "Elders" })
    .returning();
  ids.andere = row.id;
}, 120_000);

async function openDialog(role: Role, id: string) {
  const result = await run(() =>
    detailLoader({ request: getRequest(`/dialogs/${id}`, cookies[role]), params: { id }, context: context() }),
  );
  if (result instanceof Response) return `${result.status} ${result.headers.get("Location") ?? ""}`.trim();
  return "200";
}

describe("who reaches a dialog by id, as each demo user", () => {
  // Andere BV's account admin sees every dialog of his own cluster and nothing of Demo BV.
  const expected: Record<keyof typeof ids, Record<Role, string>> = {
    medewerker: { admin: "200", hr: "200", leider: "200", medewerker: "200", meerdere: "404", andere: "404" },
    lindeColleague: { admin: "200", hr: "200", leider: "200", medewerker: "404", meerdere: "404", andere: "404" },
    anker: { admin: "200", hr: "200", leider: "404", medewerker: "404", meerdere: "404", andere: "404" },
    andere: { admin: "404", hr: "404", leider: "404", medewerker: "404", meerdere: "404", andere: "200" },
  };
  it.each(Object.keys(expected) as (keyof typeof ids)[])("the dialog %s", async (which) => {
    const got: Record<string, string> = {};
    for (const role of roles) got[role] = await openDialog(role, ids[which]);
    expect(got).toEqual(expected[which]);
  });

  it("answers 404 for ids that are no dialog, on the page, its events and its forms", async () => {
    expect(await openDialog("hr", crypto.randomUUID())).toBe("404");
    expect(await openDialog("hr", "not-a-uuid")).toBe("404");
    const events = await run(() =>
      eventsLoader({
        request: getRequest(`/dialogs/${ids.anker}/events`, cookies.medewerker),
        params: { id: ids.anker },
        context: context(),
      }),
    );
    expect((events as Response).status).toBe(404);
    const write = await post("medewerker", ids.anker, { intent: "addGoal", title: "Niet van mij" });
    expect((write as Response).status).toBe(404);
  });

  it("lists an employee only their own dialog, the leader his teams' and refuses a team outside his scope", async () => {
    const list = async (role: Role, query = "") =>
      (await listLoader({
        request: getRequest(`/dialogs${query}`, cookies[role]),
        params: {},
        context: context(),
      })) as Awaited<ReturnType<typeof listLoader>>;
    expect((await list("medewerker")).dialogs.map((d) => d.id)).toEqual([ids.medewerker]);
    const leider = (await list("leider")).dialogs.map((d) => d.id);
    expect(leider.sort()).toEqual([ids.medewerker, ids.lindeColleague].sort());
    const [anker] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, demoTeams.noord[2]));
    const refused = await run(() =>
      listLoader({ request: getRequest(`/dialogs?team=${anker.id}`, cookies.leider), params: {}, context: context() }),
    );
    expect((refused as Response).status).toBe(404);
    const started = await list("hr", `?state=started&team=${anker.id}`);
    expect(started.dialogs.map((d) => d.id)).toEqual([ids.anker]);
  });

  it("lets an employee start a dialog only for themselves", async () => {
    const page = (await createLoader({
      request: getRequest("/dialogs/create", cookies.medewerker),
      params: {},
      context: context(),
    })) as Awaited<ReturnType<typeof createLoader>>;
    expect(page.people).toHaveLength(1);
    expect(page.people[0].self).toBe(true);
    const colleague = await memberOf(noord, demoTeams.noord[0]);
    const { status, data } = unwrapData(await create("medewerker", { membershipId: colleague.id, objective: "X" }));
    expect(status).toBe(400);
    expect(JSON.stringify(data)).toContain("validation:choose");
  });

  it("refuses an empty objective next to the field and writes nothing", async () => {
    const before = (await getDb().select({ n: count() }).from(dialogs))[0].n;
    const me = await membershipOf(demoUsers.medewerker, noord);
    const { status, data } = unwrapData(await create("medewerker", { membershipId: me.id, objective: "  " }));
    expect(status).toBe(400);
    expect((data as { error: Record<string, string[]> }).error.objective).toEqual(["dialogs:errors.objectiveRequired"]);
    expect((await getDb().select({ n: count() }).from(dialogs))[0].n).toBe(before);
  });
});

describe("working in a dialog", () => {
  const eventCount = async (id: string) =>
    (await getDb().select({ n: count() }).from(dialogEvents).where(eq(dialogEvents.dialogId, id)))[0].n;

  async function newInitiative(role: Role, id: string) {
    expect((await post(role, id, { intent: "addGoal", title: "Presenteren" })) as Response).toHaveProperty(
      "status",
      302,
    );
    const [goal] = await getDb()
      .select()
      .from(dialogLearningGoals)
      .where(and(eq(dialogLearningGoals.dialogId, id), eq(dialogLearningGoals.title, "Presenteren")));
    await post(role, id, { intent: "addInitiative", goalId: goal.id, title: "Cursus presenteren" });
    const [initiative] = await getDb()
      .select()
      .from(dialogInitiatives)
      .where(eq(dialogInitiatives.learningGoalId, goal.id));
    return { goal, initiative };
  }

  it("allows at most five actions per initiative, and the sixth writes nothing", async () => {
    const { initiative } = await newInitiative("leider", ids.lindeColleague);
    for (let i = 1; i <= 5; i++) {
      const result = await post("leider", ids.lindeColleague, {
        intent: "addAction",
        initiativeId: initiative.id,
        title: `Stap ${i}`,
      });
      expect((result as Response).status).toBe(302);
    }
    const events = await eventCount(ids.lindeColleague);
    const { status, data } = unwrapData(
      await post("leider", ids.lindeColleague, { intent: "addAction", initiativeId: initiative.id, title: "Stap 6" }),
    );
    expect(status).toBe(400);
    expect(data).toMatchObject({ formId: `addAction-${initiative.id}` });
    expect(JSON.stringify(data)).toContain("dialogs:errors.maxActions");
    const rows = await getDb().select().from(dialogActions).where(eq(dialogActions.initiativeId, initiative.id));
    expect(rows.map((r) => r.position).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await eventCount(ids.lindeColleague)).toBe(events);
  });

  it("refuses links that are not http(s) and keeps what was typed", async () => {
    const [initiative] = await getDb()
      .select()
      .from(dialogInitiatives)
      .where(eq(dialogInitiatives.dialogId, ids.lindeColleague));
    for (const url of ["javascript:alert(1)", "ftp://example.org/x", "www.example.org", "https://"]) {
      const { status, data } = unwrapData(
        await post("leider", ids.lindeColleague, { intent: "addLink", initiativeId: initiative.id, title: "L", url }),
      );
      expect(status, url).toBe(400);
      const reply = data as { reply: { error: Record<string, string[]>; initialValue: Record<string, string> } };
      expect(reply.reply.error.url).toEqual(["dialogs:errors.linkUrl"]);
      expect(reply.reply.initialValue.url).toBe(url);
    }
    const ok = await post("leider", ids.lindeColleague, {
      intent: "addLink",
      initiativeId: initiative.id,
      title: "Cursus",
      url: "https://example.org/cursus",
    });
    expect((ok as Response).status).toBe(302);
    const links = await getDb()
      .select()
      .from(dialogInitiativeLinks)
      .where(eq(dialogInitiativeLinks.initiativeId, initiative.id));
    expect(links.map((l) => l.url)).toEqual(["https://example.org/cursus"]);
  });

  it("gives 404 for a learning goal, initiative or action of another dialog", async () => {
    const [foreignAction] = await getDb()
      .select()
      .from(dialogActions)
      .where(eq(dialogActions.dialogId, ids.lindeColleague))
      .limit(1);
    const [foreignGoal] = await getDb()
      .select()
      .from(dialogLearningGoals)
      .where(eq(dialogLearningGoals.dialogId, ids.lindeColleague))
      .limit(1);
    // The leader may see both dialogs, but a row of one is not a row of the other.
    const asked: Record<string, string>[] = [
      { intent: "completeAction", actionId: foreignAction.id },
      { intent: "archiveGoal", goalId: foreignGoal.id },
      { intent: "addAction", initiativeId: foreignAction.initiativeId, title: "X" },
      { intent: "completeAction", actionId: "not-a-uuid" },
    ];
    for (const fields of asked)
      expect((await post("leider", ids.medewerker, fields)) as Response).toHaveProperty("status", 404);
    const [after] = await getDb().select().from(dialogActions).where(eq(dialogActions.id, foreignAction.id));
    expect(after.completed).toBe(false);
  });

  it("asks to adjust progress after an action is completed, and saves the answer", async () => {
    const [initiative] = await getDb()
      .select()
      .from(dialogInitiatives)
      .where(eq(dialogInitiatives.dialogId, ids.lindeColleague));
    const [action] = await getDb()
      .select()
      .from(dialogActions)
      .where(and(eq(dialogActions.initiativeId, initiative.id), eq(dialogActions.position, 1)));
    const done = (await post("leider", ids.lindeColleague, {
      intent: "completeAction",
      actionId: action.id,
    })) as Response;
    expect(done.headers.get("Location")).toBe(`/dialogs/${ids.lindeColleague}?adjust=${initiative.id}#adjust-progress`);
    const bad = unwrapData(
      await post("leider", ids.lindeColleague, { intent: "setProgress", initiativeId: initiative.id, progress: "120" }),
    );
    expect(bad.status).toBe(400);
    await post("leider", ids.lindeColleague, { intent: "setProgress", initiativeId: initiative.id, progress: "20" });
    const [after] = await getDb().select().from(dialogInitiatives).where(eq(dialogInitiatives.id, initiative.id));
    expect(after.progress).toBe(20);
    const [completed] = await getDb().select().from(dialogActions).where(eq(dialogActions.id, action.id));
    expect(completed.completed).toBe(true);
    expect(completed.completedAt).not.toBeNull();
  });

  it("archives and restores a learning goal, and records each change as an event", async () => {
    const { goal } = await newInitiative("hr", ids.anker);
    await post("hr", ids.anker, { intent: "archiveGoal", goalId: goal.id });
    expect(
      (await getDb().select().from(dialogLearningGoals).where(eq(dialogLearningGoals.id, goal.id)))[0].archived,
    ).toBe(true);
    await post("hr", ids.anker, { intent: "restoreGoal", goalId: goal.id });
    expect(
      (await getDb().select().from(dialogLearningGoals).where(eq(dialogLearningGoals.id, goal.id)))[0].archived,
    ).toBe(false);
    const page = (await eventsLoader({
      request: getRequest(`/dialogs/${ids.anker}/events`, cookies.hr),
      params: { id: ids.anker },
      context: context(),
    })) as Awaited<ReturnType<typeof eventsLoader>>;
    expect(page.events.slice(0, 2).map((e) => e.kind)).toEqual(["goalRestored", "goalArchived"]);
    expect(page.events.at(-1)?.kind).toBe("created");
  });

  it("adds a meeting with date and summary, and refuses a wrong date", async () => {
    const postMeeting = (fields: Record<string, string>) =>
      run(() =>
        eventsAction({
          request: formRequest(`/dialogs/${ids.medewerker}/events`, fields, cookies.medewerker),
          params: { id: ids.medewerker },
          context: context(),
        }),
      );
    const bad = unwrapData(await postMeeting({ meetingDate: "31-02-2026", summary: "Goed gesprek" }));
    expect(bad.status).toBe(400);
    expect(((await postMeeting({ meetingDate: "02-03-2026", summary: "Goed gesprek" })) as Response).status).toBe(302);
    const [meeting] = await getDb()
      .select()
      .from(dialogEvents)
      .where(and(eq(dialogEvents.dialogId, ids.medewerker), eq(dialogEvents.summary, "Goed gesprek")));
    expect(meeting.meetingDate).toBe("2026-03-02");
  });

  it("finishes a dialog, after which its content is read-only until it is reopened", async () => {
    const [goal] = await getDb()
      .select()
      .from(dialogLearningGoals)
      .where(eq(dialogLearningGoals.dialogId, ids.anker))
      .limit(1);
    expect(((await post("hr", ids.anker, { intent: "finish" })) as Response).status).toBe(302);
    const refused = unwrapData(await post("hr", ids.anker, { intent: "editGoal", goalId: goal.id, title: "Anders" }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("dialogs:errors.notEditable");
    expect(unwrapData(await post("hr", ids.anker, { intent: "finish" })).status).toBe(400);
    await post("hr", ids.anker, { intent: "archive" });
    expect((await getDb().select().from(dialogs).where(eq(dialogs.id, ids.anker)))[0].state).toBe("archived");
    await post("hr", ids.anker, { intent: "reopen" });
    expect((await getDb().select().from(dialogs).where(eq(dialogs.id, ids.anker)))[0].state).toBe("started");
  });
});

describe("the employee page's link to the employee's dialogs", () => {
  it("is offered to HR and leads to the list filtered on the employee", async () => {
    const me = await membershipOf(demoUsers.medewerker, noord);
    const page = (await employeeLoader({
      request: getRequest(`/personnel/user/${me.id}/details`, cookies.hr),
      params: { id: me.id },
      context: context(),
    })) as { mayOpenDialogs: boolean };
    expect(page.mayOpenDialogs).toBe(true);
    const list = (await listLoader({
      request: getRequest(`/dialogs?person=${me.id}`, cookies.hr),
      params: {},
      context: context(),
    })) as Awaited<ReturnType<typeof listLoader>>;
    expect(list.dialogs.map((d) => d.id)).toEqual([ids.medewerker]);
  });
});

describe("dialogProgressFor (the dashboard's dialog progress)", () => {
  it("gives the demo dialog's objective and share of actions done", async () => {
    const ctx: TenantContext = await requireUser(getRequest("/dashboard", cookies.medewerker));
    const me = await membershipOf(demoUsers.medewerker, noord);
    const progress = await dialogProgressFor(ctx, me.userId);
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({ id: ids.medewerker, actions: 7, done: 3, percent: 43 });
    expect(progress[0].objective).toContain("coördinerend");
  });
});

describe("a dialog that starts from a team review result's development goal", () => {
  const goals = { own: "", colleague: "", unfinished: "", andere: "" };

  async function resultWithGoal(
    cluster: string,
    membershipId: string,
    accountId: string,
    finished: boolean,
    goal: string,
  ) {
    const [review] = await getDb()
      .insert(reviews)
      .values({
        accountId,
        clusterId: cluster,
        type: "team",
        name: "Teamreview voorjaar",
        teamName: "Linde",
        scale: 4,
        isFinished: finished,
        finishedAt: finished ? new Date() : null,
      })
      .returning();
    const [subject] = await getDb()
      .insert(reviewSubjects)
      .values({ accountId, clusterId: cluster, reviewId: review.id, membershipId, developmentGoal: goal })
      .returning();
    return subject.id;
  }

  const createPage = async (role: Role, query = "") =>
    (await createLoader({
      request: getRequest(`/dialogs/create${query}`, cookies[role]),
      params: {},
      context: context(),
    })) as Awaited<ReturnType<typeof createLoader>>;

  beforeAll(async () => {
    const me = await membershipOf(demoUsers.medewerker, noord);
    const colleague = await memberOf(noord, demoTeams.noord[0]);
    goals.own = await resultWithGoal(noord, me.id, me.accountId, true, "Beter plannen");
    goals.colleague = await resultWithGoal(noord, colleague.id, colleague.accountId, true, "Feedback geven");
    goals.unfinished = await resultWithGoal(noord, me.id, me.accountId, false, "Nog niet af");
    const andereCluster = await clusterId(demoClusters.andere);
    const andere = await memberOf(andereCluster, demoTeams.andere[0]);
    goals.andere = await resultWithGoal(andereCluster, andere.id, andere.accountId, true, "Elders");
  });

  it("offers each person only the finished results of the people they may start a dialog for", async () => {
    expect((await createPage("medewerker")).goals.map((g) => g.id)).toEqual([goals.own]);
    expect((await createPage("leider")).goals.map((g) => g.id).sort()).toEqual([goals.own, goals.colleague].sort());
    expect((await createPage("andere")).goals.map((g) => g.id)).toEqual([goals.andere]);
    const preselected = await createPage("leider", `?goal=${goals.colleague}`);
    expect(preselected.goal).toBe(goals.colleague);
    expect(preselected.person).toBe((await memberOf(noord, demoTeams.noord[0])).id);
    expect((await createPage("medewerker", `?goal=${goals.colleague}`)).goal).toBe("");
  });

  it("refuses a goal of someone else, of another cluster or of an unfinished review, and writes nothing", async () => {
    const me = await membershipOf(demoUsers.medewerker, noord);
    const before = (await getDb().select({ n: count() }).from(dialogs))[0].n;
    for (const foreign of [goals.colleague, goals.andere, goals.unfinished, crypto.randomUUID()]) {
      const { status, data } = unwrapData(
        await create("medewerker", { membershipId: me.id, reviewSubjectId: foreign, objective: "" }),
      );
      expect(status).toBe(400);
      expect((data as { error: Record<string, string[]> }).error.reviewSubjectId).toEqual([
        "dialogs:errors.reviewGoal",
      ]);
    }
    const bad = unwrapData(await create("medewerker", { membershipId: me.id, reviewSubjectId: "x", objective: "" }));
    expect(bad.status).toBe(400);
    expect((await getDb().select({ n: count() }).from(dialogs))[0].n).toBe(before);
  });

  it("starts from the goal (which becomes the objective when none is typed) and the page shows it", async () => {
    const me = await membershipOf(demoUsers.medewerker, noord);
    const id = idFromRedirect(
      await create("medewerker", { membershipId: me.id, reviewSubjectId: goals.own, objective: "" }),
    );
    const [row] = await getDb().select().from(dialogs).where(eq(dialogs.id, id));
    expect(row).toMatchObject({ objective: "Beter plannen", reviewSubjectId: goals.own });
    const page = async (role: Role) =>
      (await detailLoader({
        request: getRequest(`/dialogs/${id}`, cookies[role]),
        params: { id },
        context: context(),
      })) as Awaited<ReturnType<typeof detailLoader>>;
    const own = (await page("medewerker")).dialog.reviewGoal;
    expect(own).toMatchObject({ goal: "Beter plannen", reviewName: "Teamreview voorjaar", teamName: "Linde" });
    // Whoever may open review results gets the link to the result; the employee does not.
    expect(own?.href).toBeNull();
    const [subject] = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.id, goals.own));
    expect((await page("hr")).dialog.reviewGoal?.href).toBe(`/review/report/${subject.reviewId}/employee/${me.id}`);
    const typed = idFromRedirect(
      await create("leider", {
        membershipId: (await memberOf(noord, demoTeams.noord[0])).id,
        reviewSubjectId: goals.colleague,
        objective: "Eigen doelstelling",
      }),
    );
    expect((await getDb().select().from(dialogs).where(eq(dialogs.id, typed)))[0].objective).toBe("Eigen doelstelling");
    // The dialog is removed again so that the counts of other tests keep holding.
    await getDb().delete(dialogs).where(eq(dialogs.id, id));
  });
});

describe("the dialogs list's selected team (spec §4)", () => {
  it("is remembered per session, applied to the plain list, forgotten on 'all teams' and at logout", async () => {
    const leider = await membershipOf(demoUsers.leider, noord);
    const { cookie, sessionId } = await sessionCookieFor({
      userId: leider.userId,
      accountId: leider.accountId,
      clusterId: noord,
    });
    const list = async (query: string, as = cookie) =>
      (await listLoader({
        request: getRequest(`/dialogs${query}`, as),
        params: {},
        context: context(),
      })) as Awaited<ReturnType<typeof listLoader>>;
    const [linde] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, demoTeams.noord[0]));
    expect((await list("")).filter.team).toBe("");
    expect((await list(`?team=${linde.id}`)).filter.team).toBe(linde.id);
    expect((await list("")).filter.team).toBe(linde.id);
    // Another session of the same user, and another user, start without it.
    expect((await list("", cookies.leider)).filter.team).toBe("");
    expect((await list("", cookies.admin)).filter.team).toBe("");
    // A link with its own filter (the personnel page's ?person=) is not narrowed by it.
    expect((await list(`?person=${leider.id}`)).filter.team).toBe("");
    expect((await list("?team=")).filter.team).toBe("");
    expect((await list("")).filter.team).toBe("");
    await list(`?team=${linde.id}`);
    const selections = () =>
      getDb().select().from(dialogTeamSelections).where(eq(dialogTeamSelections.sessionId, sessionId));
    expect(await selections()).toHaveLength(1);
    const out = (await logoutAction({
      request: formRequest("/logout", {}, cookie),
      params: {},
      context: context(),
    })) as Response;
    expect(out.headers.get("Location")).toBe("/login");
    expect(await selections()).toHaveLength(0);
  });
});

describe("removing links and actions", () => {
  it("removes a link and an action (the later actions move up), records it, and refuses rows of another dialog", async () => {
    const [initiative] = await getDb()
      .select()
      .from(dialogInitiatives)
      .where(eq(dialogInitiatives.dialogId, ids.lindeColleague));
    const actionsOf = () =>
      getDb()
        .select()
        .from(dialogActions)
        .where(eq(dialogActions.initiativeId, initiative.id))
        .orderBy(dialogActions.position);
    const before = await actionsOf();
    expect(before).toHaveLength(5);
    const removed = (await post("leider", ids.lindeColleague, {
      intent: "removeAction",
      actionId: before[1].id,
    })) as Response;
    expect(removed.status).toBe(302);
    const after = await actionsOf();
    expect(after.map((a) => [a.position, a.title])).toEqual(
      before.filter((_, i) => i !== 1).map((a, i) => [i + 1, a.title]),
    );
    // There is room for a fifth action again.
    expect(
      (
        (await post("leider", ids.lindeColleague, {
          intent: "addAction",
          initiativeId: initiative.id,
          title: "Nieuwe stap",
        })) as Response
      ).status,
    ).toBe(302);
    expect((await actionsOf()).at(-1)).toMatchObject({ position: 5, title: "Nieuwe stap" });

    await post("leider", ids.lindeColleague, {
      intent: "addLink",
      initiativeId: initiative.id,
      title: "Weg ermee",
      url: "https://example.org/weg",
    });
    const [link] = await getDb()
      .select()
      .from(dialogInitiativeLinks)
      .where(and(eq(dialogInitiativeLinks.initiativeId, initiative.id), eq(dialogInitiativeLinks.title, "Weg ermee")));
    // Another dialog's link or action through this dialog, or as someone who cannot see it: 404.
    for (const [role, fields] of [
      ["medewerker", { intent: "removeLink", linkId: link.id }],
      ["leider", { intent: "removeLink", linkId: crypto.randomUUID() }],
    ] as const) {
      const target = role === "medewerker" ? ids.lindeColleague : ids.medewerker;
      expect(((await post(role, target, fields)) as Response).status).toBe(404);
    }
    expect(((await post("leider", ids.medewerker, { intent: "removeLink", linkId: link.id })) as Response).status).toBe(
      404,
    );
    expect(
      ((await post("leider", ids.medewerker, { intent: "removeAction", actionId: after[0].id })) as Response).status,
    ).toBe(404);
    expect(
      ((await post("leider", ids.lindeColleague, { intent: "removeLink", linkId: link.id })) as Response).status,
    ).toBe(302);
    expect(await getDb().select().from(dialogInitiativeLinks).where(eq(dialogInitiativeLinks.id, link.id))).toEqual([]);
    const kinds = (
      await getDb()
        .select({ kind: dialogEvents.kind })
        .from(dialogEvents)
        .where(eq(dialogEvents.dialogId, ids.lindeColleague))
    ).map((e) => e.kind);
    expect(kinds).toContain("actionRemoved");
    expect(kinds).toContain("linkRemoved");
  });
});
