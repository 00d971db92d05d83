import AxeBuilder from "@axe-core/playwright";
import { hrInFreshCluster } from "./criteria-helpers";
import { expect, signIn, test } from "./fixtures";

// Runs in the js project only (axe runs inside the page; see playwright.config.ts).
test.describe("criteria pages accessibility", () => {
  for (const path of [
    "/criteria/book",
    "/criteria/book/add",
    "/criteria/sets",
    "/criteria/sets/new",
    "/criteria/tags",
    "/review/settings",
  ]) {
    test(`${path} has no serious violations`, async ({ page }) => {
      test.setTimeout(60_000);
      const { user } = await hrInFreshCluster("criteria-axe");
      await signIn(page, user.email);
      await page.goto(path);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
      expect(serious).toEqual([]);
    });
  }
});
