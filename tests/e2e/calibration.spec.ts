import { demoTeams, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

// Calibration (docs/decisions/1610), with JavaScript on and off: the filter is a GET form, the move a plain form.
// Each project calibrates its own team, so the two runs never move the same person.
test("HR compares the teams' roles and moves a person with a reason, refused without one", async ({
  page,
}, testInfo) => {
  await signIn(page, demoUsers.hr, { at: "/review/calibration" });
  await expect(page.getByRole("heading", { level: 1, name: "Kalibratie" })).toBeVisible();
  // The latest finished round's teams (the demo's rounds decide which): the first for one run, the second for the other.
  const board = page.getByRole("table", { name: "Ontwikkelrollen per team" });
  const teamCell = board
    .locator("tbody tr")
    .nth(testInfo.project.name === "no-js" ? 1 : 0)
    .locator("th, td")
    .first();
  const team = (await teamCell.textContent())!.trim();
  expect(demoTeams.noord).toContain(team);

  await page.getByLabel("Team", { exact: true }).selectOption({ label: team });
  await page.getByRole("button", { name: "Filter toepassen" }).click();
  await expect(page).toHaveURL(/\/review\/calibration\?.*team=/);
  const people = page.getByRole("table", { name: "Mensen en hun ontwikkelrol" });
  await expect(people.getByRole("row").nth(1)).toContainText(team);
  await people
    .getByRole("link", { name: /^Verplaatsen/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: /^Ontwikkelrol van / })).toBeVisible();

  const role = page.getByLabel("Nieuwe ontwikkelrol");
  const chosen = (await role.locator("option").nth(1).textContent())!;
  await role.selectOption({ label: chosen });
  await page.getByRole("button", { name: "Ontwikkelrol aanpassen" }).click();
  const reason = page.getByLabel("Reden");
  await expect(reason).toHaveAccessibleDescription(/Reden is verplicht/);
  // The mover is told the person sees the reason, their name and the date (decision 1971).
  await expect(reason).toHaveAccessibleDescription(/de persoon ziet de reden, je naam en de datum/);
  await expect(role.locator("option:checked")).toHaveText(chosen);

  await reason.fill("Besproken in de kalibratiesessie");
  await page.getByRole("button", { name: "Ontwikkelrol aanpassen" }).click();
  await expect(page.getByText("De ontwikkelrol is aangepast.")).toBeVisible();
  await expect(page.getByTestId("placed-role")).toHaveText(chosen);
  const history = page.getByRole("table", { name: "Geschiedenis van de kalibratie" });
  await expect(history.getByRole("row").nth(1)).toContainText("Besproken in de kalibratiesessie");
  await expect(history.getByRole("row").nth(1)).toContainText(chosen);
});
