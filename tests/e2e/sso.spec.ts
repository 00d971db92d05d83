import { getDb } from "#db/client.server";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { expect, signIn, test } from "./fixtures";

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function freshAdmin() {
  const account = await createAccount(getDb(), { modules: [] });
  const cluster = await createClusterFor(getDb(), account.id, { name: `Cluster ${stamp()}`, modules: [] });
  const admin = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    email: `sso-admin-${stamp()}@e2e.demo.nl`,
    roles: [{ role: "cluster_admin" }],
    isAccountAdmin: true,
  });
  return admin.user;
}

test.describe("single sign-on", () => {
  test("the account admin configures Microsoft Entra ID; errors keep what was typed, the secret is never shown", async ({
    page,
  }) => {
    const admin = await freshAdmin();
    await signIn(page, admin.email);
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
});
