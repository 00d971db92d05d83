import { demoUsers } from "../../seed/demo-data";
import { createEmployee, expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// axe runs inside the page: the no-js project skips files named *accessibility.spec.ts (playwright.config.ts).

function unique(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

test.describe("employees accessibility", () => {
  test("the list and an employee's tabs have no serious accessibility violations", async ({ page }) => {
    // Seven axe runs on a busy machine take longer than the default 30 s.
    test.setTimeout(120_000);
    const prefix = unique("axe");
    await createEmployee(prefix);
    await signIn(page, demoUsers.hr);
    const paths = ["/personnel/users/active", "/personnel/users/new"];
    for (const path of paths) {
      await page.goto(path);
      expect([page.url(), await seriousViolations(page)]).toEqual([page.url(), []]);
    }
    await page.goto(`/personnel/users/active?q=${prefix}`);
    await page.getByRole("link", { name: "Femke Test" }).first().click();
    await expect(page).toHaveURL(/\/personnel\/user\/[0-9a-f-]+\/details$/);
    const base = page.url().replace(/\/details$/, "");
    for (const tab of ["details", "contracts", "teams", "roles", "tags"]) {
      await page.goto(`${base}/${tab}`);
      expect([page.url(), await seriousViolations(page)]).toEqual([page.url(), []]);
    }
  });
});
