import { hrInFreshCluster } from "./criteria-helpers";
import { expect, signIn, test } from "./fixtures";

test.describe("criteria book", () => {
  test("adds, edits, archives, restores and merges criteria", async ({ page }) => {
    test.setTimeout(90_000);
    const { user } = await hrInFreshCluster("book");
    await signIn(page, user.email, { at: "/criteria/book" });
    await expect(page.getByRole("heading", { level: 1, name: "Criteriaboek" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Kwaliteit van werk" })).toBeVisible();

    await page.getByRole("link", { name: "Criterium toevoegen" }).click();
    await page.getByRole("button", { name: "Criterium toevoegen" }).click();
    await expect(page.locator("#criterion-name-error")).toHaveText("Naam is verplicht");
    await page.getByLabel("Naam").fill("Gastvrijheid");
    await page.getByLabel("Omschrijving").fill("Ontvangt cliënten en bezoekers hartelijk");
    await page.getByLabel("Dimensie").selectOption("1");
    await page.getByLabel("Uitstekend").fill("Maakt iedereen welkom, ook op drukke dagen");
    await page.getByRole("button", { name: "Criterium toevoegen" }).click();
    await expect(page.getByRole("status")).toContainText("Het criterium is toegevoegd");

    // A name that exists, in other capitals, is refused.
    await page.goto("/criteria/book/add");
    await page.getByLabel("Naam").fill("GASTVRIJHEID");
    await page.getByRole("button", { name: "Criterium toevoegen" }).click();
    await expect(page.locator("#criterion-name-error")).toHaveText("Naam bestaat al");
    await expect(page.getByLabel("Naam")).toHaveValue("GASTVRIJHEID");

    await page.goto("/criteria/book?q=gastvrij");
    await page.getByRole("link", { name: "Gastvrijheid" }).click();
    await expect(page.getByLabel("Uitstekend")).toHaveValue("Maakt iedereen welkom, ook op drukke dagen");
    await page.getByLabel("Naam").fill("Gastvrijheid en service");
    await page.getByRole("button", { name: "Criterium opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Het criterium is opgeslagen");

    await page.goto("/criteria/book?q=service");
    await page.getByRole("button", { name: "Gastvrijheid en service archiveren" }).click();
    await expect(page.getByRole("status")).toContainText("Het criterium is gearchiveerd");
    await expect(page.getByRole("link", { name: "Gastvrijheid en service" })).toHaveCount(0);
    await page.getByLabel("Status").selectOption("1");
    await page.getByRole("button", { name: "Filteren" }).click();
    await page.getByRole("button", { name: "Gastvrijheid en service terugzetten" }).click();
    await expect(page.getByRole("status")).toContainText("Het criterium is teruggezet");

    await page.goto("/criteria/book?dimension=1");
    await page.getByLabel("Gastvrijheid en service selecteren").check();
    await page.getByLabel("Klantgerichtheid selecteren").check();
    await page.getByRole("button", { name: "Geselecteerde criteria samenvoegen" }).click();
    // A dialog with JavaScript (its title a heading), the page without.
    await expect(page.getByRole("heading", { name: "Criteria samenvoegen" })).toBeVisible();
    await page.getByLabel("Klantgerichtheid", { exact: true }).check();
    await page.getByRole("button", { name: "Criteria samenvoegen", exact: true }).click();
    await expect(page.getByRole("status")).toContainText("De criteria zijn samengevoegd");
    await page.goto("/criteria/book?q=gastvrij");
    await expect(page.getByText("Er zijn geen criteria die hierbij passen.")).toBeVisible();
  });

  test("filters by dimension and tag with a GET form", async ({ page }) => {
    const { user } = await hrInFreshCluster("book-filter");
    await signIn(page, user.email, { at: "/criteria/book" });
    await page.getByLabel("Dimensie").selectOption({ label: "Inzetbaarheid" });
    await page.getByLabel("Tag").selectOption({ label: "Standaard" });
    await page.getByRole("button", { name: "Filteren" }).click();
    await expect(page).toHaveURL(/dimension=3/);
    await expect(page.getByRole("link", { name: "Vitaliteit" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Leervermogen" })).toHaveCount(0);
  });
});

test.describe("criteria sets", () => {
  test("creates a set with flex 2, assigns teams and criteria, and toggles visibility", async ({ page }) => {
    test.setTimeout(60_000);
    const { user } = await hrInFreshCluster("sets");
    await signIn(page, user.email, { at: "/criteria/sets" });
    await page.getByRole("link", { name: "Set toevoegen" }).click();
    await page.getByLabel("Naam").fill("Zorgteams 2027");
    await page.getByLabel("Flex", { exact: true }).fill("2");
    await page.getByLabel("Kwaliteit van werk").check();
    await page.getByLabel("Leervermogen").check();
    await page.getByLabel("Team Zonnebloem").check();
    await page.getByRole("button", { name: "Set opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("De set is opgeslagen");

    const row = page.getByTestId("set-Zorgteams 2027");
    await expect(row.getByRole("cell").nth(1)).toHaveText("2");
    await expect(row.getByRole("cell").nth(2)).toHaveText("2");
    await expect(row.getByRole("cell").nth(3)).toHaveText("1");
    await expect(row).toContainText("Onzichtbaar");
    await row.getByRole("button", { name: "Zorgteams 2027 zichtbaar maken voor teamleiders" }).click();
    await expect(page.getByRole("status")).toContainText("De set is zichtbaar voor teamleiders");
    await expect(page.getByTestId("set-Zorgteams 2027")).toContainText("Zichtbaar");

    await page.getByRole("link", { name: "Zorgteams 2027" }).click();
    await expect(page.getByLabel("Flex", { exact: true })).toHaveValue("2");
    await expect(page.getByText("In een review kun je nog 2 toevoegen").first()).toBeVisible();
    await expect(page.getByLabel("Team Zonnebloem")).toBeChecked();
  });

  test("toggles isActive: optimistic with JavaScript and reverted when the call fails, a form without", async ({
    page,
    expectConsoleError,
  }, info) => {
    const { user } = await hrInFreshCluster("sets-active");
    await signIn(page, user.email, { at: "/criteria/sets/new" });
    await page.getByLabel("Naam").fill("Actieve set");
    await page.getByRole("button", { name: "Set opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("De set is opgeslagen");
    const toggle = page.getByRole(info.project.name === "js" ? "switch" : "button", { name: "Actieve set actief" });
    await expect(toggle).toHaveText("Actief");
    // With JavaScript the text changes before the save is done: wait for it, or the reload cancels it.
    const saved =
      info.project.name === "js" ? page.waitForResponse((r) => r.url().includes("/api/criteria-sets/")) : null;
    await toggle.click();
    await expect(toggle).toHaveText("Niet actief");
    expect((await saved)?.ok() ?? true).toBe(true);
    await page.reload();
    await expect(toggle).toHaveText("Niet actief");

    if (info.project.name === "js") {
      // The failing call is the point: the browser logs its 500.
      expectConsoleError(/status of 500 .*\/api\/criteria-sets\//);
      await page.route("**/api/criteria-sets/**", (route) => route.fulfill({ status: 500, body: "{}" }));
      await toggle.click();
      await expect(page.getByRole("alert")).toHaveText("Error updating visibility");
      await expect(toggle).toHaveText("Niet actief");
    } else {
      await toggle.click();
      await expect(page.getByRole("status")).toContainText("De set is actief");
      await expect(toggle).toHaveText("Actief");
    }
  });
});

test.describe("criteria tags", () => {
  test("creates and renames a tag, merges and deletes after a confirmation; a system tag cannot be deleted", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { user } = await hrInFreshCluster("tags");
    await signIn(page, user.email, { at: "/criteria/tags" });
    for (const name of ["Zorg", "Sport"]) {
      await page.getByLabel("Naam").fill(name);
      await page.getByRole("button", { name: "Tag toevoegen" }).click();
      await expect(page.getByRole("status")).toContainText("De tag is toegevoegd");
    }
    await page.getByRole("link", { name: "Zorg" }).click();
    // The list has a "Naam" field too: fill the tag page's once it is there.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tag Zorg");
    await page.getByLabel("Naam", { exact: true }).fill("Zorg en welzijn");
    await page.getByRole("button", { name: "Naam opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("De naam van de tag is gewijzigd");
    await page.getByLabel("Vitaliteit").check();
    await page.getByRole("button", { name: "Toewijzing opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("De criteria van de tag zijn opgeslagen");
    // Merge and delete ask first (1702): a dialog with JavaScript, a step on the page without.
    const confirmation = javaScriptEnabled ? page.getByRole("dialog") : page.locator("main");
    await page.getByLabel("Samenvoegen met").selectOption({ label: "Sport" });
    await page.getByRole("button", { name: "Tags samenvoegen" }).click();
    await expect(confirmation).toContainText("Sport gaat op in Zorg en welzijn");
    await confirmation.getByRole("button", { name: "Tags samenvoegen" }).click();
    await expect(page.getByRole("status")).toContainText("De tags zijn samengevoegd");
    await page.getByRole("link", { name: "Tag verwijderen" }).click();
    await expect(confirmation).toContainText("Weet je zeker dat je de tag Zorg en welzijn wilt verwijderen?");
    await confirmation.getByRole("button", { name: "Tag verwijderen" }).click();
    await expect(page.getByRole("status")).toContainText("De tag is verwijderd");
    await expect(page.getByRole("link", { name: "Sport" })).toHaveCount(0);
    await page.getByRole("link", { name: "Standaard" }).click();
    await expect(page.getByText("Systeemtags kunnen niet verwijderd worden")).toBeVisible();
    await expect(page.getByRole("link", { name: "Tag verwijderen" })).toHaveCount(0);
  });
});

test.describe("review settings", () => {
  test("changes the scale to 3 levels and renames a dimension", async ({ page }) => {
    const { user } = await hrInFreshCluster("settings");
    await signIn(page, user.email, { at: "/review/settings" });
    await expect(page.getByRole("radio", { name: "5-puntsschaal" })).toBeChecked();
    // Every level shows its name next to its colour.
    await expect(page.getByRole("list", { name: "3-puntsschaal" }).getByRole("listitem")).toHaveText([
      "3 · Uitstekend",
      "2 · Normaal",
      "1 · Laag",
      "0 · Niet beoordeeld",
    ]);
    // The flow part of the settings: the cluster's flow scale and bands, and the way to change them.
    const flow = page.getByRole("region", { name: "Flow" });
    await expect(flow).toContainText("Activiteiten worden gescoord van 1 tot en met 10.");
    await expect(flow.getByRole("link", { name: "Flow-instellingen wijzigen" })).toHaveAttribute(
      "href",
      "/flow/settings",
    );
    await page.getByRole("radio", { name: "3-puntsschaal" }).check();
    await page.locator("#review-settings-d1_name_nl").fill("Resultaat");
    await page.getByRole("button", { name: "Instellingen opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("De review-instellingen zijn opgeslagen");
    await expect(page.getByRole("radio", { name: "3-puntsschaal" })).toBeChecked();
    await expect(page.locator("#review-settings-d1_name_nl")).toHaveValue("Resultaat");

    await page.locator("#review-settings-lowerPercent").fill("80");
    await page.getByRole("button", { name: "Instellingen opslaan" }).click();
    await expect(page.locator("#review-settings-upperPercent-error")).toHaveText(
      "De bovengrens moet hoger zijn dan de ondergrens",
    );

    await page.goto("/criteria/book");
    await expect(page.getByLabel("Dimensie").locator("option", { hasText: "Resultaat" })).toHaveCount(1);
  });
});
