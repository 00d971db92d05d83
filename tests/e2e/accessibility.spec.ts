import { and, eq, like, sql } from "drizzle-orm";
import type { Cookie, Page } from "@playwright/test";
import { getDb } from "#db/client.server";
import {
  clusters,
  competenceSets,
  competences,
  knowledgeAreas,
  memberships,
  positions,
  reviews,
  reviewSubjects,
  tasks,
  teamGoals,
  teams,
  users,
} from "#db/schema";
import { demoKnowledgeTeam } from "../../seed/demo/knowledge-areas";
import { demoTasks } from "../../seed/demo/tasks";
import {
  demoClusters,
  demoReviewNames,
  demoSelfReviewNames,
  demoTeams,
  demoUsers,
  leiderTeams,
} from "../../seed/demo-data";
import { unsubscribePath } from "~/features/digests/unsubscribe.server";
import { createTeam } from "../factories";
import { hrInFreshCluster } from "./criteria-helpers";
import { createEmployee, expect, signIn, test } from "./fixtures";
import { uploadAndMapColumns } from "./import-helpers";
import { seriousViolations } from "./support/axe";
import { createLeaderRound } from "./support/reviews";
import { createWizardSet } from "./team-review-create-helpers";

/*
 * THE accessibility check of the application (docs/decisions/1470): axe's WCAG 2.2 AA serious and critical
 * violations on every page shape, each shape once, and on the states a page only shows after an action (a form
 * with its errors, a modal, a wizard's later step). A new page adds a line to the pass of the user who sees it
 * below; a new state that needs clicks gets its own test. No other file runs axe, but for hr-analytics-tabs.spec.ts,
 * whose walk scans the HR analytics tabs it filters anyway (no page load of their own).
 *
 * Each test is one user's pass over a list of pages: one sign-in (kept per worker and user) instead of one per
 * page. The tests are independent, so they are spread over the workers. axe runs inside the page, so this file
 * runs in the js project only (playwright.config.ts).
 */
// axe takes seconds a page, and tens of seconds on a busy machine: each scan adds time to the test's own.
test.describe.configure({ mode: "parallel", timeout: 120_000 });

/** A page to scan: its path, the level-1 heading that shows it is complete, and WCAG 2.5.3 (see support/axe.ts). */
type PageCheck = { path: string; heading?: string | RegExp; labelInName?: boolean };

/** Session cookies of the demo users signed in by this worker: one `signIn` per user and worker (decision 1402). */
const sessions = new Map<string, Cookie[]>();

async function signedInAs(page: Page, email: string) {
  const cookies = sessions.get(email);
  if (cookies) return page.context().addCookies(cookies);
  await signIn(page, email);
  sessions.set(email, await page.context().cookies());
}

/** axe on the page as it is now; a soft assertion, so one test names every page that has a violation. */
async function expectAccessible(page: Page, label: string, { labelInName = false } = {}) {
  test.setTimeout(test.info().timeout + 60_000);
  expect.soft([label, await seriousViolations(page, { labelInName })]).toEqual([label, []]);
}

/** Opens each page, waits for its heading and scans it. */
async function scanPages(page: Page, checks: PageCheck[]) {
  for (const { path, heading, labelInName } of checks) {
    await page.goto(path);
    const h1 = page.getByRole("heading", { level: 1, ...(heading ? { name: heading } : {}) });
    await expect(h1.first(), path).toBeVisible();
    await expectAccessible(page, path, { labelInName });
  }
}

async function noordCluster() {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  return cluster;
}

async function membershipIdOf(clusterId: string, email: string) {
  const [row] = await getDb()
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.clusterId, clusterId), eq(sql`lower(${users.email})`, email)));
  return row.id;
}

