import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// axe runs inside the page: like accessibility.spec.ts, this file runs in the js project only.
test("the dialog pages have no serious accessibility violations", async ({ page }) => {
  await signIn(page, demoUsers.medewerker);
  await page.goto("/dialogs");
  expect(await seriousViolations(page), "/dialogs").toEqual([]);

  await page.goto("/dialogs/create");
  expect(await seriousViolations(page), "/dialogs/create").toEqual([]);

  // The seeded dialog (dialogs.spec.ts adds finished ones for the same person).
  await page.goto("/dialogs?state=started");
  await page.getByRole("link", { name: /coördinerend verpleegkundige/ }).click();
  await expect(page).toHaveURL(/\/dialogs\/[0-9a-f-]{36}$/);
  // The seeded dialog: open the forms of its first initiative too.
  await page.getByText("Acties, links en voortgang van Training coachend begeleiden volgen").click();
  expect(await seriousViolations(page), "/dialogs/{id}").toEqual([]);

  // The progress question as a modal dialog (what completing an action leads to).
  const initiative = await page.locator("article[id^=initiative-]").first().getAttribute("id");
  const dialogUrl = page.url();
  await page.goto(`${dialogUrl}?adjust=${initiative!.replace("initiative-", "")}`);
  await expect(page.getByRole("dialog", { name: "Voortgang aanpassen?" })).toBeVisible();
  expect(await seriousViolations(page), "/dialogs/{id}?adjust=").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveURL(dialogUrl);

  await page.getByRole("link", { name: "Geschiedenis en gesprekken" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Geschiedenis van de dialoog" })).toBeVisible();
  expect(await seriousViolations(page), "/dialogs/{id}/events").toEqual([]);
});
