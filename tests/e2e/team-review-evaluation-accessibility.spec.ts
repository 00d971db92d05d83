import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";
import { createLeaderRound } from "./support/reviews";

// Runs in the js project only (axe runs inside the page; see playwright.config.ts).
test("the evaluation pages have no serious accessibility violations", async ({ page }) => {
  test.setTimeout(90_000);
  const { teamReviews } = await createLeaderRound({ scoreAll: 1 });
  await signIn(page, demoUsers.leider);
  for (const path of ["", "/finish", "/criteria"]) {
    await page.goto(`/review/evaluation/${teamReviews[0].id}${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect([path || "/", await seriousViolations(page)]).toEqual([path || "/", []]);
  }
});
