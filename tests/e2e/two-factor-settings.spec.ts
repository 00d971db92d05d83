import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { getDb } from "#db/client.server";
import { accountModules } from "#db/schema";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { expect, signInThroughForm, test } from "./fixtures";

/** A person in a fresh account (module 2fa active unless told otherwise), so the demo users stay as they are. */
async function freshPerson(options: { admin?: boolean; withModule?: boolean } = {}) {
  const account = await createAccount(getDb());
  if (options.withModule === false) {
    await getDb()
      .delete(accountModules)
      .where(and(eq(accountModules.accountId, account.id), eq(accountModules.moduleKey, "2fa")));
  }
  const cluster = await createClusterFor(getDb(), account.id, { name: "Zorggroep West" });
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const { user } = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    email: `profiel-2fa-${stamp}@e2e.demo.nl`,
    isAccountAdmin: options.admin ?? false,
  });
  return user;
}

test.describe("two-step verification settings", () => {
  test("a user turns 2FA on from the profile and off again with the password", async ({ page }) => {
    const user = await freshPerson();
    await signInThroughForm(page, user.email);
    await page.goto("/my/profile/two-factor");
    await expect(page.getByTestId("two-factor-state")).toHaveText("Tweestapsverificatie staat uit.");
    await page.getByRole("button", { name: "Tweestapsverificatie aanzetten" }).click();
    await expect(page).toHaveURL(/\/2fa\/setup$/);
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page
      .getByLabel("Code", { exact: true })
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await page.getByRole("button", { name: "Tweestapsverificatie inschakelen" }).click();
    await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(8);
    await page.getByRole("link", { name: "Doorgaan" }).click();
    await expect(page).toHaveURL(/\/my\/profile\/two-factor$/);
    await expect(page.getByTestId("two-factor-state")).toHaveText("Tweestapsverificatie staat aan.");

    await page.getByLabel("Huidig wachtwoord").fill("Verkeerd-wachtwoord-1!");
    await page.getByRole("button", { name: "Tweestapsverificatie uitzetten" }).click();
    await expect(page.getByTestId("two-factor-state")).toHaveText("Tweestapsverificatie staat aan.");
    await expect(page.getByLabel("Huidig wachtwoord")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Huidig wachtwoord").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Tweestapsverificatie uitzetten" }).click();
    await expect(page.getByRole("status")).toContainText("Tweestapsverificatie staat uit");
    await expect(page.getByTestId("two-factor-state")).toHaveText("Tweestapsverificatie staat uit.");
  });

  test("an account admin requires 2FA for admins; without the module the page says so", async ({ page }) => {
    const admin = await freshPerson({ admin: true, withModule: false });
    await signInThroughForm(page, admin.email);
    await page.goto("/account/settings");
    await expect(page.getByTestId("two-factor-module-off")).toBeVisible();
    const box = page.getByLabel("Tweestapsverificatie verplicht voor rollen met beheerrechten");
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByRole("button", { name: "Opslaan", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("De instelling voor tweestapsverificatie is opgeslagen");
    await expect(page.getByLabel("Tweestapsverificatie verplicht voor rollen met beheerrechten")).toBeChecked();
  });
});
