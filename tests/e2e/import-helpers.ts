import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** A personnel export as Dutch Excel writes it: semicolons, Windows-1252. */
function personnelCsv(stamp: string) {
  const rows = [
    "Personeelsnummer;Voornaam;Achternaam;E-mail;Team",
    `E2E-${stamp};Jörg;Import;import-${stamp}@e2e.demo.nl;Importteam ${stamp}`,
    `E2E-${stamp}-x;Fout;Adres;geen-adres;Importteam ${stamp}`,
  ];
  return Buffer.from(rows.join("\r\n"), "latin1");
}

export async function uploadAndMapColumns(page: Page, stamp: string) {
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
