import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

/*
 * Measuring flow (issue #18), with JavaScript on and off (both projects run this file): an incomplete
 * submit first (the spec's §8 message, nothing typed lost), a row added with "Activiteit toevoegen",
 * then the saved measurement with its chart.
 */
const cell = (field: string, n: number) => `${field}, activiteit ${n}`;

test("an employee measures their flow: incomplete first, then the chart", async ({ page }) => {
  await signIn(page, demoUsers.medewerker, { at: "/flow" });
  await expect(page.getByRole("heading", { level: 1, name: "Flow" })).toBeVisible();
  await page.getByRole("link", { name: "Flow meten" }).click();
  await expect(page).toHaveURL(/\/flow\/create$/);

  const fill = async (n: number, values: Record<string, string>) => {
    for (const [field, value] of Object.entries(values))
      await page.getByLabel(cell(field, n), { exact: true }).fill(value);
  };
  await fill(1, {
    Activiteit: "Cliëntenzorg",
    "Tijd (%)": "60",
    Uitdaging: "7",
    Vaardigheden: "7",
    Kunnen: "8",
    Energie: "8",
  });
  await fill(2, { Activiteit: "Overleg", "Tijd (%)": "40", Uitdaging: "3" });
  await page.getByRole("button", { name: "Meting opslaan" }).click();

  await expect(page.getByRole("alert")).toContainText("De Flow is niet compleet. Review alle activiteiten");
  await expect(page.locator(`#activity-1-skills-error`)).toHaveText("Geef een score");
  await expect(page.getByLabel(cell("Activiteit", 1), { exact: true })).toHaveValue("Cliëntenzorg");
  await expect(page.getByLabel(cell("Uitdaging", 2), { exact: true })).toHaveValue("3");

  await page.getByRole("button", { name: "Activiteit toevoegen" }).click();
  await expect(page.getByLabel(cell("Activiteit", 4), { exact: true })).toBeVisible();
  await expect(page.getByLabel(cell("Tijd (%)", 2), { exact: true })).toHaveValue("40");

  await fill(2, { Vaardigheden: "7", Kunnen: "6", Energie: "4" });
  await page.getByRole("button", { name: "Meting opslaan" }).click();

  await expect(page).toHaveURL(/\/flow\/details\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("status")).toContainText("De flowmeting is opgeslagen");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flow van Lotte Jansen");
  const chart = page.getByRole("img", { name: "Activiteiten naar uitdaging en vaardigheden" });
  await expect(chart).toBeVisible();
  await expect(chart.locator("text", { hasText: "Verveling" })).toHaveCount(1);
  const shares = page.getByRole("table", { name: "Tijd per zone", exact: true });
  await expect(shares.getByRole("row", { name: /Flow/ })).toContainText("60 %");
  await expect(shares.getByRole("row", { name: /Verveling/ })).toContainText("40 %");
  await expect(page.getByRole("table", { name: "Activiteiten" }).getByRole("row", { name: /Overleg/ })).toContainText(
    "Verveling",
  );
  // The demo's two measurements of months ago (and one of the other project's run) are there to compare with.
  const earlier = page.getByRole("table", { name: "Eerdere metingen met de tijd per zone in procenten" });
  expect(await earlier.getByRole("link").count()).toBeGreaterThanOrEqual(2);
});

test("a team leader sees his team members' flow and his teams' time per zone", async ({ page }) => {
  await signIn(page, demoUsers.leider);
  await page.getByRole("navigation").getByRole("link", { name: "Flow" }).first().click();
  await expect(page).toHaveURL(/\/flow$/);
  const teams = page.getByRole("table", { name: "Tijd per zone per team in procenten" });
  await expect(teams.getByRole("row", { name: /Verpleegafdeling De Linde/ })).toContainText("%");
  await page
    .getByRole("table", { name: "Flowmetingen met de tijd per zone in procenten" })
    .getByRole("link", { name: /Meting van Lotte Jansen/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Flow van Lotte Jansen");
});
