import type { Page } from "@playwright/test";
import { demoReviewNames, demoTeams, demoUsers, smallReviewedTeam } from "../../seed/demo-data";
import { seriousViolations } from "./support/axe";
import { expect, signIn, test } from "./fixtures";

/**
 * HR analytics' tabs (docs/decisions/1602, 1720): every tab opens from the navigation entry with JavaScript, and
 * is accessible (axe on the flow, rounds, movement and completion tabs; the workforce and development tabs are
 * accessibility.spec.ts's); the filters are GET forms, applied with JavaScript (Remix submits them) and without
 * (a plain GET); the workforce tab's filter leads to a filtered export (1961). The figures
 * themselves are the integration tests' (tests/integration/hr-analytics-tabs.test.ts).
 */
const tabs = [
  { link: "In- en uitstroom", shows: "flow-chart", filter: filterFlow },
  { link: "Ontwikkelrollen", shows: "development-chart" },
  { link: "Rollen per ronde", shows: "rounds-chart", filter: filterRounds },
  { link: "Doorstroom tussen rollen", shows: "movement-table", filter: filterMovement },
  { link: "Voortgang beoordelingen", shows: "completion-chart" },
];

/** The flow per quarter (JavaScript on; the test without it filters the flow by period and quarter). */
async function filterFlow(page: Page) {
  await page.getByLabel("Per maand of kwartaal").selectOption({ label: "Kwartaal" });
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/users\/flow\?.*interval=quarter/);
  await expect(page.getByLabel("Per maand of kwartaal")).toHaveValue("quarter");
  await expect(page.getByTestId("flow-table")).toContainText(/K\d \d{4}/);
}

/** All finished rounds: the earlier demo round is older than the default period's 12 months. */
async function filterRounds(page: Page) {
  await page.getByLabel("Periode").selectOption({ label: "Alle afgeronde beoordelingen" });
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/users\/rounds\?.*period=all/);
  await expect(page.getByLabel("Periode")).toHaveValue("all");
  const table = page.getByTestId("rounds-table");
  await expect(table).toContainText(demoReviewNames.earlier);
  await expect(table).toContainText(demoReviewNames.finished);
}

/**
 * The team below the threshold between the demo's two finished rounds, chosen by name: other tests finish rounds
 * of their own in the shared database, so the latest two need not be these. Its movement is hidden (1600), the
 * form kept.
 */
async function filterMovement(page: Page) {
  await page.getByLabel("Team", { exact: true }).selectOption({ label: smallReviewedTeam.name });
  await chooseRound(page, "Van ronde", demoReviewNames.earlier);
  await chooseRound(page, "Naar ronde", demoReviewNames.finished);
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/users\/movement\?team=[0-9a-f-]+/);
  await expect(page.getByLabel("Team", { exact: true }).locator("option:checked")).toHaveText(smallReviewedTeam.name);
  await expect(page.getByLabel("Van ronde").locator("option:checked")).toContainText(demoReviewNames.earlier);
  await expect(page.getByLabel("Naar ronde").locator("option:checked")).toContainText(demoReviewNames.finished);
  await expect(page.getByTestId("movement-hidden")).toBeVisible();
}

/** Chooses the round whose option names `name` (an option shows the round's name and more). */
async function chooseRound(page: Page, label: string, name: string) {
  const select = page.getByLabel(label);
  const value = await select.locator("option", { hasText: name }).first().getAttribute("value");
  await select.selectOption(value!);
}

test("HR opens every HR analytics tab from the navigation, filters the flow, rounds and movement, and each is accessible", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the no-JavaScript project runs the filter test");
  await signIn(page, demoUsers.hr, { at: "/dashboard" });
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "HR", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "HR-analyse" })).toBeVisible();
  await expect(page.getByTestId("figure-active")).toBeVisible();
  // The workforce tab's filter and its export (docs/decisions/1961).
  await page.getByLabel("Team", { exact: true }).selectOption({ label: demoTeams.noord[0] });
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/users\/workforce\?team=[0-9a-f-]+/);
  const excel = page.getByTestId("export-links").getByRole("link", { name: "Exporteren naar Excel" });
  await expect(excel).toHaveAttribute(
    "href",
    /\/resources\/hr-analytics-export\/workforce\?team=[0-9a-f-]+&format=xlsx$/,
  );
  const [download] = await Promise.all([page.waitForEvent("download"), excel.click()]);
  expect(download.suggestedFilename()).toMatch(/^Personeelsbestand-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const file = await page.request.get((await excel.getAttribute("href"))!);
  expect(file.headers()["content-type"]).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const tabList = page.getByRole("navigation", { name: "Onderdelen van de HR-analyse" });
  for (const tab of tabs) {
    await tabList.getByRole("link", { name: tab.link }).click();
    await expect(page.getByTestId(tab.shows)).toBeVisible();
    if (!tab.filter) continue;
    await tab.filter(page);
    // axe where the walk already is, filtered: no page load of its own (the development tab is scanned in
    // accessibility.spec.ts, the completion tab below).
    expect.soft([tab.link, await seriousViolations(page)]).toEqual([tab.link, []]);
  }
  await expect(page.getByTestId("completion-chart")).toContainText("Teamreview najaar 2026");
  await expect(page.getByTestId("export-links").getByRole("link", { name: "Exporteren naar CSV" })).toHaveAttribute(
    "href",
    /\/resources\/hr-analytics-export\/completion\?format=csv$/,
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test("the workforce, flow, rounds, movement and completion filters work as GET forms without JavaScript", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled !== false, "the JavaScript project runs the tab walk");
  await signIn(page, demoUsers.hr, { at: "/analytics/users/workforce" });
  const active = Number(await page.getByTestId("figure-active").locator("dd").first().textContent());
  await page.getByLabel("Team", { exact: true }).selectOption({ label: demoTeams.noord[0] });
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/users\/workforce\?team=[0-9a-f-]+/);
  await expect(page.getByLabel("Team", { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
  expect(Number(await page.getByTestId("figure-active").locator("dd").first().textContent())).toBeLessThan(active);
  await expect(page.getByTestId("export-links").getByRole("link", { name: "Exporteren naar CSV" })).toHaveAttribute(
    "href",
    /workforce\?team=[0-9a-f-]+&format=csv$/,
  );

  await page.goto("/analytics/users/flow");
  await expect(page.getByTestId("flow-summary")).toContainText(/ingestroomd/);
  await page.getByLabel("Per maand of kwartaal").selectOption({ label: "Kwartaal" });
  await page.getByLabel("Periode").selectOption("24");
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/users\/flow\?.*period=24.*interval=quarter/);
  await expect(page.getByTestId("flow-table")).toContainText(/K\d \d{4}/);
  await expect(page.getByRole("columnheader", { name: "Kwartaal" })).toBeVisible();

  await page.goto("/analytics/users/rounds");
  await filterRounds(page);
  await page.goto("/analytics/users/movement");
  await filterMovement(page);

  await page.goto("/analytics/users/completion?period=all");
  const rounds = page.getByLabel("Teams van ronde");
  await rounds.selectOption({ label: "Teamreview winter 2025" });
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/round=/);
  const teams = page.getByTestId("completion-teams-chart");
  await expect(
    teams.getByRole("heading", { name: "Beoordeelde medewerkers per team in Teamreview winter 2025" }),
  ).toBeVisible();
  // The small team's counts are hidden.
  await expect(teams.getByTestId("completion-teams-table")).toContainText("verborgen");
  // A bad value falls back with a notice, never an error page.
  await page.goto("/analytics/users/completion?round=nonsense");
  await expect(page.getByTestId("filter-invalid")).toBeVisible();
});
