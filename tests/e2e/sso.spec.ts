import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { userSsoIdentities, users } from "#db/schema";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { e2eSso } from "../support/e2e-sso";
import { expect, hydrated, signInThroughForm, test } from "./fixtures";
import { configureLocalSurfconext, idpUrls, signInAtProvider } from "./support/sso";

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function freshAccount() {
  const account = await createAccount(getDb(), { modules: [] });
  const cluster = await createClusterFor(getDb(), account.id, { name: `Cluster ${stamp()}`, modules: [] });
  return { accountId: account.id, clusterId: cluster.id };
}

async function freshAdmin(where?: { accountId: string; clusterId: string }) {
  const { accountId, clusterId } = where ?? (await freshAccount());
  const admin = await createUserWithMembership(getDb(), {
    accountId,
    clusterId,
    email: `sso-admin-${stamp()}@e2e.demo.nl`,
    roles: [{ role: "cluster_admin" }],
    isAccountAdmin: true,
  });
  return admin.user;
}

/** A user of the account who signs in with SSO (no password of their own). */
async function ssoUser(
  where: { accountId: string; clusterId: string },
  loginType: "sso" | "emailAndSSO",
  firstName: string,
) {
  const { user } = await createUserWithMembership(getDb(), {
    ...where,
    email: `sso-${stamp()}@e2e.demo.nl`,
    firstName,
    lastName: "Extern",
    password: null,
    verified: false,
  });
  await getDb().update(users).set({ loginType }).where(eq(users.id, user.id));
  return user;
}

test.describe("single sign-on", () => {
  test("the account admin configures Microsoft Entra ID; errors keep what was typed, the secret is never shown", async ({
    page,
  }) => {
    const admin = await freshAdmin();
    await signInThroughForm(page, admin.email);
    await page.goto("/account/settings");
    await page.getByRole("link", { name: "Single sign-on" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Single sign-on");
    const azure = page.locator("#sso-azure");
    await azure.getByLabel("Tenant-ID").fill("geen-guid");
    await azure.getByLabel("Client-ID").fill("mijn-app");
    await azure.getByLabel("Client secret").fill("geheim-123");
    await azure.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.locator("#sso-azure-tenantId-error")).toHaveText("Vul een geldige tenant-ID in (GUID)");
    await expect(azure.getByLabel("Client-ID")).toHaveValue("mijn-app");
    await azure.getByLabel("Tenant-ID").fill("7f0c1d2e-1111-4222-8333-944455556666");
    await azure.getByLabel("Client secret").fill("geheim-123");
    await azure.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("De instellingen voor single sign-on zijn opgeslagen");
    await expect(page.locator("#sso-azure").getByLabel("Tenant-ID")).toHaveValue(
      "7f0c1d2e-1111-4222-8333-944455556666",
    );
    await expect(page.locator("#sso-azure").getByLabel("Client secret")).toHaveValue("");
    expect(await page.content()).not.toContain("geheim-123");
  });

  test("the SSO buttons on the login page answer without revealing accounts", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("E-mailadres").fill(`niemand-${stamp()}@e2e.demo.nl`);
    await page.getByRole("button", { name: "Inloggen met SURFconext" }).click();
    await expect(page.getByRole("alert").first()).toContainText(
      "Single sign-on is niet beschikbaar voor dit e-mailadres.",
    );
    await expect(page.getByLabel("E-mailadres")).toHaveValue(/niemand-/);
    await expect(page.getByRole("button", { name: "Inloggen met Microsoft" })).toBeVisible();
  });

  test("Microsoft Entra ID: configured on the settings page, a user signs in at the provider and lands on the dashboard", async ({
    page,
    javaScriptEnabled,
  }) => {
    const where = await freshAccount();
    const admin = await freshAdmin(where);
    const user = await ssoUser(where, "sso", "Merel");
    await signInThroughForm(page, admin.email);
    await page.goto("/account/settings/sso");
    const azure = page.locator("#sso-azure");
    await azure.getByLabel("Tenant-ID").fill(e2eSso.tenantId);
    await azure.getByLabel("Client-ID").fill(e2eSso.azure.clientId);
    await azure.getByLabel("Client secret").fill(e2eSso.azure.clientSecret);
    await azure.getByRole("button", { name: "Opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("De instellingen voor single sign-on zijn opgeslagen");
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await hydrated(page, javaScriptEnabled);

    await page.getByLabel("E-mailadres").fill(user.email);
    await page.getByRole("button", { name: "Inloggen met Microsoft" }).click();
    await expect(page).toHaveURL(new RegExp(`^${idpUrls.azureAuthority}/`));
    await signInAtProvider(page, user.email);
    await expect(page).toHaveURL(/\/dashboard\/introduction$/);
    await hydrated(page, javaScriptEnabled);
    await expect(page.getByTestId("user-name")).toHaveText(`Merel ${user.lastName}`);

    const [identity] = await getDb().select().from(userSsoIdentities).where(eq(userSsoIdentities.userId, user.id));
    expect(identity).toMatchObject({
      provider: "azure",
      issuer: `${idpUrls.azureAuthority}/${e2eSso.tenantId}/v2.0`,
      subject: user.email,
    });

    // An SSO-only user who tries a password is sent to their organisation's sign-in.
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await hydrated(page, javaScriptEnabled);
    await page.getByLabel("E-mailadres").fill(user.email);
    await page.getByLabel("Wachtwoord").fill("Welkom!2026");
    await page.getByRole("button", { name: "Inloggen", exact: true }).click();
    await expect(page.getByRole("alert").first()).toContainText(
      "Je account gebruikt single sign-on. Log in via je organisatie (Microsoft of SURFconext).",
    );
  });

  test("SURFconext: a user with e-mail and SSO signs in at the provider and lands on the dashboard", async ({
    page,
  }) => {
    const where = await freshAccount();
    await configureLocalSurfconext(where.accountId);
    const user = await ssoUser(where, "emailAndSSO", "Sven");
    await getDb().update(users).set({ firstLoginAt: new Date() }).where(eq(users.id, user.id));

    await page.goto("/login");
    await page.getByLabel("E-mailadres").fill(user.email);
    await page.getByRole("button", { name: "Inloggen met SURFconext" }).click();
    await expect(page).toHaveURL(new RegExp(`^${idpUrls.surfIssuer}/`));
    await signInAtProvider(page, user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("user-name")).toHaveText(`Sven ${user.lastName}`);
  });
});
