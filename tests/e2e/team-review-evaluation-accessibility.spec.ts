import AxeBuilder from "@axe-core/playwright";
import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { createLeaderRound } from "./support/reviews";

// Runs in the js project only (axe runs inside the page; see playwright.config.ts).
test("the evaluation pages have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(90_000);
  const { teamReviews } = await createLeaderRound({ scoreAll: 1 });
  await signIn(page, demoUsers.leider);
  for (const path of ["", "/finish", "/criteria"]) {
    await page.goto(`/review/evaluation/${teamReviews[0].id}${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${path || "/"} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
  }
});
