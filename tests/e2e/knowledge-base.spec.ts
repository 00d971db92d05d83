import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { users } from "#db/schema";
import { demoUsers } from "../../seed/demo-data";
import { createEmployee, expect, signIn, test } from "./fixtures";

const dutchTitles = [
  "Inloggen en tweestapsverificatie",
  "Personeel en teams beheren",
  "Criteria en criteriasets",
  "Een teamreview uitvoeren en de resultaten lezen",
  "Teams, tags en functies samenvoegen en splitsen",
  "Ontwikkeldialogen",
  "Flow meten",
  "Competenties: het boek, de matrix en scores",
  "Teamdoelen, mijn groei en teamontwikkeling",
];

test.describe("knowledge base", () => {
  test("an employee searches the articles, opens one and goes back", async ({ page }) => {
    await signIn(page, demoUsers.medewerker, { at: "/knowledge-base" });
    await expect(page.getByRole("heading", { level: 1, name: "Kennisbank" })).toBeVisible();
    const list = page.getByRole("list", { name: "Artikelen" });
    for (const title of dutchTitles) await expect(list.getByRole("link", { name: title })).toBeVisible();

    const search = page.getByRole("search", { name: "Kennisbank doorzoeken" });
    await search.getByLabel("Zoeken in de kennisbank").fill("herstelcodes");
    await search.getByRole("button", { name: "Zoeken" }).click();
    await expect(page).toHaveURL(/\/knowledge-base\?q=herstelcodes$/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText("1 artikel gevonden voor ‘herstelcodes’");
    await expect(list.getByRole("link")).toHaveCount(1);
    await expect(search.getByLabel("Zoeken in de kennisbank")).toHaveValue("herstelcodes");

    await list.getByRole("link", { name: "Inloggen en tweestapsverificatie" }).click();
    await expect(page).toHaveURL(/\/knowledge-base\/signing-in$/);
    await expect(page.getByRole("heading", { level: 1, name: "Inloggen en tweestapsverificatie" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Tweestapsverificatie" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Bewaar de herstelcodes op een veilige plek.");
    await expect(page).toHaveTitle(/^Inloggen en tweestapsverificatie · Kennisbank · /);

    await page.getByRole("link", { name: "Terug naar de kennisbank" }).click();
    await expect(page).toHaveURL(/\/knowledge-base$/);
    await expect(list.getByRole("link")).toHaveCount(dutchTitles.length);
  });

  test("a search without results says so, and 'Alle artikelen' shows the list again", async ({ page }) => {
    await signIn(page, demoUsers.leider, { at: "/knowledge-base?q=salarisstrook" });
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      "Geen artikelen gevonden voor ‘salarisstrook’. Probeer een ander woord.",
    );
    await expect(page.getByRole("list", { name: "Artikelen" })).toHaveCount(0);
    await page.getByRole("link", { name: "Alle artikelen" }).click();
    await expect(page.getByRole("list", { name: "Artikelen" }).getByRole("link")).toHaveCount(dutchTitles.length);
  });

  test("the articles are in the user's language", { tag: "@js-only" }, async ({ page }) => {
    const user = await createEmployee("knowledge-base-de");
    await getDb().update(users).set({ language: "de" }).where(eq(users.id, user.id));
    await signIn(page, user.email, { at: "/knowledge-base?q=Entwicklungsrollen" });
    await expect(page.getByRole("heading", { level: 1, name: "Wissensdatenbank" })).toBeVisible();
    const list = page.getByRole("list", { name: "Artikel" });
    await list.getByRole("link", { name: "Eine Teambewertung durchführen und die Ergebnisse lesen" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Die Ergebnisse lesen" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText("Leistungsträger");
  });

  test("a page links the article that explains it (my growth → team goals, my growth and team development)", async ({
    page,
  }) => {
    await signIn(page, demoUsers.medewerker, { at: "/my/growth" });
    await page.getByTestId("help-links").getByRole("link", { name: "Uitleg over deze pagina" }).click();
    await expect(page).toHaveURL(/\/knowledge-base\/growth-and-goals$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Teamdoelen, mijn groei en teamontwikkeling" }),
    ).toBeVisible();
  });

  test("an unknown article is a 404", { tag: "@js-only" }, async ({ page }) => {
    await signIn(page, demoUsers.medewerker);
    const response = await page.goto("/knowledge-base/bestaat-niet");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Pagina niet gevonden" })).toBeVisible();
  });

  test("a visitor who is not signed in is sent to the sign-in page", { tag: "@js-only" }, async ({ page }) => {
    await page.goto("/knowledge-base/signing-in");
    await expect(page).toHaveURL(/\/login/);
  });
});
