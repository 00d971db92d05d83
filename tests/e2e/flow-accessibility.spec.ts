import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// axe runs inside the page: like accessibility.spec.ts, this file runs in the js project only.
test("the flow pages have no serious accessibility violations", async ({ page }) => {
  await signIn(page, demoUsers.leider);
  await page.goto("/flow");
  expect(await seriousViolations(page), "/flow").toEqual([]);

  await page.goto("/flow/create");
  expect(await seriousViolations(page), "/flow/create").toEqual([]);
  await page.getByLabel("Activiteit, activiteit 1", { exact: true }).fill("Plannen");
  await page.getByRole("button", { name: "Meting opslaan" }).click();
  await expect(page.getByRole("alert")).toContainText("De Flow is niet compleet");
  expect(await seriousViolations(page), "/flow/create with errors").toEqual([]);

  await page.goto("/flow");
  await page
    .getByRole("table", { name: "Flowmetingen met de tijd per zone in procenten" })
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/flow\/details\//);
  await expect(page.getByRole("img", { name: "Activiteiten naar uitdaging en vaardigheden" })).toBeVisible();
  expect(await seriousViolations(page), "/flow/details").toEqual([]);
});

test("the flow settings have no serious accessibility violations", async ({ page }) => {
  await signIn(page, demoUsers.hr);
  await page.goto("/flow/settings");
  expect(await seriousViolations(page), "/flow/settings").toEqual([]);
  await page.getByLabel("Flow-band").fill("x");
  await page.getByRole("button", { name: "Instellingen opslaan" }).click();
  await expect(page.getByLabel("Flow-band")).toHaveAccessibleDescription(/Vul een heel getal/);
  expect(await seriousViolations(page), "/flow/settings with errors").toEqual([]);
});
