import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// axe runs inside the page: like accessibility.spec.ts, this file runs in the js project only.
test("the guide pages have no serious accessibility violations", async ({ page }) => {
  await signIn(page, demoUsers.hr);
  await page.goto("/guide/process");
  await expect(page.getByRole("heading", { level: 1, name: "Het beoordelingsproces" })).toBeVisible();
  expect(await seriousViolations(page), "/guide/process").toEqual([]);

  await page.goto("/guide/intervention");
  await expect(page.getByRole("heading", { level: 1, name: "Interventies per ontwikkelrol" })).toBeVisible();
  expect(await seriousViolations(page), "/guide/intervention").toEqual([]);
});
