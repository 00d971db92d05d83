import { demoTeams, demoUsers } from "../../seed/demo-data";
import { createEmployee, expect, signIn, test } from "./fixtures";

function unique(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

test.describe("employees", () => {
  test("create a person through the wizard, add a contract and a team place", async ({ page }) => {
    const email = `${unique("wizard")}@e2e.demo.nl`;
    await signIn(page, demoUsers.hr, { at: "/personnel/users" });
    await expect(page).toHaveURL(/\/personnel\/users\/active$/);
    await page.getByRole("link", { name: "Persoon toevoegen" }).first().click();
    await page.getByLabel("Voornaam").fill("Noor");
    await page.getByLabel("Achternaam").fill("Bakker");
    await page.getByLabel("E-mailadres").fill(email);
    await page.getByLabel("Geboortedatum").fill("05-06-1985");
    await page.getByRole("button", { name: "Volgende" }).click();
    await expect(page.getByTestId("lookup-outcome")).toHaveText(
      `${email} is nog niet in gebruik. Controleer de gegevens en maak de persoon aan.`,
    );
    await page.getByRole("button", { name: "Persoon aanmaken" }).click();
    await expect(page).toHaveURL(/step=teams/);
    await page.getByLabel(demoTeams.noord[3]).check();
    await page.getByRole("button", { name: "Teams opslaan" }).click();
    await expect(page).toHaveURL(/\/personnel\/user\/[0-9a-f-]+\/details$/);
    await expect(page.getByRole("status")).toContainText("De persoon is toegevoegd");
    await expect(page.getByLabel("Geboortedatum")).toHaveValue("05-06-1985");

    const tabs = page.getByRole("navigation", { name: "Onderdelen van de persoon" });
    await tabs.getByRole("link", { name: "Contracten" }).click();
    await page.getByRole("button", { name: "Contract opslaan" }).click();
    await expect(page.getByText("Functie is verplicht").first()).toBeVisible();
    await page.getByLabel("Functie").selectOption({ index: 1 });
    await page.getByLabel("Begindatum").fill("01-01-2026");
    await page.getByLabel("Einddatum").fill("31-12-2026");
    await page.getByLabel("Deeltijdfactor (fte)").fill("0.8");
    await page.getByRole("button", { name: "Contract opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Het contract is opgeslagen");
    await expect(page.getByRole("cell", { name: "31-12-2026", exact: true })).toBeVisible();

    await tabs.getByRole("link", { name: "Teams" }).click();
    await expect(page.getByText(`${demoTeams.noord[3]} · Teamlid`)).toBeVisible();
    await page.getByLabel("Team", { exact: true }).selectOption({ label: demoTeams.noord[4] });
    await page.getByLabel("Als").selectOption("team_admin");
    await page.getByRole("button", { name: "Aan team toevoegen" }).click();
    await expect(page.getByRole("status")).toContainText("De persoon is aan het team toegevoegd");
    await expect(page.getByText(`${demoTeams.noord[4]} · Teamleider`)).toBeVisible();
  });

  test("the wizard refuses bad input next to the field and keeps what was typed", async ({ page }) => {
    await signIn(page, demoUsers.hr, { at: "/personnel/users/new" });
    await page.getByLabel("E-mailadres").fill("geen-adres");
    await page.getByLabel("Plaats").fill("Zwolle");
    await page.getByRole("button", { name: "Volgende" }).click();
    await expect(page.locator("#new-person-firstName-error")).toHaveText(
      "Vul tenminste een voornaam of een achternaam in",
    );
    await expect(page.locator("#new-person-email-error")).toHaveText("Typ een geldig e-mail adres");
    await expect(page.getByLabel("Plaats")).toHaveValue("Zwolle");
  });

  test("an e-mail already in use says so", async ({ page }) => {
    await signIn(page, demoUsers.hr, { at: "/personnel/users/new" });
    await page.getByLabel("Voornaam").fill("Lotte");
    await page.getByLabel("E-mailadres").fill(demoUsers.medewerker);
    await page.getByRole("button", { name: "Volgende" }).click();
    await expect(page.getByTestId("lookup-outcome")).toHaveText(`${demoUsers.medewerker} wordt al gebruikt`);
    await page.getByRole("button", { name: "Terug naar de gegevens" }).click();
    await expect(page.getByLabel("Voornaam")).toHaveValue("Lotte");
    await expect(page.getByLabel("E-mailadres")).toHaveValue(demoUsers.medewerker);
    await page.getByRole("button", { name: "Volgende" }).click();
    await expect(page.getByTestId("lookup-outcome")).toHaveText(`${demoUsers.medewerker} wordt al gebruikt`);
    await page.getByRole("link", { name: "Naar deze persoon" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lotte Jansen");
  });

  test("bulk deactivate selected employees", async ({ page }) => {
    const prefix = unique("bulk");
    await createEmployee(prefix);
    await createEmployee(prefix);
    await signIn(page, demoUsers.hr, { at: "/personnel/users/active" });
    await page.getByLabel("Zoek op naam, e-mail of personeelsnummer").fill(prefix);
    await page.getByRole("button", { name: "Zoeken" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${prefix}`));
    await expect(page.getByText("2 personen")).toBeVisible();
    // Each row's checkbox is labelled with the person's name.
    const boxes = page.getByRole("checkbox", { name: "Selecteer Femke Test", exact: true });
    await expect(boxes).toHaveCount(2);
    for (const box of await boxes.all()) await box.check();
    await page.getByLabel("Actie").selectOption("deactivate");
    await page.getByRole("button", { name: "Uitvoeren" }).click();
    await expect(page.getByRole("status")).toContainText("2 personen gewijzigd");
    await expect(page.getByText("Niemand voldoet aan deze zoekopdracht")).toBeVisible();
    await page.goto(`/personnel/users/inactive?q=${prefix}`);
    await expect(page.locator('input[name="ids"]')).toHaveCount(2);
  });
});
