import { generate } from "otplib";
import { getDb } from "#db/client.server";
import { accountSecuritySettings } from "#db/schema";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { expect, signInThroughForm, test } from "./fixtures";

/** An account admin of a fresh account with module 2fa, where admins must use two-factor sign-in. */
async function adminWithRequiredTwoFactor() {
  const account = await createAccount(getDb());
  const cluster = await createClusterFor(getDb(), account.id, { name: "Zorggroep Oost" });
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const { user } = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    email: `tweestaps-${stamp}@e2e.demo.nl`,
    isAccountAdmin: true,
  });
  await getDb().insert(accountSecuritySettings).values({ accountId: account.id, requireTwoFactorForAdmins: true });
  return user;
}

test.describe("two-factor authentication", () => {
  test("set-up with the QR code's secret, recovery codes, then verify; a used code is refused", async ({ page }) => {
    const user = await adminWithRequiredTwoFactor();
    await signInThroughForm(page, user.email, undefined, /\/2fa\/setup$/);
    await expect(page.getByRole("heading", { level: 1, name: "Tweestapsverificatie instellen" })).toBeVisible();
    await expect(page.getByRole("img", { name: "QR-code voor je authenticator-app" })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();

    await page.getByLabel("Code", { exact: true }).fill("000000");
    await page.getByRole("button", { name: "Tweestapsverificatie inschakelen" }).click();
    await expect(page.locator("#two-factor-setup-code-error")).toHaveText(
      "De code voor tweestapsverificatie is ongeldig",
    );

    const now = Math.floor(Date.now() / 1000);
    const code = await generate({ secret, epoch: now });
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Tweestapsverificatie inschakelen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Bewaar je herstelcodes" })).toBeVisible();
    await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(8);
    await page.getByRole("link", { name: "Doorgaan" }).click();
    await expect(page).toHaveURL(/\/dashboard\/introduction$/);

    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, user.email, undefined, /\/2fa\/verify$/);
    await page.getByLabel("Code", { exact: true }).fill(code);
    await page.getByRole("button", { name: "Controleren" }).click();
    await expect(page.locator("#two-factor-verify-code-error")).toHaveText(
      "De code voor tweestapsverificatie is ongeldig",
    );
    await page.getByLabel("Code", { exact: true }).fill(await generate({ secret, epoch: now + 30 }));
    await page.getByRole("button", { name: "Controleren" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("the step pages need a correct password first", async ({ page }) => {
    await page.goto("/2fa/verify");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/2fa/setup");
    await expect(page).toHaveURL(/\/login$/);
  });
});
