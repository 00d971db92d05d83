import { getDb } from "#db/client.server";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { expect, signIn, test } from "./fixtures";
import { waitForMail } from "./mail";

/** A fresh account on its 7-day trial (the amounts /register gives), its admin, and one more person with access. */
async function trialAdmin() {
  const email = `licentie-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.korenaar.nl`;
  const account = await createAccount(getDb(), {
    licenceStatus: "trial",
    trialEndsAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    licenceExpiresAt: null,
    licensedTeams: 10,
    licensedEmployees: 100,
  });
  const cluster = await createClusterFor(getDb(), account.id);
  for (const isAccountAdmin of [true, false]) {
    await createUserWithMembership(getDb(), {
      accountId: account.id,
      clusterId: cluster.id,
      access: true,
      isAccountAdmin,
      roles: isAccountAdmin ? [{ role: "cluster_admin" }] : [],
      ...(isAccountAdmin ? { email, firstName: "Ilse", lastName: "Jansen" } : {}),
    });
  }
  return email;
}

test("an account admin moves from the trial to a paid licence: check, confirm, e-mail", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = await trialAdmin();
  await signIn(page, email, { at: "/account/licence" });
  await expect(page.getByRole("heading", { level: 1, name: "Licentie" })).toBeVisible();
  await expect(page.getByTestId("licence-status")).toHaveText("Proefperiode");
  await expect(page.getByTestId("licence-trialEnds")).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
  await expect(page.getByTestId("licence-employees")).toHaveText("2 van 100");

  // The menu names account and licence, and no entry twice.
  const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
  await expect(nav.getByRole("link", { name: "Account", exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Licentie", exact: true })).toHaveAttribute("aria-current", "page");
  const labels = await nav.getByRole("link").allTextContents();
  expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);

  await page.getByRole("link", { name: "Betaalde licentie bestellen" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Abonnement" })).toBeVisible();
  // Fewer than in use: refused next to the field, what was typed stays.
  await page.getByLabel("Medewerkers met toegang").fill("1");
  await page.getByLabel("Teams", { exact: true }).fill("2");
  await page.getByLabel("Maand", { exact: true }).check();
  await page.getByRole("button", { name: "Bestelling controleren" }).click();
  await expect(page.locator("#licence-order-employees-error")).toHaveText(
    "Je gebruikt nu 2 medewerkers met toegang. Bestel er minstens zoveel, of trek eerst toegang in.",
  );
  await expect(page.getByRole("alert")).toContainText("Je gebruikt nu 2 medewerkers met toegang.");
  await expect(page.getByLabel("Teams", { exact: true })).toHaveValue("2");
  await expect(page.getByLabel("Maand", { exact: true })).toBeChecked();

  await page.getByLabel("Medewerkers met toegang").fill("12");
  await page.getByRole("button", { name: "Bestelling controleren" }).click();
  // 12 × (€ 2,50 + € 5,50 modules) + 2 × € 2,00 = € 100,00 a month; 21 % VAT.
  const summary = page.getByTestId("order-summary");
  await expect(summary.getByRole("row", { name: /Totaal inclusief btw/ })).toContainText("121,00");
  await expect(summary.getByRole("row", { name: /Btw 21%/ })).toContainText("21,00");

  await page.getByRole("link", { name: "Bestelling plaatsen" }).click();
  // With JavaScript the confirmation opens in a dialog on this page; without, it is its own page.
  const confirmation = javaScriptEnabled
    ? page.getByRole("dialog", { name: "Bestelling bevestigen" })
    : page.getByRole("main");
  if (!javaScriptEnabled) {
    await expect(page.getByRole("heading", { level: 1, name: "Bestelling bevestigen" })).toBeVisible();
  }
  await expect(confirmation.getByText("Je licentie wordt meteen aangepast.")).toBeVisible();
  await confirmation.getByRole("button", { name: "Bestellen met betaalverplichting" }).click();

  await expect(page).toHaveURL(/\/account\/licence$/);
  await expect(page.getByRole("status")).toContainText("Je bestelling is geplaatst");
  await expect(page.getByTestId("licence-status")).toHaveText("Actief");
  await expect(page.getByTestId("licence-employees")).toHaveText("2 van 12");
  await expect(page.getByTestId("licence-orders").getByRole("row").nth(1)).toContainText("Wordt gefactureerd");
  await expect(page.getByTestId("licence-banner")).toHaveCount(0);

  const mail = await waitForMail(email, /^Je bestelling [0-9A-F]{8} is ontvangen$/);
  expect(mail.text).toMatch(/Totaal inclusief btw: €\s?121,00/);
  expect(mail.text).toContain("betalen gaat via die factuur");
});
