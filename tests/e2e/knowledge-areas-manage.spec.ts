import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, knowledgeAreas } from "#db/schema";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A fresh area of the first demo cluster, so each run (JavaScript on and off) has its own. */
async function freshArea() {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const name = `Valpreventie ${stamp()}`;
  await getDb()
    .insert(knowledgeAreas)
    .values({ accountId: cluster.accountId, clusterId: cluster.id, name, description: "Vallen voorkomen" });
  return name;
}

test("HR renames a knowledge area, archives it after confirming and brings it back", async ({ page }) => {
  const name = await freshArea();
  const renamed = `${name} en mobiliteit`;
  await signIn(page, demoUsers.hr);
  await page.goto("/knowledge-areas/teams");
  await page.getByRole("link", { name: "Kennisgebieden beheren" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Kennisgebieden beheren" })).toBeVisible();

  // Rename: an empty name is refused next to the field, the description typed stays.
  await page.getByRole("link", { name: `${name} wijzigen` }).click();
  await page.getByLabel("Naam").fill("");
  await page.getByLabel("Omschrijving").fill("Vallen voorkomen en bewegen");
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.locator("#knowledge-area-name-error")).toHaveText("Geef het kennisgebied een naam");
  await expect(page.getByLabel("Omschrijving")).toHaveValue("Vallen voorkomen en bewegen");
  await page.getByLabel("Naam").fill(renamed);
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByRole("status")).toContainText("Kennisgebied opgeslagen");
  await expect(page.getByRole("row", { name: new RegExp(renamed) })).toContainText("Vallen voorkomen en bewegen");

  // Archive: a confirmation page first; cancelling changes nothing.
  await page.getByRole("link", { name: `${renamed} archiveren` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${renamed} archiveren?` })).toBeVisible();
  await page.getByRole("link", { name: "Annuleren" }).click();
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
