/**
 * Competences (issue #19, decision 1302), with JavaScript on and off: HR adds a competence tag, tags two
 * new competences, filters the matrix by the tag, merges one competence into the other and renames the tag.
 */
import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test("HR tags competences, filters the matrix by the tag and merges two competences", async ({ page }) => {
  const s = stamp();
  const tag = `Tag ${s}`;
  const [first, second] = [`Eerste ${s}`, `Tweede ${s}`];
  await signIn(page, demoUsers.hr, { at: "/competences/tags" });
  await page.getByRole("button", { name: "Tag toevoegen" }).click();
  await expect(page.getByText("Naam is verplicht").first()).toBeVisible();
  await page.getByLabel("Naam").fill(tag);
  await page.getByRole("button", { name: "Tag toevoegen" }).click();
  await expect(page.getByRole("status")).toContainText("De tag is toegevoegd");
  await expect(page.getByRole("link", { name: tag })).toBeVisible();

  for (const name of [first, second]) {
    await page.goto("/competences/book/add");
    await page.getByLabel("Naam").fill(name);
    await page.getByLabel(tag).check();
    await page.getByRole("button", { name: "Competentie toevoegen" }).click();
    await expect(page.getByRole("status")).toContainText("De competentie is toegevoegd");
  }

  await page.goto("/competences/matrix");
  await page.getByLabel("Tag", { exact: true }).selectOption({ label: tag });
  await page.getByRole("button", { name: "Filteren" }).click();
  await expect(page).toHaveURL(/tag=/);
  await expect(page.getByRole("columnheader", { name: new RegExp(first) })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: new RegExp(second) })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: /Rapporteren/ })).toHaveCount(0);

  await page.goto(`/competences/book?q=${encodeURIComponent(second)}`);
  await page.getByRole("link", { name: second }).click();
  await page.getByRole("link", { name: "Samenvoegen met een andere competentie" }).click();
  await page.getByLabel("Samenvoegen met").selectOption({ label: first });
  await page.getByLabel(`${second} blijft`).check();
  await page.getByRole("button", { name: "Bekijk wat er verandert" }).click();
  await expect(page.getByRole("row", { name: /Tags/ })).toBeVisible();
  await page.getByRole("button", { name: "Competenties samenvoegen" }).click();
  await expect(page.getByRole("status")).toContainText("De competenties zijn samengevoegd");

  await page.goto("/competences/tags");
  await expect(page.getByRole("row", { name: new RegExp(tag) })).toContainText("1");
  await page.getByRole("link", { name: tag }).click();
  await expect(page.getByRole("heading", { level: 1, name: `Tag ${tag}` })).toBeVisible();
  await page.getByLabel("Naam").fill(`${tag} hernoemd`);
  await page.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByRole("status")).toContainText("De tag is opgeslagen");
  await expect(page.getByRole("link", { name: `${tag} hernoemd` })).toBeVisible();
});
