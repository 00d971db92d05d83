import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { users } from "#db/schema";
import { createLoginAsToken } from "~/features/auth/login-as.server";
import { createEmployee, expect, signInThroughForm, test } from "./fixtures";

test.describe("login-as", () => {
  test("a system admin signs in as a user with a one-time link, sees the banner and goes back", async ({ page }) => {
    const admin = await createEmployee("systeembeheer");
    await getDb().update(users).set({ isSystemAdmin: true, firstName: "Sam" }).where(eq(users.id, admin.id));
    const target = await createEmployee("doelgebruiker");
    await signInThroughForm(page, admin.email);

    const link = await createLoginAsToken({ user: { id: admin.id, isSystemAdmin: true } }, target.id);
    await page.goto(link!.path);
    await page.getByRole("button", { name: "Inloggen als gebruiker" }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByTestId("login-as-banner")).toContainText(
      `Je bent ingelogd als ${target.firstName} ${target.lastName} (door Sam ${admin.lastName}).`,
    );
    await expect(page.getByTestId("user-name")).toHaveText(`${target.firstName} ${target.lastName}`);

    await page.getByRole("button", { name: "Terug naar je eigen account" }).click();
    await expect(page.getByTestId("user-name")).toHaveText(`Sam ${admin.lastName}`);
    await expect(page.getByTestId("login-as-banner")).toHaveCount(0);

    // The link worked once.
    await page.goto(link!.path);
    await page.getByRole("button", { name: "Inloggen als gebruiker" }).click();
    await expect(page.getByRole("alert")).toContainText("verlopen of al gebruikt");
  });

  test("a system admin picks a user on /system/login-as, signs in as them and goes back", async ({ page }) => {
    const admin = await createEmployee("systeembeheer-kiest");
    await getDb().update(users).set({ isSystemAdmin: true, firstName: "Sam" }).where(eq(users.id, admin.id));
    const target = await createEmployee("gekozen-gebruiker");
    await signInThroughForm(page, admin.email);

    await page.goto("/system/login-as");
    await expect(page.getByRole("heading", { level: 1, name: "Inloggen als gebruiker" })).toBeVisible();
    const search = page.getByLabel("Zoek op naam of e-mailadres");
    await search.fill(target.email);
    await expect(search).toHaveValue(target.email);
    await page.getByRole("button", { name: "Zoeken" }).click();
    await expect(page).toHaveURL(new RegExp(`/system/login-as\\?q=${encodeURIComponent(target.email)}`));
    const row = page.getByRole("row").filter({ hasText: target.email });
    await expect(row).toHaveCount(1);
    await row
      .getByRole("button", { name: `Inloggen als ${target.firstName} ${target.lastName} (${target.email})` })
      .click();

    await expect(page).toHaveURL(/\/dashboard/);
    await expect(page.getByTestId("login-as-banner")).toContainText(
      `Je bent ingelogd als ${target.firstName} ${target.lastName} (door Sam ${admin.lastName}).`,
    );
    await page.getByRole("button", { name: "Terug naar je eigen account" }).click();
    await expect(page.getByTestId("user-name")).toHaveText(`Sam ${admin.lastName}`);
  });

  test("anyone but a system admin is sent to the dashboard", async ({ page }) => {
    const employee = await createEmployee("geen-systeembeheer");
    await signInThroughForm(page, employee.email);
    await page.goto("/system/login-as");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
