/**
 * The persons list's Excel export (decision 1413), with JavaScript on and off: HR filters the list and
 * downloads exactly those people as a workbook.
 */
import { readFile } from "node:fs/promises";
import { readXlsx } from "../support/xlsx";
import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

test("HR downloads the filtered persons list as an Excel workbook", async ({ page }) => {
  await signIn(page, demoUsers.hr, { at: "/personnel/users/active" });
  await page.getByLabel("Zoek op naam, e-mail of personeelsnummer").fill(demoUsers.medewerker);
  await page.getByRole("button", { name: "Zoeken" }).click();
  await expect(page.getByRole("cell", { name: demoUsers.medewerker })).toBeVisible();
  // The unfiltered first page shows this person too: wait until the search has reached the page.
  const exportLink = page.getByRole("link", { name: "Exporteren naar Excel" });
  await expect(exportLink).toHaveAttribute("href", new RegExp(encodeURIComponent(demoUsers.medewerker)));

  const [download] = await Promise.all([page.waitForEvent("download"), exportLink.click()]);
  expect(download.suggestedFilename()).toBe("personen-actief.xlsx");
  const path = await download.path();
  const [sheet] = await readXlsx(await readFile(path));
  const emails = sheet.rows.slice(1).map((r) => r[3]);
  expect(emails).toEqual([demoUsers.medewerker]);
});
