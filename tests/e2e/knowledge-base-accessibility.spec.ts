import AxeBuilder from "@axe-core/playwright";
import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

async function seriousViolations(page: import("@playwright/test").Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

// axe runs inside the page: the no-js project skips files named *accessibility.spec.ts (playwright.config.ts).
const pages = [
  "/knowledge-base",
  "/knowledge-base?q=team",
  "/knowledge-base?q=salarisstrook",
  "/knowledge-base/team-reviews",
];

for (const path of pages) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await signIn(page, demoUsers.medewerker);
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
