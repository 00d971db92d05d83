import { demoTeams, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

// Runs with JavaScript on and off (the horizons are links, the filter a GET form, the need a plain form). Each
// run edits its own horizon, so the two projects never change the same row.
test("HR reads the gaps per horizon and sets a need, with a bad number refused next to the field", async ({
  page,
}, testInfo) => {
  const horizon =
    testInfo.project.name === "no-js" ? { key: "current", tab: "Huidig" } : { key: "5y", tab: "Over 5 jaar" };
  const linde = demoTeams.noord[0];
  await signIn(page, demoUsers.hr, { at: "/analytics/planning/current" });
  await expect(page.getByRole("heading", { level: 1, name: "Personeelsplanning" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Personeelsplanning" }),
  ).toBeVisible();

  // One year ahead: the demo's needs outrun the contracts, and De Linde has leavers.
  await page.getByRole("link", { name: "Over 1 jaar" }).click();
  await expect(page).toHaveURL(/\/analytics\/planning\/1y$/);
  await expect(page.getByTestId("planning-day")).toContainText("Peildatum:");
  await expect(page.getByTestId("planning-gap").filter({ hasText: "tekort" }).first()).toBeVisible();
  await page.getByLabel("Team", { exact: true }).selectOption({ label: linde });
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/planning\/1y\?team=/);
  await expect(page.getByTestId("planning-row").first()).toContainText(linde);
  await expect(page.getByRole("cell", { name: /\(\d{2}-\d{2}-\d{4}\)/ }).first()).toBeVisible();
  // The competences module is on in Noord: the team's competence shortage goes with its gap (decision 1970).
  await expect(page.getByTestId("planning-competence")).toContainText(linde);

  // Another horizon keeps the team; its need is edited there.
  await page.getByRole("link", { name: horizon.tab }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics/planning/${horizon.key}\\?team=`));
  await page.getByRole("link", { name: `Wijzigen (${linde}, Verzorgende IG)` }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Behoefte wijzigen" })).toBeVisible();
  const fte = page.getByLabel("Fte nodig");
  await fte.fill("vier");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(fte).toHaveAccessibleDescription(/Typ een getal van 0 tot 9999/);
  await expect(fte).toHaveValue("vier");

  await fte.fill("5,5");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page).toHaveURL(new RegExp(`/analytics/planning/${horizon.key}\\?team=`));
  await expect(page.getByText("De behoefte is opgeslagen")).toBeVisible();
  await expect(page.getByTestId("planning-row").filter({ hasText: "Verzorgende IG" })).toContainText("5,5 fte");
});
