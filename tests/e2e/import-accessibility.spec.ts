import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";
import { uploadAndMapColumns } from "./import-helpers";

// axe runs inside the page: like accessibility.spec.ts, this file runs in the js project only.
test("the import steps have no serious accessibility violations", async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  await signIn(page, demoUsers.admin);
  await page.goto("/import");
  expect(await seriousViolations(page)).toEqual([]);
  await uploadAndMapColumns(page, stamp);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Vergelijken" }).click();
  await expect(page.getByRole("heading", { name: "Ontbrekend" })).toBeVisible({ timeout: 30_000 });
  expect(await seriousViolations(page)).toEqual([]);
});

test("the connector pages have no serious accessibility violations", async ({ page }) => {
  await signIn(page, demoUsers.admin);
  for (const [path, label] of [
    ["/import/afas", "Omgevings-URL"],
    ["/import/polaris", "API-adres"],
  ]) {
    await page.goto(path);
    // With a message next to a field, as HR sees it after a mistake.
    await page.getByLabel(label).fill("geen adres");
    await page.getByRole("button", { name: "Koppeling opslaan" }).click();
    await expect(page.getByText("Vul een geldig http- of https-adres in.").first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  }
});
