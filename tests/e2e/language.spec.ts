import { expect, signInThroughForm, test } from "./fixtures";
import { createEmployee, hydrated, waitForHydrationOnGoto } from "./fixtures";

test.describe("languages", () => {
  test("the login page switches to English and German", async ({ page, javaScriptEnabled }) => {
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl");
    await page.getByLabel("Taal").selectOption("en");
    await page.getByRole("button", { name: "Taal wijzigen" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    // The switch reloads the document (not a page.goto): click again once the new one has hydrated.
    await hydrated(page, javaScriptEnabled);
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await page.getByLabel("Language").selectOption("de");
    await page.getByRole("button", { name: "Change language" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Anmelden" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("a signed-in user's choice is kept in their profile", async ({ page, browser, baseURL, javaScriptEnabled }) => {
    const user = await createEmployee("language");
    await signInThroughForm(page, user.email);
    await page.goto("/dashboard");
    await page.getByLabel("Taal").selectOption("de");
    await page.getByRole("button", { name: "Taal wijzigen" }).click();
    await expect(page.getByRole("button", { name: "Abmelden" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("link", { name: "Profil" }),
    ).toBeVisible();

    // A new browser without the language cookie still gets German after signing in.
    const fresh = await browser.newContext({ locale: "nl-NL" });
    const other = await fresh.newPage();
    if (javaScriptEnabled !== false) waitForHydrationOnGoto(other, baseURL);
    await signInThroughForm(other, user.email);
    await expect(other.locator("html")).toHaveAttribute("lang", "de");
    await fresh.close();
  });

  test("the browser's language is used when nothing else is known", async ({ browser }) => {
    const context = await browser.newContext({ locale: "en-GB" });
    const page = await context.newPage();
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await context.close();
  });
});
