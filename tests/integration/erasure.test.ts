import type { LoaderFunctionArgs } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { auditEvents, memberships, reviewSubjects, users } from "#db/schema";
import { ERASED_NAME } from "~/features/privacy/erased-person";
import { keepingRefusals } from "~/features/privacy/erasure.server";
import { collectPersonalData, requireExportablePerson } from "~/features/privacy/personal-data.server";
import { runRetention } from "~/features/privacy/retention.server";
import { action as settingsAction } from "~/routes/_app+/account+/settings";
import { loader as usersListLoader } from "~/routes/_app+/personnel+/users.$tab";
import { loader as personLoader } from "~/routes/_app+/personnel+/user.$id._index";
import { loader as evaluationLoader } from "~/routes/_app+/review+/evaluation.$id";
import { loader as resultLoader } from "~/routes/_app+/review+/result.$id.$tab";
import { loader as teamLoader } from "~/routes/_app+/personnel+/teams.$id._index";
import { loader as apiUsersLoader } from "~/routes/api+/users";
import { loader as apiUserLoader } from "~/routes/api+/users.$id";
import { loader as apiTeamLoader } from "~/routes/api+/teams.$id";
import { loader as personnelExportLoader } from "~/routes/resources+/personnel-export";
import { requireUser } from "~/utils/tenant.server";
import { createUserWithMembership, uniqueSuffix } from "../factories";
import { confirmPage, columnsHolding, erase } from "../support/erasure";
import { context, getRequest, run, unwrapData } from "../support/http";
import { orgWorld, postForm } from "../support/org";
import { resultsOf, reviewWorld, scoreAndFinishAlfa, teamReviewOf } from "../support/reviews";
import { sessionCookieFor } from "../support/session";
import { readXlsx } from "../support/xlsx";

type World = Awaited<ReturnType<typeof reviewWorld>>;
const db = () => getDb();

type AnyLoader = (args: LoaderFunctionArgs) => Promise<unknown>;

/** What a loader answers, as text: a Response's body (a CSV or JSON download, an API answer) or its data. */
async function answerText(loader: AnyLoader, path: string, cookie: string, params: Record<string, string> = {}) {
  const answer = await run(() => loader({ request: getRequest(path, cookie), context: context(), params }));
  if (answer instanceof Response) {
    const spreadsheet = answer.headers.get("Content-Type")?.includes("spreadsheetml");
    if (!spreadsheet) return `${answer.status} ${await answer.text()}`;
    return `${answer.status} ${JSON.stringify(await readXlsx(Buffer.from(await answer.arrayBuffer())))}`;
  }
  return JSON.stringify(unwrapData(answer).data);
}

/**
 * The pages, searches, API answers and exports that list or show people, rendered over HTTP as the account
 * admin (HR) and the team's leader, with the markers each of them still shows.
 */
async function answersMentioning(w: World, reviewId: string, person: World["members"][number], markers: string[]) {
  const views: [string, AnyLoader, string, string, Record<string, string>?][] = [];
  for (const tab of ["active", "inactive", "removed"])
    views.push([`users/${tab}`, usersListLoader, `/personnel/users/${tab}`, w.hr.cookie, { tab }]);
  // A search answers its query back in the page's filter; what it found is the list.
  const searchList: AnyLoader = async (args) => ((await usersListLoader(args)) as { list: unknown }).list;
  for (const q of [markers[0], markers[2]])
    for (const tab of ["active", "removed"])
      views.push([
        `search ${tab}`,
        searchList,
        `/personnel/users/${tab}?q=${encodeURIComponent(q)}`,
        w.hr.cookie,
        { tab },
      ]);
  const id = person.membership.id;
  // What the export job writes into its files (personal-data-export-job.test.ts runs the job itself).
  const personalData: AnyLoader = async ({ request }) => {
    const ctx = await requireUser(request);
    return collectPersonalData(ctx, await requireExportablePerson(ctx, person.user.id));
  };
  views.push(
    ["person", personLoader, `/personnel/user/${id}`, w.hr.cookie, { id }],
    ["team", teamLoader, `/personnel/teams/${w.alfa.id}`, w.hr.cookie, { id: w.alfa.id }],
    ["evaluation", evaluationLoader, `/review/evaluation/${reviewId}`, w.leader.cookie, { id: reviewId }],
    ["results", resultLoader, `/review/result/${w.roundId}/table`, w.hr.cookie, { id: w.roundId, tab: "table" }],
    ["api users", apiUsersLoader, "/api/users", w.hr.cookie],
    ["api user", apiUserLoader, `/api/users/${id}`, w.hr.cookie, { id }],
    ["api team", apiTeamLoader, `/api/teams/${w.alfa.id}`, w.hr.cookie, { id: w.alfa.id }],
    ["personnel export", personnelExportLoader, "/resources/personnel-export?tab=active", w.hr.cookie],
    ["removed export", personnelExportLoader, "/resources/personnel-export?tab=removed", w.hr.cookie],
    ["personal data", personalData, `/personal-data?person=${person.user.id}`, w.hr.cookie],
  );
  const found: string[] = [];
  for (const [name, loader, path, cookie, params] of views) {
    const text = await answerText(loader, path, cookie, params);
    expect(text, name).not.toMatch(/^5\d\d /);
    for (const marker of markers) if (text.includes(marker)) found.push(`${name}: ${marker}`);
  }
  return found;
}

