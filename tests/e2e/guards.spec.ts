import { demoClusters, demoUserNames, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

test.describe("guards and navigation", () => {
  test("an anonymous visitor is sent to /login and, once signed in, to the page they wanted", async ({ page }) => {
    await page.goto("/my/profile/password");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy%2Fprofile%2Fpassword$/);
    await page.getByLabel("E-mailadres").fill(demoUsers.hr);
    await page.getByLabel("Wachtwoord").fill("Welkom!2026");
    await page.getByRole("button", { name: "Inloggen", exact: true }).click();
    await expect(page).toHaveURL(/\/my\/profile\/password$/);
  });

  test(
    "an employee opening /personnel/users lands on the dashboard with a notice",
    { tag: "@js-only" },
    async ({ page }) => {
      await signIn(page, demoUsers.medewerker, { at: "/personnel/users" });
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("status")).toContainText("Je hebt geen toegang tot die pagina");
    },
  );

  test("menu, tab and row links open their page; with JavaScript without loading a new document", async ({
    page,
  }, testInfo) => {
    await signIn(page, demoUsers.hr, { at: "/dashboard" });
    const documents: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents.push(new URL(request.url()).pathname);
    });
    await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Personen" }).click();
    await expect(page).toHaveURL(/\/personnel\/users\/active$/);
    await expect(page.getByRole("heading", { level: 1, name: "Personen" })).toBeVisible();
    await page.getByRole("navigation", { name: "Personen per status" }).getByRole("link", { name: "Inactief" }).click();
    await expect(page).toHaveURL(/\/personnel\/users\/inactive$/);
    await expect(page.getByRole("link", { name: "Inactief" })).toHaveAttribute("aria-current", "page");
    await page
      .getByRole("navigation", { name: "Personen per status" })
      .getByRole("link", { name: "Actief", exact: true })
      .click();
    const { firstName, lastName } = demoUserNames.medewerker;
    await page.getByRole("link", { name: `${firstName} ${lastName}` }).click();
    await expect(page).toHaveURL(/\/personnel\/user\/[0-9a-f-]+\/details$/);
    await expect(page.getByLabel("Voornaam")).toHaveValue(firstName);
    const opened = ["/personnel/users/active", "/personnel/users/inactive", "/personnel/users/active"];
    expect(documents).toEqual(testInfo.project.name === "js" ? [] : [...opened, expect.stringMatching(/details$/)]);
  });

  test("on a small screen the menu is a disclosure that opens without JavaScript", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, demoUsers.hr, { at: "/dashboard" });
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    await expect(nav.getByRole("link", { name: "Personen" })).toBeHidden();
    await nav.getByText("Menu", { exact: true }).click();
    await expect(nav.getByRole("link", { name: "Personen" })).toBeVisible();
    await nav.getByRole("link", { name: "Personen" }).click();
    await expect(page).toHaveURL(/\/personnel\/users\/active$/);
    await expect(
      page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Personen" }),
    ).toBeHidden();
  });

  test("an employee sees only the navigation their rights allow", { tag: "@js-only" }, async ({ page }) => {
    await signIn(page, demoUsers.medewerker, { at: "/dashboard" });
    const nav = page.getByRole("navigation", { name: "Hoofdmenu" });
    await expect(nav.getByRole("link", { name: "Profiel" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Personen" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Abonnement" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Criteriaboek" })).toHaveCount(0);
  });

  test(
    "HR sees personnel but not account management; the account admin sees both",
    { tag: "@js-only" },
    async ({ page }) => {
      await signIn(page, demoUsers.hr, { at: "/dashboard" });
      let nav = page.getByRole("navigation", { name: "Hoofdmenu" });
      await expect(nav.getByRole("link", { name: "Personen" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Criteriaboek" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Abonnement" })).toHaveCount(0);
      await page.getByRole("button", { name: "Uitloggen" }).click();
      await expect(page).toHaveURL(/\/login$/);

      await signIn(page, demoUsers.admin, { at: "/dashboard" });
      nav = page.getByRole("navigation", { name: "Hoofdmenu" });
      await expect(nav.getByRole("link", { name: "Abonnement" })).toBeVisible();
      await expect(nav.getByRole("link", { name: "Personen" })).toBeVisible();
    },
  );

  test("a user with roles in two clusters can switch the current cluster", async ({ page }) => {
    await signIn(page, demoUsers.meerdere, { at: "/dashboard" });
    await expect(page.getByTestId("current-cluster")).toHaveText(demoClusters.noord);
    await page.getByLabel("Organisatie").selectOption({ label: demoClusters.zuid });
    await page.getByRole("button", { name: "Wisselen" }).click();
    await expect(page.getByTestId("current-cluster")).toHaveText(demoClusters.zuid);
    await expect(page.getByRole("status")).toContainText(`Je werkt nu in ${demoClusters.zuid}`);
  });

  test("an unknown path shows a friendly not-found page with status 404", { tag: "@js-only" }, async ({ page }) => {
    const response = await page.goto("/deze-pagina-bestaat-niet");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Pagina niet gevonden" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Naar de inlogpagina" })).toBeVisible();
  });
});
