import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { uploadAndMapColumns } from "./import-helpers";

test("a personnel file goes from upload through the columns and decisions to the history", async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await signIn(page, demoUsers.admin);
  await uploadAndMapColumns(page, stamp);
  await page.getByRole("button", { name: "Vergelijken" }).click();

  await expect(page.getByRole("heading", { name: "Ontbrekend" })).toBeVisible({ timeout: 30_000 });
  // The bad row is shown next to its row number; the good row goes on.
  await expect(page.getByRole("row", { name: /geen-adres.*Typ een geldig e-mail adres/ })).toBeVisible();
  // Keep, deactivate or end the contract (1240), per person or for all.
  await expect(page.getByRole("button", { name: "Van iedereen het contract beëindigen" })).toBeVisible();
  await page.getByRole("button", { name: "Iedereen behouden" }).click();
  // The page has answered when the decisions show (with JavaScript the click is a fetch).
  await expect(page.getByRole("radio", { name: "Behouden" }).first()).toBeChecked();
  await page.getByRole("button", { name: "Opslaan en verder" }).click();

  await expect(page.getByRole("heading", { name: "Nieuw", exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Importteam ${stamp}.*Nieuw team`) })).toBeVisible();
  // Each new person with the personnel wizard's lookup outcome, and what accepting does (1241).
  const joiner = page.getByRole("row", { name: new RegExp(`Jörg Import`) });
  await expect(joiner.getByTestId("lookup-outcome")).toHaveAttribute("data-outcome", "notFound");
  await expect(joiner.getByRole("radio", { name: "Persoon aanmaken" })).toBeVisible();
  // Moving on with undecided changes asks for a confirmation first.
  await page.getByRole("button", { name: "Opslaan en verder" }).click();
  await expect(page.getByRole("alert")).toContainText("nog niet beslist");
  await page.getByRole("button", { name: "Alles overnemen" }).click();
  await expect(page.getByRole("radio", { name: "Overnemen", exact: true }).first()).toBeChecked();
  await page.getByRole("button", { name: "Opslaan en verder" }).click();

  await expect(page.getByRole("heading", { name: "Wijzigingen" })).toBeVisible();
  await page.getByRole("button", { name: "Opslaan en verder" }).click();
  // Contracts only when their columns are mapped (spec §5); this file has none.
  await expect(page.getByText("Koppel de kolommen Functie en Startdatum contract")).toBeVisible();
  await page.getByRole("button", { name: "Import doorvoeren" }).click();
  await expect(page.getByRole("heading", { name: "Klaar" })).toBeVisible();
  await expect(page.getByText("Mensen toegevoegd")).toBeVisible();

  await page.getByRole("link", { name: "Bekijk alles wat deze import deed" }).click();
  await expect(page.getByRole("heading", { name: "Import bekijken" })).toBeVisible();
  await expect(page.getByText(`personeel-${stamp}.csv`)).toBeVisible();
  await expect(
    page.getByRole("row", { name: new RegExp(`Nieuwe persoon.*Jörg Import.*Overgenomen.*Doorgevoerd`) }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Terug naar import" }).click();
  await expect(page.getByRole("link", { name: `personeel-${stamp}.csv` })).toBeVisible();
});

test("an AFAS-like export: prefix kept, Functie/Startdatum/FTE become contracts, the leader once", async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await signIn(page, demoUsers.admin);
  const csv = [
    "Personeelsnummer;Roepnaam;Tussenvoegsel;Achternaam;E-mail werk;Afdeling;Leidinggevende;Functie;Startdatum;Deeltijdfactor",
    `L-${stamp};Lotte;de;Leider;lotte-${stamp}@e2e.demo.nl;Afas ${stamp};;Teamleider;01-01-2020;1`,
    `H-${stamp};Hüseyin;ter;Vermeulen;huseyin-${stamp}@e2e.demo.nl;Afas ${stamp};L-${stamp};Verpleegkundige;01-03-2021;0,8`,
  ].join("\r\n");
  await page.goto("/import");
  await page.getByLabel("Bestand", { exact: true }).setInputFiles({
    name: `afas-${stamp}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await page.getByRole("button", { name: "Bestand uploaden" }).click();
  await expect(page.getByRole("button", { name: "Vergelijken" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("Tussenvoegsel", { exact: true })).toHaveValue("namePrefix");
  await expect(page.getByLabel("Deeltijdfactor", { exact: true })).toHaveValue("fte");
  await page.getByRole("button", { name: "Vergelijken" }).click();
  await expect(page.getByRole("heading", { name: "Ontbrekend" })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Iedereen behouden" }).click();
  await expect(page.getByRole("radio", { name: "Behouden" }).first()).toBeChecked();
  await page.getByRole("button", { name: "Opslaan en verder" }).click();
  await expect(page.getByRole("row", { name: /Hüseyin ter Vermeulen/ })).toBeVisible();
  await page.getByRole("button", { name: "Alles overnemen" }).click();
  await expect(page.getByRole("radio", { name: "Persoon aanmaken" }).first()).toBeChecked();
  await page.getByRole("button", { name: "Opslaan en verder" }).click();
  // The leader once: as the team's leader (an addition), not also as a second team change.
  await expect(page.getByRole("heading", { name: "Wijzigingen" })).toBeVisible();
  await expect(page.getByRole("row", { name: /Lotte de Leider/ })).toHaveCount(1);
  await expect(page.getByText(`Erbij: teamleider van Afas ${stamp}`)).toBeVisible();
  await page.getByRole("button", { name: "Alles overnemen" }).click();
  await expect(page.getByRole("radio", { name: "Overnemen", exact: true }).first()).toBeChecked();
  await page.getByRole("button", { name: "Opslaan en verder" }).click();
  await expect(
    page.getByRole("row", { name: /Hüseyin ter Vermeulen.*Nieuw contract.*Verpleegkundige.*0,8/ }),
  ).toBeVisible();
  await expect(page.getByRole("row", { name: /Lotte de Leider.*Nieuw contract.*Teamleider/ })).toBeVisible();
  await page.getByRole("button", { name: "Alles overnemen" }).click();
  await expect(page.getByRole("radio", { name: "Overnemen", exact: true }).first()).toBeChecked();
  await page.getByRole("button", { name: "Import doorvoeren" }).click();
  await expect(page.getByRole("heading", { name: "Klaar" })).toBeVisible();
  await expect(page.getByText("Contracten toegevoegd")).toBeVisible();
});
