import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { reviewSubjects } from "#db/schema";
import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";
import { createLeaderRound } from "./support/reviews";

// Runs in the js project only (axe runs inside the page; see playwright.config.ts).
test("team review results pages have no serious accessibility violations", async ({ page }) => {
  // Six pages scanned after one sign-in; axe takes several seconds a page on a busy machine.
  test.setTimeout(180_000);
  const { roundId, teamReviews } = await createLeaderRound({ scoreAll: 1, finish: true });
  const [subject] = await getDb()
    .select({ membershipId: reviewSubjects.membershipId })
    .from(reviewSubjects)
    .where(eq(reviewSubjects.reviewId, teamReviews[0].id));
  await signIn(page, demoUsers.hr);
  for (const path of [
    `/review/result/${roundId}/grid`,
    `/review/result/${roundId}/table`,
    `/review/summary/${roundId}/grid`,
    `/review/summary/${roundId}/levels`,
    `/review/${teamReviews[0].id}/compare/${subject.membershipId}`,
    `/review/report/${teamReviews[0].id}/employee/${subject.membershipId}`,
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect([path, await seriousViolations(page)]).toEqual([path, []]);
  }
});
