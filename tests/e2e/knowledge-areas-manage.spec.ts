import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test("HR adds a knowledge area, renames it, archives it after confirming and brings it back", async ({
  page,
}, testInfo) => {
  // A name of its own, so each run (JavaScript on and off) has its own area.
  const name = `Valpreventie ${stamp()}`;
  const renamed = `${name} en mobiliteit`;
  await signIn(page, demoUsers.hr, { at: "/knowledge-areas/teams" });
  await page.getByRole("link", { name: "Kennisgebieden beheren" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kennisgebieden beheren" })).toBeVisible();

  // Add: an empty name is refused next to the field, the description typed stays.
  await page.getByRole("link", { name: "Kennisgebied toevoegen" }).click();
  await page.getByLabel("Omschrijving").fill("Vallen voorkomen");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.locator("#knowledge-area-name-error")).toHaveText("Geef het kennisgebied een naam");
  await expect(page.getByLabel("Omschrijving")).toHaveValue("Vallen voorkomen");
  await page.getByLabel("Naam").fill(name);
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByRole("status")).toContainText("Kennisgebied toegevoegd");

  // Rename, with a new description.
  await page.getByRole("link", { name: `${name} wijzigen` }).click();
  await expect(page.getByLabel("Naam")).toHaveValue(name);
  await page.getByLabel("Naam").fill(renamed);
  await page.getByLabel("Omschrijving").fill("Vallen voorkomen en bewegen");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByRole("status")).toContainText("Kennisgebied opgeslagen");
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toContainText("Vallen voorkomen en bewegen");

  // Archive: a confirmation first (a dialog with JavaScript, a page without); cancelling changes nothing.
  await page.getByRole("link", { name: `${renamed} archiveren` }).click();
  await expect(page.getByRole("heading", { name: `${renamed} archiveren?` })).toBeVisible();
  await page.getByRole(testInfo.project.name === "js" ? "button" : "link", { name: "Annuleren" }).click();
  await page.getByRole("link", { name: `${renamed} archiveren` }).click();
  await page.getByRole("button", { name: "Ja, archiveren" }).click();
  await expect(page.getByRole("status")).toContainText("Kennisgebied gearchiveerd");
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toHaveCount(0);

  // Bring it back from the archived list.
  await page.getByRole("button", { name: `${renamed} terugzetten` }).click();
  await expect(page.getByRole("status")).toContainText("Kennisgebied teruggezet");
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toBeVisible();
  await expect(page.getByRole("button", { name: `${renamed} terugzetten` })).toHaveCount(0);
});
