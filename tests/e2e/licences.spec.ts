import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, users } from "#db/schema";
import { createTrialAccount } from "~/features/account/trial-account.server";
import { createUserWithMembership } from "../factories";
import { expect, signIn, test } from "./fixtures";
import { waitForMail } from "./mail";

/** A fresh account on its 7-day trial (as /register makes it), its admin verified, and one more person with access. */
async function trialAdmin() {
  const email = `licentie-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.korenaar.nl`;
  await createTrialAccount(
    {
      companyName: `Bakkerij ${Date.now().toString(36)}`,
      firstName: "Ilse",
      lastName: "Jansen",
      email,
      password: "unused",
      language: "nl",
      ip: "127.0.0.1",
    },
    "unused-hash",
  );
  const [admin] = await getDb()
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(users.email, email))
    .returning();
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.accountId, admin.accountId));
  await createUserWithMembership(getDb(), { accountId: admin.accountId, clusterId: cluster.id, access: true });
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
  await expect(page.getByLabel("Teams", { exact: true })).toHaveValue("2");
  await expect(page.getByLabel("Maand", { exact: true })).toBeChecked();

  await page.getByLabel("Medewerkers met toegang").fill("12");
  await page.getByRole("button", { name: "Bestelling controleren" }).click();
  // 12 × (€ 2,50 + € 5,50 modules) + 2 × € 2,00 = € 100,00 a month; 21 % VAT.
  const summary = page.getByTestId("order-summary");
  await expect(summary.getByRole("row", { name: /Totaal inclusief btw/ })).toContainText("121,00");
  await expect(summary.getByRole("row", { name: /Btw 21%/ })).toContainText("21,00");

  await page.getByRole("link", { name: "Bestelling plaatsen" }).click();
  const confirmation = javaScriptEnabled ? page.getByRole("dialog", { name: "Bestelling bevestigen" }) : page;
  if (javaScriptEnabled) await expect(confirmation).toBeVisible();
  else await expect(page.getByRole("heading", { level: 1, name: "Bestelling bevestigen" })).toBeVisible();
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
