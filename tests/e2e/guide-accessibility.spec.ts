import AxeBuilder from "@axe-core/playwright";
import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

async function seriousViolations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

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