/** Gives the person of `w` a full set of personal data with unique markers; returns the markers. */
async function seedPersonalData(w: World, person: World["members"][number], reviewId: string) {
  const tag = uniqueSuffix().replace(/\W/g, "");
  const m = {
    first: `Wilhelmina${tag}`,
    last: `Zwanenburg${tag}`,
    email: `wz-${tag}@voorbeeld.nl`,
    phone: `+31 6 ${tag.slice(-8).padStart(8, "1")}`,
    address: `Keizersgracht ${tag}`,
    goal: `Ontwikkeldoel ${tag}`,
    note: `Mijn notitie ${tag}`,
    task: `Taak voor mij ${tag}`,
    objective: `Dialoogdoel ${tag}`,
    summary: `Gespreksverslag ${tag}`,
    learning: `Leerdoel ${tag}`,
    activity: `Flowactiviteit ${tag}`,
    ambition: `Ambitietekst ${tag}`,
    employeeNumber: `PN${tag}`,
  };
  const ids = { accountId: w.account.id, clusterId: w.cluster.id };
  const me = person.membership.id;
  await db()
    .update(users)
    .set({
      firstName: m.first,
      lastName: m.last,
      email: m.email,
      phone: m.phone,
      address: m.address,
      zip: "1015 AA",
      city: `Stad${tag}`,
      birthday: "1990-04-01",
    })
    .where(eq(users.id, person.user.id));
  await db().update(memberships).set({ employeeNumber: m.employeeNumber }).where(eq(memberships.id, me));
  await db()
    .update(reviewSubjects)
    .set({ developmentGoal: m.goal })
    .where(and(eq(reviewSubjects.reviewId, reviewId), eq(reviewSubjects.membershipId, me)));
  const x = db();
  await x.execute(sql`insert into tasks (account_id, cluster_id, type, title, description, sender_id, receiver_id)
    values (${ids.accountId}, ${ids.clusterId}, 'note', ${m.note}, ${m.note}, ${me}, ${me}),
           (${ids.accountId}, ${ids.clusterId}, 'task', ${m.task}, '', ${w.hr.membership.id}, ${me})`);
  const dialog = await x.execute<{ id: string }>(sql`insert into dialogs (account_id, cluster_id, membership_id,
    leader_membership_id, objective, state) values (${ids.accountId}, ${ids.clusterId}, ${me}, ${w.leader.membership.id},
    ${m.objective}, 'finished') returning id`);
  const dialogId = dialog.rows[0].id;
  await x.execute(sql`insert into dialog_events (account_id, cluster_id, dialog_id, actor_membership_id, kind, summary, detail)
    values (${ids.accountId}, ${ids.clusterId}, ${dialogId}, ${me}, 'objective', ${m.summary}, ${m.summary})`);
  await x.execute(sql`insert into dialog_learning_goals (account_id, cluster_id, dialog_id, title)
    values (${ids.accountId}, ${ids.clusterId}, ${dialogId}, ${m.learning})`);
  const flow = await x.execute<{ id: string }>(sql`insert into flow_measurements (account_id, cluster_id, membership_id,
    scale_max, flow_band, stress_band) values (${ids.accountId}, ${ids.clusterId}, ${me}, 10, 3, 7) returning id`);
  await x.execute(sql`insert into flow_activities (measurement_id, position, name, share_percent, capability, challenge, energy, skills)
    values (${flow.rows[0].id}, 1, ${m.activity}, 100, 5, 5, 5, 5)`);
  await x.execute(sql`insert into ambitions (account_id, cluster_id, membership_id, text)
    values (${ids.accountId}, ${ids.clusterId}, ${me}, ${m.ambition})`);
  await x.execute(sql`insert into email_outbox (account_id, to_address, template, locale, props, status)
    values (${ids.accountId}, ${m.email}, 'task-mail', 'nl', ${JSON.stringify({ name: m.first })}::jsonb, 'sent')`);
  await x.execute(sql`insert into sessions (id, user_id, account_id, expires_at, user_agent)
    values (${`erase-${tag}`}, ${person.user.id}, ${ids.accountId}, now() + interval '1 day', ${m.last})`);
  const imp = await x.execute<{
    id: string;
  }>(sql`insert into imports (account_id, cluster_id, file_name, file_type, status)
    values (${ids.accountId}, ${ids.clusterId}, 'personeel.xlsx', 'xlsx', 'applied') returning id`);
  await x.execute(sql`insert into import_rows (account_id, cluster_id, import_id, row_number, "values")
    values (${ids.accountId}, ${ids.clusterId}, ${imp.rows[0].id}, 2, ${JSON.stringify([m.first, m.last, m.email])}::jsonb)`);
  await x.execute(sql`insert into import_changes (account_id, cluster_id, import_id, membership_id, label, meta, field, old_value, new_value)
    values (${ids.accountId}, ${ids.clusterId}, ${imp.rows[0].id}, ${me}, ${`${m.first} ${m.last}`}, 'CHANGED', 'phone', '', ${m.phone})`);
  return m;
}

