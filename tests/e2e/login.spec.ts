import { DEMO_PASSWORD, demoUsers } from "../../seed/demo-data";
import { createEmployee, expect, signInThroughForm, test } from "./fixtures";

test.describe("sign-in", () => {
  test("a first sign-in lands on the introduction, a later one on the dashboard", async ({ page }) => {
    const user = await createEmployee("first-login");
    await signInThroughForm(page, user.email);
    await expect(page).toHaveURL(/\/dashboard\/introduction$/);
    await expect(page.getByRole("heading", { level: 1, name: "Introductie" })).toBeVisible();
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, user.email);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole("heading", { level: 1, name: "Welkom, Femke" })).toBeVisible();
  });

  test("logout ends the session: the dashboard asks for a sign-in again", async ({ page }) => {
    await signInThroughForm(page, demoUsers.medewerker);
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a wrong password says 'Login mislukt' and keeps the e-mail address", async ({ page }) => {
    const user = await createEmployee("wrong-password");
    await page.goto("/login");
    await page.getByLabel("E-mailadres").fill(user.email);
    await page.getByLabel("Wachtwoord").fill("Verkeerd!2026");
    await page.getByRole("button", { name: "Inloggen", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Login mislukt");
    await expect(page.getByLabel("E-mailadres")).toHaveValue(user.email);
    await expect(page.getByLabel("Wachtwoord")).toHaveValue("");
  });

  test("an empty form gets messages next to the fields", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Inloggen", exact: true }).click();
    const email = page.getByLabel("E-mailadres");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#login-email-error")).toHaveText("Typ een geldig e-mail adres");
    await expect(page.locator("#login-password-error")).toHaveText("Wachtwoord is verplicht");
  });

  test("five failed attempts within a minute give 'Te veel pogingen'", async ({ page }, testInfo) => {
    const email = `throttle-${testInfo.project.name}-${Date.now()}@e2e.demo.nl`;
    await page.goto("/login");
    for (let attempt = 0; attempt < 5; attempt++) {
      await page.getByLabel("E-mailadres").fill(email);
      await page.getByLabel("Wachtwoord").fill("Verkeerd!2026");
      await page.getByRole("button", { name: "Inloggen", exact: true }).click();
      await expect(page.getByRole("alert")).toContainText("Login mislukt");
    }
    await page.getByLabel("E-mailadres").fill(email);
    await page.getByLabel("Wachtwoord").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Inloggen", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Te veel pogingen");
  });

  test("a signed-in visitor of /login goes to the dashboard, and / leads to /login", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, demoUsers.hr);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
