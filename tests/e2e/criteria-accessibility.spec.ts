import { hrInFreshCluster } from "./criteria-helpers";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

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
      expect([path, await seriousViolations(page)]).toEqual([path, []]);
    });
  }
});
