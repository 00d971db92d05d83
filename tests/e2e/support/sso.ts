import { expect, type Page } from "@playwright/test";
import { getDb } from "#db/client.server";
import { accountSsoConfigs } from "#db/schema";
import { encryptSecret } from "~/features/auth/sso-crypto.server";
import { e2eIdpUrls, e2eSidePorts, e2eSso } from "../../support/e2e-sso";

export const appPort = Number(process.env.E2E_PORT);
/**
 * The run's providers, at the ports they announced (playwright.config.ts stores them in the environment).
 * Read when used: the runner loads the test files before it starts the providers.
 */
export const idpUrls = {
  get azureAuthority() {
    return e2eIdpUrls(e2eSidePorts()).azureAuthority;
  },
  get surfIssuer() {
    return e2eIdpUrls(e2eSidePorts()).surfIssuer;
  },
};

/**
 * Points the account's SURFconext settings at the run's local provider. Stored directly: the settings page
 * accepts only https issuers, and the local provider speaks http on loopback.
 */
export async function configureLocalSurfconext(accountId: string) {
  await getDb()
    .insert(accountSsoConfigs)
    .values({
      accountId,
      provider: "surfconext",
      issuer: idpUrls.surfIssuer,
      clientId: e2eSso.surfconext.clientId,
      clientSecretEncrypted: encryptSecret(e2eSso.surfconext.clientSecret),
    });
}

/**
 * Signs in on the local provider's own pages (oidc-provider's development login and consent forms). The
 * login field holds the login_hint; `login` types another address over it.
 */
export async function signInAtProvider(page: Page, expectedHint: string, login = expectedHint) {
  const field = page.locator('input[name="login"]');
  await expect(field).toHaveValue(expectedHint);
  if (login !== expectedHint) await field.fill(login);
  await page.locator('input[name="password"]').fill("wachtwoord-bij-de-provider");
  await page.getByRole("button", { name: "Sign-in" }).click();
  // Consent, and without JavaScript the provider's "Continue" page that posts back: continue until it sends us home.
  const providerOrigins = [idpUrls.surfIssuer, idpUrls.azureAuthority].map((url) => new URL(url).origin);
  await expect(async () => {
    if (providerOrigins.includes(new URL(page.url()).origin)) {
      await page.getByRole("button", { name: "Continue" }).click({ timeout: 2_000 });
    }
    expect(providerOrigins).not.toContain(new URL(page.url()).origin);
  }).toPass({ timeout: 20_000 });
}
