import { demoUsers } from "../../seed/demo-data";
import { seriousViolations } from "./support/axe";
import { expect, signIn, test } from "./fixtures";

/**
 * HR analytics' tabs (docs/decisions/1602, 1720): every tab opens from the navigation entry with JavaScript, and
 * is accessible (axe on the completion tab); the filters are GET forms that work without JavaScript. The figures
 * themselves are the integration tests' (tests/integration/hr-analytics-tabs.test.ts).
 */
const tabs = [
  { link: "In- en uitstroom", shows: "flow-chart" },
  { link: "Ontwikkelrollen", shows: "development-chart" },
  { link: "Rollen per ronde", shows: "rounds-chart" },
  { link: "Doorstroom tussen rollen", shows: "movement-table" },
  { link: "Voortgang beoordelingen", shows: "completion-chart" },
];

test("HR opens every HR analytics tab from the navigation; the completion tab is accessible", async ({
  page,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the no-JavaScript project runs the filter test");
  await signIn(page, demoUsers.hr, { at: "/dashboard" });
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "HR", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "HR-analyse" })).toBeVisible();
  await expect(page.getByTestId("figure-active")).toBeVisible();
  const tabList = page.getByRole("navigation", { name: "Onderdelen van de HR-analyse" });
  for (const tab of tabs) {
    await tabList.getByRole("link", { name: tab.link }).click();
    await expect(page.getByTestId(tab.shows)).toBeVisible();
  }
  await expect(page.getByTestId("completion-chart")).toContainText("Teamreview najaar 2026");
  await expect(page.getByTestId("export-links").getByRole("link", { name: "Exporteren naar CSV" })).toHaveAttribute(
    "href",
    /\/resources\/hr-analytics-export\/completion\?format=csv$/,
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test("the flow and completion filters work as GET forms without JavaScript", async ({ page, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled !== false, "the JavaScript project runs the tab walk");
  await signIn(page, demoUsers.hr, { at: "/analytics/users/flow" });
  await expect(page.getByTestId("flow-summary")).toContainText(/ingestroomd/);
  await page.getByLabel("Per maand of kwartaal").selectOption({ label: "Kwartaal" });
  await page.getByLabel("Periode").selectOption("24");
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/users\/flow\?.*period=24.*interval=quarter/);
  await expect(page.getByTestId("flow-table")).toContainText(/K\d \d{4}/);
  await expect(page.getByRole("columnheader", { name: "Kwartaal" })).toBeVisible();

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
