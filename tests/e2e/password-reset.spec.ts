import { createEmployee, expect, signInThroughForm, test } from "./fixtures";
import { linkPath, waitForMail } from "./mail";

test.describe("password reset", () => {
  test("request → e-mail → new password → back to login after 5 seconds → sign in", async ({ page }) => {
    const user = await createEmployee("reset");
    await page.goto("/login");
    await page.getByRole("link", { name: "Wachtwoord vergeten?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wachtwoord vergeten" })).toBeVisible();
    await page.getByLabel("E-mailadres").fill(user.email);
    await page.getByRole("button", { name: "Stuur mij een link" }).click();
    await expect(page.getByTestId("request-sent")).toContainText("Als dit e-mailadres bij ons bekend is");

    const mail = await waitForMail(user.email, "Nieuw wachtwoord instellen");
    const path = linkPath(mail.text, "/password-reset/");
    await page.goto(path);
    await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill("kort");
    await page.getByLabel("Herhaal nieuw wachtwoord").fill("kort");
    await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(page.locator("#password-reset-password-error")).toContainText(
      "Wachtwoord moet tenminste uit 8 karakters bestaan",
    );

    await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Lente-Regen-2027");
    await page.getByLabel("Herhaal nieuw wachtwoord").fill("Lente-Regen-2027");
    await page.getByRole("button", { name: "Wachtwoord opslaan" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Wachtwoord opgeslagen" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Nu inloggen" })).toBeVisible();
    // With or without JavaScript the page moves on to /login by itself.
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    await signInThroughForm(page, user.email, "Lente-Regen-2027");

    // The link worked once.
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(path);
    await expect(page.getByRole("alert")).toContainText("Wachtwoord niet opgeslagen");
  });

  test("an unknown address gets the same answer", async ({ page }) => {
    await page.goto("/password-request");
    await page.getByLabel("E-mailadres").fill(`niemand-${Date.now()}@e2e.demo.nl`);
    await page.getByRole("button", { name: "Stuur mij een link" }).click();
    await expect(page.getByTestId("request-sent")).toContainText("Als dit e-mailadres bij ons bekend is");
    await page.getByLabel("E-mailadres").fill("geen-adres");
    await page.getByRole("button", { name: "Stuur mij een link" }).click();
    await expect(page.locator("#password-request-email-error")).toHaveText("Typ een geldig e-mail adres");
  });
});