/** A team with an active and an archived goal, so every part of the goals tab is on the page. */
async function teamWithGoals() {
  const cluster = await noordCluster();
  const team = await createTeam(getDb(), {
    accountId: cluster.accountId,
    clusterId: cluster.id,
    name: `Axe ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
  });
  const base = { accountId: team.accountId, clusterId: team.clusterId, teamId: team.id };
  const [active] = await getDb()
    .insert(teamGoals)
    .values([
      { ...base, kind: "goal", text: "Actief doel", measuredBy: "Tevredenheid", periodStart: "2027-01-01" },
      { ...base, kind: "ambition", text: "Oude ambitie", archivedAt: new Date() },
    ])
    .returning();
  return { team, goalId: active.id };
}

// ── Without an account ──────────────────────────────────────────────────────────────────────────────────

test("the pages without a session: login, registration, the digest's unsubscribe page", async ({ page }) => {
  await scanPages(page, [{ path: "/login", labelInName: true }]);
  await page.goto("/register");
  // Links in the text are underlined.
  await expect(page.getByRole("link", { name: "gebruiksvoorwaarden" })).toBeVisible();
  await expectAccessible(page, "/register", { labelInName: true });

  const user = await createEmployee("unsubscribe-axe");
  const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, user.id));
  await page.goto(unsubscribePath(membership.id));
  await expect(page.getByRole("button", { name: "Afmelden" })).toBeVisible();
  await expectAccessible(page, "unsubscribe");
});

test("the system admin's login-as picker", async ({ page }) => {
  const admin = await createEmployee("a11y-systeembeheer");
  await getDb().update(users).set({ isSystemAdmin: true }).where(eq(users.id, admin.id));
  await signIn(page, admin.email, { at: "/system/login-as?q=demo.nl" });
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expectAccessible(page, "/system/login-as", { labelInName: true });
});

// ── admin@demo.nl: account and organisation ─────────────────────────────────────────────────────────────

test("admin: the account's users, teams, tags, positions, modules, settings and rights", async ({ page }) => {
  const [team] = await getDb().select().from(teams).where(eq(teams.name, demoTeams.noord[0]));
  // The erasure's confirm step (1560) of a fresh person: opening it changes nothing.
  const person = await createEmployee("a11y-wissen");
  const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, person.id));
  await signedInAs(page, demoUsers.admin);
  await page.goto("/account/users");
  // Each button's name holds its text.
  await expect(page.getByRole("row").nth(1)).toBeVisible();
  await expectAccessible(page, "/account/users", { labelInName: true });
  await scanPages(page, [
    { path: "/personnel/teams" },
    { path: `/personnel/teams/${team.id}/members` },
    { path: "/personnel/tags" },
    { path: "/personnel/positions" },
    { path: "/account/modules" },
    { path: "/account/settings" },
    { path: "/account/audit" },
    { path: "/account/licence" },
    { path: "/account/subscription" },
    // The order's confirmation page (without JavaScript; the e2e of licences opens it as a dialog).
    { path: "/account/subscription/confirm?employees=150&teams=20&modules=team-review&billingPeriod=year" },
    { path: "/file/processing-register" },
    { path: "/file/processing-agreement" },
    { path: "/file/manual" },
    { path: "/settings/rights" },
    { path: `/personnel/user/${membership.id}/erase` },
  ]);
  // A confirmation in its dialog (1541): the bulk delete of a selection, opened and left with Escape.
  await page.goto("/personnel/positions");
  await page.getByRole("checkbox").first().check();
  await page.getByRole("button", { name: "Geselecteerde functies verwijderen" }).click();
  await expect(page.getByRole("dialog", { name: "1 functies verwijderen?" })).toBeVisible();
  await expectAccessible(page, "/personnel/positions bulk delete dialog");
  await page.keyboard.press("Escape");
});

test("admin: the import's steps", async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await signedInAs(page, demoUsers.admin);
  await page.goto("/import");
  await expectAccessible(page, "/import");
  await uploadAndMapColumns(page, stamp);
  await expectAccessible(page, "/import/excel/{id} columns");
  await page.getByRole("button", { name: "Vergelijken" }).click();
  await expect(page.getByRole("heading", { name: "Ontbrekend" })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, "/import/excel/{id} comparison");
});

test("admin: the connector pages, with a message next to a field", async ({ page }) => {
  await signedInAs(page, demoUsers.admin);
  for (const [path, label] of [
    ["/import/afas", "Omgevings-URL"],
    ["/import/polaris", "API-adres"],
  ]) {
    await page.goto(path);
    // As HR sees it after a mistake.
    await page.getByLabel(label).fill("geen adres");
    await page.getByRole("button", { name: "Koppeling opslaan" }).click();
    await expect(page.getByText("Vul een geldig http- of https-adres in.").first()).toBeVisible();
    await expectAccessible(page, `${path} with errors`);
  }
});

// ── leider@demo.nl: dashboard, flow, knowledge card, evaluation ─────────────────────────────────────────

test("leider: the dashboard and the flow pages, the measurement form with its errors", async ({ page }) => {
  await signedInAs(page, demoUsers.leider);
  await scanPages(page, [{ path: "/dashboard", labelInName: true }, { path: "/flow" }, { path: "/flow/create" }]);
  await page.getByLabel("Activiteit, activiteit 1", { exact: true }).fill("Plannen");
  await page.getByRole("button", { name: "Meting opslaan" }).click();
  await expect(page.getByRole("alert")).toContainText("De Flow is niet compleet");
  await expectAccessible(page, "/flow/create with errors");

  await page.goto("/flow");
  await page
    .getByRole("table", { name: "Flowmetingen met de tijd per zone in procenten" })
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/flow\/details\//);
  await expect(page.getByRole("img", { name: "Activiteiten naar uitdaging en vaardigheden" })).toBeVisible();
  await expectAccessible(page, "/flow/details");
});

test("leider: the knowledge card, its setup steps and the overview", async ({ page }) => {
  const [team] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, demoKnowledgeTeam));
  await signedInAs(page, demoUsers.leider);
  await scanPages(page, [
    { path: `/knowledge-areas/teams/${team.id}/card`, heading: `Kenniskaart ${demoKnowledgeTeam}` },
    { path: `/knowledge-areas/teams/${team.id}/members`, heading: `Kenniskaart ${demoKnowledgeTeam}` },
    { path: "/knowledge-areas/teams/setup", heading: "Kenniskaart instellen" },
    { path: `/knowledge-areas/teams/setup?step=2&team=${team.id}`, heading: "Kenniskaart instellen" },
    { path: `/knowledge-areas/teams/setup?step=3&team=${team.id}`, heading: "Kenniskaart instellen" },
    { path: "/knowledge-areas/teams/overview", heading: "Overzicht van tekorten en overschotten" },
  ]);
});

test("leider: a team review's evaluation, finish and criteria pages", async ({ page }) => {
  const { teamReviews } = await createLeaderRound({ scoreAll: 1 });
  await signedInAs(page, demoUsers.leider);
  const base = `/review/evaluation/${teamReviews[0].id}`;
  await scanPages(page, [{ path: base }, { path: `${base}/finish` }, { path: `${base}/criteria` }]);
});

// ── medewerker@demo.nl: own pages, dialogs, reviews, tasks ──────────────────────────────────────────────

test("medewerker: profile, growth, dashboard, knowledge base, goals and tasks", async ({ page }) => {
  const [task] = await getDb().select().from(tasks).where(eq(tasks.title, demoTasks.overdueForMedewerker));
  await signedInAs(page, demoUsers.medewerker);
  await scanPages(page, [{ path: "/my/profile/details", labelInName: true }]);

  await page.goto("/my/growth");
  await expect(page.getByRole("heading", { level: 1, name: "Mijn groei" })).toBeVisible();
  await expect(page.getByTestId("current-ambition")).toContainText("Teamleider");
  // The demo's calibration of her placement: who moved it, when and why (decision 1971).
  await expect(
    page.getByTestId("growth-calibration").filter({ hasText: "In de kalibratiesessie vergeleken" }),
  ).toContainText(/^Op \d{2}-\d{2}-\d{4} verplaatst door .+: van .+ naar .+Reden: /);
  await expectAccessible(page, "/my/growth");
  await page.goto("/team-development/team-review");
  await expect(page.getByRole("heading", { level: 2, name: "Stap 2: Teamreview" })).toBeVisible();
  await expectAccessible(page, "/team-development/team-review");
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 2, name: "Mijn groei" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Mijn laatste flow" })).toBeVisible();
  await expectAccessible(page, "/dashboard (medewerker)");

  await scanPages(page, [
    { path: "/knowledge-base", labelInName: true },
    { path: "/knowledge-base?q=team", labelInName: true },
    { path: "/knowledge-base?q=salarisstrook", labelInName: true },
    { path: "/knowledge-base/team-reviews", labelInName: true },
    { path: "/goals-and-ambitions", heading: "Doelen en ambities" },
    { path: "/tasks/inbox?done=1" },
    { path: "/tasks/send" },
    { path: "/tasks/notes" },
    { path: "/tasks/archive" },
    { path: "/tasks/inbox/new" },
    { path: `/tasks/inbox/${task.id}` },
  ]);
});

test("medewerker: the dialog pages, a dialog's forms and its progress question", async ({ page }) => {
  await signedInAs(page, demoUsers.medewerker);
  await scanPages(page, [{ path: "/dialogs" }, { path: "/dialogs/create" }]);

  // The seeded dialog (dialogs.spec.ts adds finished ones for the same person).
  await page.goto("/dialogs?state=started");
  await page.getByRole("link", { name: /coördinerend verpleegkundige/ }).click();
  await expect(page).toHaveURL(/\/dialogs\/[0-9a-f-]{36}$/);
  // The seeded dialog: open the forms of its first initiative too.
  await page.getByText("Acties, links en voortgang van Training coachend begeleiden volgen").click();
  await expectAccessible(page, "/dialogs/{id}");

  // The progress question as a modal dialog (what completing an action leads to).
  const initiative = await page.locator("article[id^=initiative-]").first().getAttribute("id");
  const dialogUrl = page.url();
  await page.goto(`${dialogUrl}?adjust=${initiative!.replace("initiative-", "")}`);
  await expect(page.getByRole("dialog", { name: "Voortgang aanpassen?" })).toBeVisible();
  await expectAccessible(page, "/dialogs/{id}?adjust=");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(dialogUrl);

  await page.getByRole("link", { name: "Geschiedenis en gesprekken" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Geschiedenis van de dialoog" })).toBeVisible();
  await expectAccessible(page, "/dialogs/{id}/events");
});

test("medewerker: the self and peer reviews' lists, questionnaires, finish, results and nominations", async ({
  page,
}) => {
  await signedInAs(page, demoUsers.medewerker);
  await page.goto("/my/reviews");
  const open = page.getByRole("row").filter({ hasText: demoSelfReviewNames.open });
  const selfQuestionnaire = (await open.getByRole("link", { name: "Vragenlijst" }).getAttribute("href"))!;
  const finished = page.getByRole("row").filter({ hasText: demoSelfReviewNames.finished });
  const selfResult = (await finished.getByRole("link", { name: "Resultaat" }).getAttribute("href"))!;

  await page.goto("/peerreview");
  const peerRow = page.getByRole("row").filter({ hasText: "Peer feedback" }).filter({ hasText: "Peer" }).last();
  const peerQuestionnaire = (await peerRow.getByRole("link", { name: /Vragenlijst/ }).getAttribute("href"))!;
  const peerResult = (await page.getByRole("link", { name: "Mijn resultaat" }).first().getAttribute("href"))!;
  // The demo round is open and reviews her: she may propose peers (docs/decisions/1202).
  const nominate = (await page
    .getByRole("link", { name: /^Collega's voorstellen als peer in/ })
    .first()
    .getAttribute("href"))!;

  await scanPages(
    page,
    [
      "/my/reviews",
      selfQuestionnaire,
      `${selfQuestionnaire}/finish`,
      selfResult,
      "/peerreview",
      peerQuestionnaire,
      `${peerQuestionnaire}/finish`,
      peerResult,
      nominate,
    ].map((path) => ({ path })),
  );
});

// ── hr@demo.nl: analytics, competences, personnel, goals, team reviews ──────────────────────────────────

test("hr: analytics, the guide, flow settings with errors and the knowledge areas", async ({ page }) => {
  const cluster = await noordCluster();
  const twoTeams = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.clusterId, cluster.id)).limit(2);
  const [team] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, demoKnowledgeTeam));
  const [area] = await getDb()
    .select({ id: knowledgeAreas.id })
    .from(knowledgeAreas)
    .where(eq(knowledgeAreas.name, "Wondzorg"));
  await signedInAs(page, demoUsers.hr);
  await scanPages(page, [
    { path: "/analytics/users/workforce" },
    { path: "/analytics/users/development" },
    // The flow, rounds, movement and completion tabs are scanned, filtered, in hr-analytics-tabs.spec.ts's walk.
    { path: "/analytics/criteria/distribution?dimension=employability&period=all" },
    { path: "/analytics/criteria/teams?dimension=employability&period=all" },
    { path: "/analytics/criteria/rounds?dimension=employability&period=all" },
    { path: "/analytics/criteria/roles?dimension=employability&period=all" },
    { path: "/analytics/criteria/self?dimension=employability&period=all" },
    { path: `/analytics/teams/team-comparison?${twoTeams.map((t) => `team=${t.id}`).join("&")}` },
    { path: "/analytics/planning/1y" },
    { path: "/analytics/planning/edit?horizon=1y", heading: "Behoefte instellen" },
    { path: "/guide/process", heading: "Het beoordelingsproces" },
    { path: "/guide/intervention", heading: "Interventies per ontwikkelrol" },
    { path: "/knowledge-areas/areas", heading: "Kennisgebieden beheren" },
    { path: "/knowledge-areas/areas/new", heading: "Kennisgebied toevoegen" },
    { path: `/knowledge-areas/areas/${area.id}/edit`, heading: "Wondzorg wijzigen" },
    { path: `/knowledge-areas/areas/${area.id}/archive`, heading: "Wondzorg archiveren?" },
    { path: `/knowledge-areas/teams/${team.id}/print`, heading: `Kenniskaart ${demoKnowledgeTeam}` },
    { path: "/flow/settings" },
  ]);
  await page.getByLabel("Flow-band").fill("x");
  await page.getByRole("button", { name: "Instellingen opslaan" }).click();
  await expect(page.getByLabel("Flow-band")).toHaveAccessibleDescription(/Vul een heel getal/);
  await expectAccessible(page, "/flow/settings with errors");
});

test("hr: the competence book, matrix, positions, scores, tags and sets", async ({ page }) => {
  const db = getDb();
  const cluster = await noordCluster();
  const [position] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.clusterId, cluster.id), eq(positions.name, "Verzorgende IG")));
  const medewerker = await membershipIdOf(cluster.id, demoUsers.medewerker);
  const [reporting] = await db
    .select({ id: competences.id })
    .from(competences)
    .where(and(eq(competences.clusterId, cluster.id), eq(competences.sourceKey, "reporting")));
  const [set] = await db
    .select({ id: competenceSets.id })
    .from(competenceSets)
    .where(and(eq(competenceSets.clusterId, cluster.id), eq(competenceSets.name, "Leidinggeven")));
  await signedInAs(page, demoUsers.hr);
  await scanPages(page, [
    { path: "/competences/book", heading: "Competentieboek" },
    { path: "/competences/matrix", heading: "Competentiematrix" },
    { path: `/competences/matrix?edit=${position.id}`, heading: "Competentiematrix" },
    { path: "/competences/scores", heading: "Competentiescores" },
    { path: `/competences/scores/users/${medewerker}`, heading: "Lotte Jansen" },
    { path: `/competences/scores/positions/${position.id}`, heading: "Verzorgende IG" },
    { path: `/positions/${position.id}`, heading: "Verzorgende IG" },
    { path: "/competences/tags", heading: "Competentietags" },
    { path: "/competences/sets", heading: "Competentiesets" },
    { path: `/competences/sets/${set.id}`, heading: "Competentieset bewerken" },
    { path: `/competences/sets/${set.id}/apply`, heading: "Set Leidinggeven toepassen" },
    {
      path: `/competences/book/${reporting.id}/merge?otherCompetenceId=${reporting.id}&keep=this`,
      heading: "Rapporteren samenvoegen",
    },
  ]);
});

test("hr: the employee list, the new-employee form and an employee's tabs", async ({ page }) => {
  const prefix = `axe-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  await createEmployee(prefix);
  await signedInAs(page, demoUsers.hr);
  // HR's dashboard: the cluster's overview (teams, people, open reviews, the last imports).
  await scanPages(page, [
    { path: "/dashboard" },
    { path: "/personnel/users/active" },
    { path: "/personnel/users/new" },
  ]);
  await page.goto(`/personnel/users/active?q=${prefix}`);
  await page.getByRole("link", { name: "Femke Test" }).first().click();
  await expect(page).toHaveURL(/\/personnel\/user\/[0-9a-f-]+\/details$/);
  const base = new URL(page.url()).pathname.replace(/\/details$/, "");
  await scanPages(
    page,
    ["details", "contracts", "teams", "roles", "tags"].map((tab) => ({ path: `${base}/${tab}` })),
  );
});

test("hr: a team's goals tab in each state, goals and ambitions, a round's results with the linked goals", async ({
  page,
}) => {
  const { team, goalId } = await teamWithGoals();
  const cluster = await noordCluster();
  // The demo finished round: the first goal of medewerker@demo.nl's team is linked to it (seed, decision 1340).
  const [round] = await getDb()
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.clusterId, cluster.id),
        eq(reviews.type, "team-summary"),
        like(reviews.name, `${demoReviewNames.finished}%`),
      ),
    );
  await signedInAs(page, demoUsers.hr);
  for (const state of ["", "?edit=new", `?edit=${goalId}`, `?archive=${goalId}`]) {
    const path = `/personnel/teams/${team.id}/goalsAndAmbitions${state}`;
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 2, name: "Gearchiveerd" })).toBeVisible();
    await expectAccessible(page, path);
  }
  await scanPages(page, [{ path: "/goals-and-ambitions", heading: "Doelen en ambities" }]);
  await page.goto(`/review/result/${round.id}/grid`);
  await expect(page.getByRole("region", { name: "Gekoppelde teamdoelen" })).toContainText(
    "Elke bewoner heeft een vaste contactpersoon",
  );
  await expectAccessible(page, "/review/result/{id}/grid");
});

