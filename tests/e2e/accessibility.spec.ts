import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { users } from "#db/schema";
import { demoUsers } from "../../seed/demo-data";
import { createEmployee, expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

test.describe("accessibility", () => {
  test("the login page has no serious violations", async ({ page }) => {
    await page.goto("/login");
    expect(await seriousViolations(page, { labelInName: true })).toEqual([]);
  });

  test("the registration page has no serious violations: links in its text are underlined", async ({ page }) => {
    await page.goto("/register");
    await expect(page.getByRole("link", { name: "gebruiksvoorwaarden" })).toBeVisible();
    expect(await seriousViolations(page, { labelInName: true })).toEqual([]);
  });

  test("the account's users page has no serious violations: each button's name holds its text", async ({ page }) => {
    await signIn(page, demoUsers.admin);
    await page.goto("/account/users");
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    expect(await seriousViolations(page, { labelInName: true })).toEqual([]);
  });

  test("the dashboard has no serious violations", async ({ page }) => {
    await signIn(page, demoUsers.leider);
    await page.goto("/dashboard");
    expect(await seriousViolations(page, { labelInName: true })).toEqual([]);
  });

  test("the profile page has no serious violations", async ({ page }) => {
    await signIn(page, demoUsers.medewerker);
    await page.goto("/my/profile/details");
    expect(await seriousViolations(page, { labelInName: true })).toEqual([]);
  });

  test("the system admin's login-as picker has no serious violations", async ({ page }) => {
    const admin = await createEmployee("a11y-systeembeheer");
    await getDb().update(users).set({ isSystemAdmin: true }).where(eq(users.id, admin.id));
    await signIn(page, admin.email);
    await page.goto("/system/login-as?q=demo.nl");
    await expect(page.getByRole("row").nth(1)).toBeVisible();
    expect(await seriousViolations(page, { labelInName: true })).toEqual([]);
  });
});
