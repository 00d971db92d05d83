import { expect, hydrated, signInThroughForm, test } from "./fixtures";
import { linkPath, waitForMail } from "./mail";

function uniqueEmail(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.korenaar.nl`;
}

async function fillRegistration(
  page: import("@playwright/test").Page,
  email: string,
  company = "Bakkerij de Korenaar",
) {
  await page.getByLabel("Bedrijfsnaam").fill(company);
  await page.getByLabel("Voornaam").fill("Ilse");
  await page.getByLabel("Achternaam").fill("Jansen");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord", { exact: true }).fill("Zonnige-Dag-42");
  await page.getByLabel("Herhaal wachtwoord").fill("Zonnige-Dag-42");
}

test.describe("registration", () => {
  test("register → verification e-mail → confirm → sign in, with a trial banner", async ({ page }) => {
    const email = uniqueEmail("register");
    await page.goto("/login");
    await page.getByRole("link", { name: "Nog geen account? Probeer 7 dagen gratis" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Account aanmaken" })).toBeVisible();
    await fillRegistration(page, email);
    await page.getByLabel("Ik ga akkoord met de gebruiksvoorwaarden").check();
    await page.getByLabel("Ik ga akkoord met het privacybeleid").check();
    await page.getByLabel("Ik ga akkoord met de verwerkersovereenkomst").check();
    await page.getByRole("button", { name: "Account aanmaken" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText(`We hebben een e-mail gestuurd naar ${email}`);

    // Not verified yet.
    await page.getByLabel("E-mailadres").fill(email);
    await page.getByLabel("Wachtwoord").fill("Zonnige-Dag-42");
    await page.getByRole("button", { name: "Inloggen", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Je email adres is nog niet geverifieerd. Check je email");

    const mail = await waitForMail(email, "Bevestig je e-mailadres");
    const path = linkPath(mail.text, "/confirm/");
    await page.goto(path);
    await page.getByRole("button", { name: "E-mailadres bevestigen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText("Je e-mailadres is bevestigd");

    await signInThroughForm(page, email, "Zonnige-Dag-42", /\/dashboard\/introduction$/);
    await expect(page.getByTestId("current-cluster")).toHaveText("Bakkerij de Korenaar");
    await expect(page.getByTestId("licence-banner")).toContainText("Je proefperiode loopt nog 7 dagen.");

    // The link works once.
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(path);
    await page.getByRole("button", { name: "E-mailadres bevestigen" }).click();
    await expect(page.getByRole("alert")).toContainText("Het verifiëren van je e-mailadres is mislukt");
  });

  test("errors next to the fields, nothing typed lost; a taken address gets the usual answer and its owner a mail", async ({
    page,
  }) => {
    const email = uniqueEmail("duplicate");
    await page.goto("/register");
    await fillRegistration(page, email);
    await page.getByLabel("Ik ga akkoord met het privacybeleid").check();
    await page.getByRole("button", { name: "Account aanmaken" }).click();
    await expect(page.locator("#register-acceptTerms-error")).toHaveText("Ga akkoord met de gebruiksvoorwaarden");
    await expect(page.locator("#register-acceptProcessing-error")).toHaveText(
      "Ga akkoord met de verwerkersovereenkomst",
    );
    await expect(page.getByRole("alert")).toContainText("Er is een probleem");
    await expect(page.getByLabel("Bedrijfsnaam")).toHaveValue("Bakkerij de Korenaar");
    await expect(page.getByLabel("Ik ga akkoord met het privacybeleid")).toBeChecked();

    await fillRegistration(page, email);
    await page.getByLabel("Ik ga akkoord met de gebruiksvoorwaarden").check();
    await page.getByLabel("Ik ga akkoord met de verwerkersovereenkomst").check();
    await page.getByRole("button", { name: "Account aanmaken" }).click();
    await expect(page).toHaveURL(/\/login$/);

    await page.goto("/register");
    await fillRegistration(page, email.toUpperCase(), "Tweede BV");
    await page.getByLabel("Ik ga akkoord met de gebruiksvoorwaarden").check();
    await page.getByLabel("Ik ga akkoord met het privacybeleid").check();
    await page.getByLabel("Ik ga akkoord met de verwerkersovereenkomst").check();
    await page.getByRole("button", { name: "Account aanmaken" }).click();
    // The page does not tell whether the address is known: the same answer as a new sign-up.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("status")).toContainText(`We hebben een e-mail gestuurd naar ${email.toUpperCase()}`);
    const notice = await waitForMail(email, "Iemand probeerde zich te registreren met je e-mailadres");
    expect(notice.text).toContain("Log dan in met je bestaande account");
    expect(notice.text).toMatch(/\/password-request/);
  });

  test("the legal documents are readable without an account and marked as templates", async ({ page }) => {
    for (const [slug, title] of [
      ["terms", "Gebruiksvoorwaarden"],
      ["privacy", "Privacyverklaring"],
      ["processing-agreement", "Verwerkersovereenkomst"],
    ]) {
      await page.goto(`/file/${slug}`);
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId("template-notice")).toContainText("Sjabloon");
    }
    await page.goto("/file/processing-agreement");
    await page.getByLabel("Taal").selectOption("de");
    await page.getByRole("button", { name: "Taal wijzigen" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Auftragsverarbeitungsvertrag" })).toBeVisible();
    await expect(page.getByTestId("template-notice")).toContainText("Vorlage");
  });

  test("registering in English sends the verification e-mail in English", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("register-en");
    await page.goto("/register");
    await page.getByLabel("Taal").selectOption("en");
    await page.getByRole("button", { name: "Taal wijzigen" }).click();
    // The switch reloads the document (not a page.goto): fill the form once the new one has hydrated.
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await hydrated(page, javaScriptEnabled);
    await page.getByLabel("Company name").fill("Harbour Ltd");
    await page.getByLabel("First name").fill("Sam");
    await page.getByLabel("Last name").fill("Baker");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("Zonnige-Dag-42");
    await page.getByLabel("Repeat password").fill("Zonnige-Dag-42");
    await page.getByLabel("I accept the terms of use").check();
    await page.getByLabel("I accept the privacy policy").check();
    await page.getByLabel("I accept the processing agreement").check();
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("status")).toContainText(`We have sent an e-mail to ${email}`);
    const mail = await waitForMail(email, "Confirm your e-mail address");
    expect(mail.text).toContain("Hi Sam,");
  });
});
