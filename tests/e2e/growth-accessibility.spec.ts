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
test("my growth and team development have no serious accessibility violations", async ({ page }) => {
  await signIn(page, demoUsers.medewerker);
  await page.goto("/my/growth");
  await expect(page.getByRole("heading", { level: 1, name: "Mijn groei" })).toBeVisible();
  await expect(page.getByTestId("current-ambition")).toContainText("Teamleider");
  expect(await seriousViolations(page), "/my/growth").toEqual([]);

  await page.goto("/team-development/team-review");
  await expect(page.getByRole("heading", { level: 2, name: "Stap 2: Teamreview" })).toBeVisible();
  expect(await seriousViolations(page), "/team-development/team-review").toEqual([]);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 2, name: "Mijn groei" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Mijn laatste flow" })).toBeVisible();
  expect(await seriousViolations(page), "/dashboard").toEqual([]);
});
