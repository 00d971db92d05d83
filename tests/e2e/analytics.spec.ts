import type { Page } from "@playwright/test";
import { demoReviewNames, demoTeams, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

/** The number a figure shows (other tests add people to the same cluster meanwhile: exact counts are the integration test's). */
async function figure(page: Page, key: string) {
  const text = (await page.getByTestId(`figure-${key}`).locator("dd").first().textContent()) ?? "";
  return Number(text.replace(/\D/g, ""));
}

// Runs with JavaScript on and off: the tabs are links and both filters are GET forms.
test("HR reads the workforce and the development roles, each criteria analysis of a dimension, and compares two teams", async ({
  page,
}) => {
  await signIn(page, demoUsers.hr, { at: "/dashboard" });
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "HR", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "HR-analyse" })).toBeVisible();
  await expect(page.getByTestId("figure-active")).toContainText(/Actieve medewerkers\s*\d+/);
  expect(await figure(page, "active")).toBeGreaterThan(0);
  await expect(page.getByRole("heading", { level: 2, name: "Leeftijd" })).toBeVisible();

  await page.getByRole("link", { name: "Ontwikkelrollen" }).click();
  await expect(page.getByTestId("development-summary")).toContainText(/\d+ van de \d+ actieve medewerkers/);
  await expect(page.getByTestId("development-table")).toContainText(demoTeams.noord[0]);

  // Criteria analytics (1730): each tab is a link that keeps the filters; the filter is a GET form.
  await page
    .getByRole("navigation", { name: "Hoofdmenu" })
    .getByRole("link", { name: "Criteria", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Criteria-analyse" })).toBeVisible();
  await page.getByLabel("Dimensie").selectOption({ label: "Potentieel" });
  await page.getByLabel("Periode").selectOption({ label: "Alle afgeronde beoordelingen" });
  // The round filter (1790): the later finished round, which "Door de tijd" sets beside the one before it.
  const year = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).getFullYear();
  const [later, earlier] = [`${demoReviewNames.finished} ${year(200)}`, `${demoReviewNames.earlier} ${year(380)}`];
  await page.getByLabel("Ronde", { exact: true }).selectOption({ label: later });
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/criteria\/distribution\?dimension=potential&.*period=all&round=/);
  await expect(page.getByRole("heading", { level: 2, name: "Potentieel" })).toBeVisible();
  await expect(page.getByTestId("criteria-levels-table").getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByTestId("filter-notes")).toContainText("telt die ronde in plaats van de periode");
  const criteriaTabs = page.getByRole("navigation", { name: "Analyses" });
  for (const [tab, chart] of [
    ["Per team", "criteria-teams"],
    ["Door de tijd", "criteria-rounds"],
    ["Ontwikkelrollen", "criteria-separation"],
    ["Team en zelf", "criteria-self"],
  ] as const) {
    await criteriaTabs.getByRole("link", { name: tab }).click();
    await expect(page.getByTestId(`${chart}-table`)).toBeVisible();
    await expect(page.getByLabel("Dimensie")).toHaveValue("potential");
    if (chart === "criteria-rounds") {
      for (const name of [earlier, later])
        await expect(page.getByTestId(`${chart}-table`).getByRole("columnheader", { name })).toBeVisible();
    }
  }
  await expect(page.getByLabel("Ronde", { exact: true }).locator("option:checked")).toHaveText(later);
  await expect(page.getByTestId("export-links").getByRole("link", { name: "Exporteren naar CSV" })).toHaveAttribute(
    "href",
    /criteria-analytics-export\/self\?dimension=potential&round=[0-9a-f-]{36}&period=all&format=csv/,
  );

  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Teamvergelijking" }).click();
  await expect(page.getByTestId("comparison-prompt")).toHaveText("Kies minstens twee teams om te vergelijken.");
  await page.getByRole("checkbox", { name: demoTeams.noord[0] }).check();
  await page.getByRole("checkbox", { name: demoTeams.noord[2] }).check();
  await page.getByRole("button", { name: "Vergelijk teams" }).click();
  const table = page.getByTestId("comparison-table");
  await expect(table.getByRole("columnheader", { name: demoTeams.noord[0] })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: demoTeams.noord[2] })).toBeVisible();
  await expect(table.getByTestId("average-1")).toContainText("%");
  // Competence gaps and knowledge shortages per team, as a chart with its table (1731).
  await expect(page.getByTestId("comparison-shortages-table")).toContainText(demoTeams.noord[2]);
  // The choice is kept in the form, and the comparison is a link.
  await expect(page.getByRole("checkbox", { name: demoTeams.noord[2] })).toBeChecked();
  await expect(page).toHaveURL(/team=.*&team=/);
});
