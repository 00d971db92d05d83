/**
 * Competence sets (decision 1412), with JavaScript on and off: HR makes a set (a mistake first, answered
 * next to the field with the chosen level kept), applies it to a position and finds it in the matrix.
 */
import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test("HR makes a competence set and applies it to a position", async ({ page }) => {
  const s = stamp();
  const competence = `Sets ${s}`;
  const set = `Set ${s}`;
  await signIn(page, demoUsers.hr, { at: "/competences/book/add" });
  await page.getByLabel("Naam").fill(competence);
  await page.getByRole("button", { name: "Competentie toevoegen" }).click();
  await expect(page.getByRole("status")).toContainText("De competentie is toegevoegd");

  // The menu's Competences › Sets (Criteria has a "Sets" entry too).
  await page.getByRole("navigation", { name: "Hoofdmenu" }).locator('a[href="/competences/sets"]').click();
  await expect(page.getByRole("heading", { level: 1, name: "Competentiesets" })).toBeVisible();
  await page.getByRole("link", { name: "Nieuwe set" }).click();
  await page.getByLabel(competence).selectOption({ label: "2 – Basis" });
  await page.getByRole("button", { name: "Set opslaan" }).click();
  await expect(page.getByText("Naam is verplicht").first()).toBeVisible();
  await expect(page.getByLabel(competence)).toHaveValue(/:2$/);

  await page.getByLabel("Naam").fill(set);
  await page.getByRole("button", { name: "Set opslaan" }).click();
  await expect(page.getByRole("status")).toContainText("De set is opgeslagen");
  await expect(page.getByRole("row", { name: new RegExp(set) })).toContainText(competence);

  await page.getByRole("link", { name: `Set ${set}: toepassen op functies` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Set ${set} toepassen` })).toBeVisible();
  await page.getByRole("button", { name: "Set toepassen" }).click();
  await expect(page.getByText("Kies minstens één functie").first()).toBeVisible();
  await page.getByLabel("Verzorgende IG", { exact: true }).check();
  await page.getByRole("button", { name: "Set toepassen" }).click();
  await expect(page.getByRole("status")).toContainText("Set toegepast op 1 functie(s): 1 toegevoegd, 0 gewijzigd");
  await expect(page.getByRole("heading", { level: 1, name: "Competentiematrix" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: new RegExp(competence) })).toBeVisible();
});
