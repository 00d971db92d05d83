import { demoUsers } from "../../seed/demo-data";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

const steps = [
  "Stap 1: Criteria en sets opzetten",
  "Stap 2: Teamreview door de teamleider",
  "Stap 3: Plaatsing op het raster van ontwikkelrollen",
  "Stap 4: Zelfbeoordelingen en peer reviews",
  "Stap 5: Ontwikkelgesprek en doelen",
  "Stap 6: Opvolging",
];
const roles = ["Ster", "Middenveld", "Presteerder", "Potentieel", "Loopbaanwissel"];

/** Every link in the steps answers 200 at its own address (a page the reader may not open would redirect). */
async function expectLinksOpen(page: Page) {
  const links = page.getByRole("list", { name: /^Pagina's bij stap/ }).getByRole("link");
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.length).toBeGreaterThan(0);
  for (const href of hrefs) {
    const response = await page.request.get(href);
    expect(response.status(), href).toBe(200);
    expect(new URL(response.url()).pathname, href).toBe(href);
  }
  return hrefs;
}

test.describe("guide", () => {
  test("an employee reads the process, with links only to pages they may open, and the interventions", async ({
    page,
  }) => {
    await signIn(page, demoUsers.medewerker, { at: "/guide/process" });
    await expect(page.getByRole("heading", { level: 1, name: "Het beoordelingsproces" })).toBeVisible();
    for (const step of steps) await expect(page.getByRole("heading", { level: 2, name: step })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Criteriaboek", exact: true })).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: "Overzicht van de teamreviews" })).toHaveCount(0);
    const hrefs = await expectLinksOpen(page);
    expect(hrefs).toContain("/guide/intervention");

    await page.getByRole("link", { name: "Interventies per ontwikkelrol" }).first().click();
    await expect(page).toHaveURL(/\/guide\/intervention$/);
    await expect(page.getByRole("heading", { level: 1, name: "Interventies per ontwikkelrol" })).toBeVisible();
    for (const role of roles) await expect(page.getByRole("heading", { level: 2, name: role })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: "Wat je kunt doen" })).toHaveCount(roles.length);
    await page.getByRole("link", { name: "Terug naar het beoordelingsproces" }).click();
    await expect(page).toHaveURL(/\/guide\/process$/);
  });

  test("HR sees the links to the pages HR manages, and every one opens", async ({ page }) => {
    await signIn(page, demoUsers.hr, { at: "/guide/process" });
    for (const step of steps) await expect(page.getByRole("heading", { level: 2, name: step })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Criteriaboek", exact: true })).toBeVisible();
    const hrefs = await expectLinksOpen(page);
    expect(hrefs).toEqual(expect.arrayContaining(["/criteria/book", "/criteria/sets", "/teamreviews/overview"]));

    await page.goto("/guide/intervention");
    for (const role of roles) await expect(page.getByRole("heading", { level: 2, name: role })).toBeVisible();
  });
});
