import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

/** A personnel export as Dutch Excel writes it: semicolons, Windows-1252. */
function personnelCsv(stamp: string) {
  const rows = [
    "Personeelsnummer;Voornaam;Achternaam;E-mail;Team",
    `E2E-${stamp};Jörg;Import;import-${stamp}@e2e.demo.nl;Importteam ${stamp}`,
    `E2E-${stamp}-x;Fout;Adres;geen-adres;Importteam ${stamp}`,
  ];
  return Buffer.from(rows.join("\r\n"), "latin1");
}

async function uploadAndMapColumns(page: Page, stamp: string) {
  await page.goto("/import");
  await page.getByLabel("Bestand", { exact: true }).setInputFiles({
    name: `personeel-${stamp}.csv`,
    mimeType: "text/csv",
    buffer: personnelCsv(stamp),
  });
  await page.getByRole("button", { name: "Bestand uploaden" }).click();
  await expect(page).toHaveURL(/\/import\/excel\//);
  // The job reads the file; the page refreshes itself (no JavaScript) or revalidates until it is done.
  await expect(page.getByRole("button", { name: "Vergelijken" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel("E-mail", { exact: true })).toHaveValue("email");
}

test("a personnel file goes from upload through the columns and decisions to the history", async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await signIn(page, demoUsers.admin);
  await uploadAndMapColumns(page, stamp);
  await page.getByRole("button", { name: "Vergelijken" }).click();

  await expect(page.getByRole("heading", { name: "Ontbrekend" })).toBeVisible({ timeout: 30_000 });
  // The bad row is shown next to its row number; the good row goes on.
  await expect(page.getByRole("row", { name: /geen-adres.*Typ een geldig e-mail adres/ })).toBeVisible();
  await page.getByRole("button", { name: "Iedereen behouden" }).click();
  // The page has answered when the decisions show (with JavaScript the click is a fetch).
  await expect(page.getByRole("radio", { name: "Behouden" }).first()).toBeChecked();
  await page.getByRole("button", { name: "Opslaan en verder" }).click();

  await expect(page.getByRole("heading", { name: "Nieuw", exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Importteam ${stamp}.*Nieuw team`) })).toBeVisible();
  // Moving on with undecided changes asks for a confirmation first.
  await page.getByRole("button", { name: "Opslaan en verder" }).click();
  await expect(page.getByRole("alert")).toContainText("nog niet beslist");
  await page.getByRole("button", { name: "Alles overnemen" }).click();
  await expect(page.getByRole("radio", { name: "Overnemen", exact: true }).first()).toBeChecked();
  await page.getByRole("button", { name: "Opslaan en verder" }).click();

  await expect(page.getByRole("heading", { name: "Wijzigingen" })).toBeVisible();
  await page.getByRole("button", { name: "Opslaan en verder" }).click();
  // Contracts only when their columns are mapped (spec §5); this file has none.
  await expect(page.getByText("Koppel de kolommen Begin contract en Functie contract")).toBeVisible();
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

test("the import steps have no serious accessibility violations", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs inside the page");
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const violations = async () =>
    (
      await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze()
    ).violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  await signIn(page, demoUsers.admin);
  await page.goto("/import");
  expect(await violations()).toEqual([]);
  await uploadAndMapColumns(page, stamp);
  expect(await violations()).toEqual([]);
  await page.getByRole("button", { name: "Vergelijken" }).click();
  await expect(page.getByRole("heading", { name: "Ontbrekend" })).toBeVisible({ timeout: 30_000 });
  expect(await violations()).toEqual([]);
});