/** Alfa's review scored by its leader and finished; Beta's open (its leader still has to score). */
async function finishedWorld() {
  const w = await reviewWorld();
  const alfa = await teamReviewOf(w, w.alfa.id);
  await scoreAndFinishAlfa(w, alfa.id);
  // HR is the account admin who answers the data-subject request.
  await db().update(users).set({ isAccountAdmin: true }).where(eq(users.id, w.hr.user.id));
  return { w, alfa };
}

let world: Awaited<ReturnType<typeof finishedWorld>>;
beforeAll(async () => {
  world = await finishedWorld();
});

describe("erasing a person", () => {
  it("leaves no column holding their name, e-mail or texts, keeps the finished review's results, and is in the trail without content", async () => {
    const { w, alfa } = world;
    const person = w.members[0];
    const markers = await seedPersonalData(w, person, alfa.id);
    const before = await resultsOf(alfa.id);
    expect((await columnsHolding(Object.values(markers))).length).toBeGreaterThan(10);
    const shown = [markers.first, markers.last, markers.email, markers.goal, markers.employeeNumber, markers.phone];
    const shownBefore = new Set((await answersMentioning(w, alfa.id, person, shown)).map((hit) => hit.split(":")[0]));
    // Before: the lists, the search, the review's pages, the API and the export show the person.
    expect([...shownBefore].sort()).toEqual(
      [
        "api team",
        "api user",
        "evaluation",
        "personal data",
        "personnel export",
        "results",
        "search active",
        "users/active",
      ].sort(),
    );

    const page = unwrapData(await confirmPage(person.membership.id, w.hr.cookie)).data as { refusals: string[] };
    expect(page.refusals).toEqual([]);
    // The confirmation is the second step: without it nothing happens.
    const unconfirmed = unwrapData(await erase(person.membership.id, w.hr.cookie, {}));
    expect(unconfirmed.status).toBe(400);
    expect(JSON.stringify(unconfirmed.data)).toContain("audit:erasure.confirmRequired");
    expect(await columnsHolding([markers.email])).not.toEqual([]);

    const response = (await erase(person.membership.id, w.hr.cookie)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/personnel/users/removed");

    expect(await columnsHolding(Object.values(markers))).toEqual([]);
    // No page, search, API answer or export shows them any more (the schema scan above covers the mail outbox).
    expect(await answersMentioning(w, alfa.id, person, shown)).toEqual([]);
    expect(await resultsOf(alfa.id)).toEqual(before);
    const [row] = await db().select().from(users).where(eq(users.id, person.user.id));
    expect(row).toMatchObject({
      firstName: ERASED_NAME,
      lastName: "",
      phone: null,
      birthday: null,
      passwordHash: null,
    });
    expect(row.email).toBe(`erased-${person.user.id}@erased.invalid`);
    expect(row.erasedAt).not.toBeNull();
    const trail = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetUserId, person.user.id), eq(auditEvents.action, "person.erase")));
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ actorUserId: w.hr.user.id, accountId: w.account.id });
    expect(trail[0].data).toMatchObject({ by: "admin", sessions: 2, tasks: 2 });
    // A second erasure of the same person is refused, not repeated.
    const again = unwrapData(await erase(person.membership.id, w.hr.cookie));
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.data)).toContain("audit:erasure.refused.erased");
  });

  it("is refused where the account must keep, by the actor-vs-target rule, and is a 404 for others and foreign ids", async () => {
    const { w } = world;
    // The leader of the open Beta review.
    const open = unwrapData(await confirmPage(w.otherLeader.membership.id, w.hr.cookie)).data as { refusals: string[] };
    expect(open.refusals).toEqual(["audit:erasure.refused.openReview"]);
    const refused = unwrapData(await erase(w.otherLeader.membership.id, w.hr.cookie));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.data)).toContain("audit:erasure.refused.openReview");
    // Yourself, and someone with more rights (a system admin).
    const self = unwrapData(await confirmPage(w.hr.membership.id, w.hr.cookie)).data as { refusals: string[] };
    expect(self.refusals).toEqual(["audit:erasure.refused.self"]);
    const sysadmin = await createUserWithMembership(db(), { accountId: w.account.id, clusterId: w.cluster.id });
    await db().update(users).set({ isSystemAdmin: true }).where(eq(users.id, sysadmin.user.id));
    const higher = unwrapData(await erase(sysadmin.membership.id, w.hr.cookie));
    expect(JSON.stringify(higher.data)).toContain("audit:erasure.refused.notAllowed");
    // The last account admin (HR is the only one).
    expect(await keepingRefusals(w.account.id, w.hr.user.id)).toEqual(["audit:erasure.refused.lastAccountAdmin"]);
    // Someone who manages people but is no account admin: 404; another account's admin: 404; bad id: 404.
    const target = w.members[1].membership.id;
    const clusterAdmin = await createUserWithMembership(db(), {
      accountId: w.account.id,
      clusterId: w.cluster.id,
      roles: [{ role: "cluster_admin" }],
    });
    const { cookie } = await sessionCookieFor({
      userId: clusterAdmin.user.id,
      accountId: w.account.id,
      clusterId: w.cluster.id,
    });
    expect(((await confirmPage(target, cookie)) as Response).status).toBe(404);
    expect(((await erase(target, cookie)) as Response).status).toBe(404);
    const other = await orgWorld({ accountAdmin: true });
    expect(((await confirmPage(target, other.cookie)) as Response).status).toBe(404);
    expect(((await erase(target, other.cookie)) as Response).status).toBe(404);
    expect(((await confirmPage("not-a-uuid", w.hr.cookie)) as Response).status).toBe(404);
    const [still] = await db().select().from(users).where(eq(users.id, w.members[1].user.id));
    expect(still.erasedAt).toBeNull();
  });
});

