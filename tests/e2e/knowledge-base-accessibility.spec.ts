import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

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
    expect(await seriousViolations(page, { labelInName: true })).toEqual([]);
  });
}
