import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { users } from "#db/schema";
import { createLoginAsToken } from "~/features/auth/login-as.server";
import { createEmployee, expect, signIn, test } from "./fixtures";

test.describe("login-as", () => {
  test("a system admin signs in as a user with a one-time link, sees the banner and goes back", async ({ page }) => {
    const admin = await createEmployee("systeembeheer");
    await getDb().update(users).set({ isSystemAdmin: true, firstName: "Sam" }).where(eq(users.id, admin.id));
    const target = await createEmployee("doelgebruiker");
    await signIn(page, admin.email);

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
});