describe("retention", () => {
  it("saves the account's settings, with field messages for bad numbers", async () => {
    const w = await orgWorld({ accountAdmin: true });
    const save = (fields: Record<string, string>) =>
      run(() =>
        settingsAction({
          request: postForm("/account/settings", { intent: "retention", ...fields }, w.cookie),
          context: context(),
          params: {},
        }),
      );
    const bad = unwrapData(
      await save({ peopleMonths: "0", reviewTextMonths: "abc", dialogMonths: "", importDays: "400" }),
    );
    expect(bad.status).toBe(400);
    const reply = JSON.stringify(bad.data);
    expect(reply).toContain("audit:retention.errors.months");
    expect(reply).toContain("audit:retention.errors.days");
    expect(reply).toContain("abc"); // what was typed comes back
    const ok = (await save({
      peopleMonths: "18",
      reviewTextMonths: "",
      dialogMonths: "12",
      importDays: "14",
    })) as Response;
    expect(ok.status).toBe(302);
    const [row] = await db()
      .execute<Record<string, number | null>>(
        sql`select retention_people_months as p,
      retention_review_text_months as r, retention_dialog_months as d, retention_import_days as i
      from accounts where id = ${w.account.id}`,
      )
      .then((r) => r.rows);
    expect(row).toEqual({ p: 18, r: null, d: 12, i: 14 });
  });

  it("erases only what is due, through the erasure code, and a second run changes nothing", async () => {
    const w = await orgWorld({ accountAdmin: true });
    const ids = { accountId: w.account.id, clusterId: w.cluster.id };
    const leftLongAgo = await createUserWithMembership(db(), { ...ids, status: "inactive", lastName: "Langweg" });
    const leftRecently = await createUserWithMembership(db(), { ...ids, status: "inactive", lastName: "Netweg" });
    const active = await createUserWithMembership(db(), { ...ids, lastName: "Actief" });
    const x = db();
    await x.execute(sql`update users set created_at = now() - interval '40 months' where id in
      (${leftLongAgo.user.id}, ${leftRecently.user.id}, ${active.user.id})`);
    await x.execute(
      sql`update memberships set updated_at = now() - interval '30 months' where id = ${leftLongAgo.membership.id}`,
    );
    await x.execute(
      sql`update memberships set updated_at = now() - interval '10 months' where id = ${leftRecently.membership.id}`,
    );
    await x.execute(
      sql`update memberships set updated_at = now() - interval '30 months' where id = ${active.membership.id}`,
    );
    // Two finished reviews of the active person: one 40 months ago (its texts go), one last month (they stay).
    const review = async (monthsAgo: number, goal: string) => {
      const r = await x.execute<{ id: string }>(sql`insert into reviews (account_id, cluster_id, type, name, scale,
        is_finished, finished_at) values (${ids.accountId}, ${ids.clusterId}, 'team', 'Oud', 5, true,
        now() - make_interval(months => ${monthsAgo})) returning id`);
      await x.execute(sql`insert into review_subjects (account_id, cluster_id, review_id, membership_id, development_goal)
        values (${ids.accountId}, ${ids.clusterId}, ${r.rows[0].id}, ${active.membership.id}, ${goal})`);
    };
    await review(40, "Oud doel");
    await review(1, "Nieuw doel");
    const dialog = async (monthsAgo: number, objective: string) =>
      x.execute(sql`insert into dialogs (account_id, cluster_id, membership_id, objective, state, updated_at)
        values (${ids.accountId}, ${ids.clusterId}, ${active.membership.id}, ${objective}, 'finished',
        now() - make_interval(months => ${monthsAgo}))`);
    await dialog(40, "Oude dialoog");
    await dialog(1, "Nieuwe dialoog");
    const importOf = async (daysAgo: number) => {
      const i = await x.execute<{ id: string }>(sql`insert into imports (account_id, cluster_id, file_name, file_type,
        status, created_at) values (${ids.accountId}, ${ids.clusterId}, 'p.xlsx', 'xlsx', 'applied',
        now() - make_interval(days => ${daysAgo})) returning id`);
      await x.execute(sql`insert into import_files (import_id, data) values (${i.rows[0].id}, '\\x00')`);
      await x.execute(sql`insert into import_rows (account_id, cluster_id, import_id, row_number, "values")
        values (${ids.accountId}, ${ids.clusterId}, ${i.rows[0].id}, 2, '["a"]'::jsonb)`);
      return i.rows[0].id;
    };
    const oldImport = await importOf(40);
    const newImport = await importOf(3);

    const snapshot = async () => ({
      users: (
        await x.execute(sql`select id, first_name, email, erased_at is not null as erased from users
          where account_id = ${ids.accountId} order by id`)
      ).rows,
      goals: (
        await x.execute(sql`select development_goal from review_subjects where account_id = ${ids.accountId}
          order by development_goal`)
      ).rows,
      dialogs: (
        await x.execute(sql`select objective from dialogs where account_id = ${ids.accountId} order by objective`)
      ).rows,
      files: (
        await x.execute(sql`select i.id, (select count(*) from import_files f where f.import_id = i.id)::int as files,
          (select count(*) from import_rows r where r.import_id = i.id)::int as rows from imports i
          where i.account_id = ${ids.accountId} order by i.created_at`)
      ).rows,
      trail: (
        await x.execute(sql`select action, target_user_id, data from audit_events where account_id = ${ids.accountId}
          order by id`)
      ).rows,
    });

    const first = await runRetention({ accountIds: [ids.accountId] });
    expect(first[ids.accountId]).toMatchObject({ people: 1, developmentGoals: 1, dialogs: 1, importFiles: 1 });
    const after = await snapshot();
    const erased = after.users.filter((u) => u.erased).map((u) => u.id);
    expect(erased).toEqual([leftLongAgo.user.id]);
    expect(after.goals.map((g) => g.development_goal)).toEqual(["", "Nieuw doel"]);
    expect(after.dialogs.map((d) => d.objective)).toEqual(["", "Nieuwe dialoog"]);
    expect(after.files).toEqual([
      { id: oldImport, files: 0, rows: 0 },
      { id: newImport, files: 1, rows: 1 },
    ]);
    const actions = after.trail.map((t) => t.action);
    expect(actions).toEqual(["person.erase", "retention.apply"]);
    expect(after.trail[0]).toMatchObject({ target_user_id: leftLongAgo.user.id, data: { by: "retention" } });

    // Run twice: the same result, and nothing more in the trail.
    expect(await runRetention({ accountIds: [ids.accountId] })).toEqual({});
    expect(await snapshot()).toEqual(after);
  });
});