test("hr: the team review wizard (both steps, with errors), the invite step and the overview", async ({ page }) => {
  const { set } = await createWizardSet();
  await signedInAs(page, demoUsers.hr);
  await page.goto("/review/create/teamreview");
  await expectAccessible(page, "/review/create/teamreview");

  await page.getByRole("button", { name: "Volgende stap" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expectAccessible(page, "/review/create/teamreview with errors");

  await page.getByLabel("Naam of omschrijving").fill("Toegankelijkheid");
  await page.getByLabel("Deadline").fill("01-12-2099");
  for (const team of leiderTeams) await page.getByRole("checkbox", { name: team, exact: true }).check();
  await page.getByLabel("Criteriaset").selectOption({ label: set.name });
  await page.getByRole("button", { name: "Volgende stap" }).click();
  await expect(page.getByRole("heading", { name: "Teamleiders en teamleden" })).toBeVisible();
  await expectAccessible(page, "/review/create/teamreview step 2");

  await page.getByRole("button", { name: "Teamreview aanmaken" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Teamleiders uitnodigen" })).toBeVisible();
  await expectAccessible(page, "invite step");

  await scanPages(page, [{ path: "/teamreviews/overview", heading: "Teamreviews" }]);
});

test("hr: a finished team review's results table, summaries, comparison, employee report and calibration", async ({
  page,
}) => {
  const { roundId, teamReviews } = await createLeaderRound({ scoreAll: 1, finish: true });
  const [subject] = await getDb()
    .select({ id: reviewSubjects.id, membershipId: reviewSubjects.membershipId })
    .from(reviewSubjects)
    .where(eq(reviewSubjects.reviewId, teamReviews[0].id));
  await signedInAs(page, demoUsers.hr);
  // The result grid's shape is scanned above, with the linked goals.
  await scanPages(
    page,
    [
      `/review/result/${roundId}/table`,
      `/review/summary/${roundId}/grid`,
      `/review/summary/${roundId}/levels`,
      `/review/${teamReviews[0].id}/compare/${subject.membershipId}`,
      `/review/report/${teamReviews[0].id}/employee/${subject.membershipId}`,
      // Calibration (1610): the round's board and a person's move form with its history.
      `/review/calibration?round=${roundId}`,
      `/review/calibration/${subject.id}`,
    ].map((path) => ({ path })),
  );
});

// ── An HR admin in a cluster of their own ───────────────────────────────────────────────────────────────

test("criteria: the book, a new criterion, sets, a new set, tags and the review settings", async ({ page }) => {
  const { user } = await hrInFreshCluster("criteria-axe");
  await signIn(page, user.email);
  await scanPages(
    page,
    [
      "/criteria/book",
      "/criteria/book/add",
      "/criteria/sets",
      "/criteria/sets/new",
      "/criteria/tags",
      "/review/settings",
    ].map((path) => ({ path })),
  );
});
