import { demoSelfReviewNames, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// Runs in the js project only (axe runs inside the page; see playwright.config.ts).
test("the questionnaire, finish, result and my reviews pages have no serious accessibility violations", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, demoUsers.medewerker);
  await page.goto("/my/reviews");
  const open = page.getByRole("row").filter({ hasText: demoSelfReviewNames.open });
  const questionnaire = (await open.getByRole("link", { name: "Vragenlijst" }).getAttribute("href"))!;
  const finished = page.getByRole("row").filter({ hasText: demoSelfReviewNames.finished });
  const result = (await finished.getByRole("link", { name: "Resultaat" }).getAttribute("href"))!;
  for (const path of ["/my/reviews", questionnaire, `${questionnaire}/finish`, result]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect([path, await seriousViolations(page)]).toEqual([path, []]);
  }
});
