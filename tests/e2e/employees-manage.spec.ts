import { demoUsers } from "../../seed/demo-data";
import { createEmployee, expect, signIn, test } from "./fixtures";

function unique(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

async function openEmployee(page: import("@playwright/test").Page, prefix: string) {
  await page.goto(`/personnel/users/active?q=${prefix}`);
  await page.getByRole("link", { name: "Femke Test" }).first().click();
  await expect(page).toHaveURL(/\/personnel\/user\/[0-9a-f-]+\/details$/);
}

test.describe("managing employees", () => {
  test("remove an employee through the confirm page and restore them", async ({ page }) => {
    const prefix = unique("remove");
    await createEmployee(prefix);
    await signIn(page, demoUsers.hr);
    await openEmployee(page, prefix);
    await page.getByRole("link", { name: "Persoon verwijderen" }).click();
    await page.getByRole("button", { name: "Persoon verwijderen" }).click();
    await expect(page).toHaveURL(/\/personnel\/users\/removed$/);
    await expect(page.getByRole("status")).toContainText("De persoon is verwijderd");
    await page.goto(`/personnel/users/removed?q=${prefix}`);
    await page.getByRole("link", { name: "Femke Test" }).click();
    await page.getByRole("button", { name: "Persoon herstellen" }).click();
    await expect(page.getByRole("status")).toContainText("De persoon is hersteld");
    await page.goto(`/personnel/users/active?q=${prefix}`);
    await expect(page.locator('input[name="ids"]')).toHaveCount(1);
  });

  test("merge two employees, choosing which remains", async ({ page }) => {
    const prefix = unique("merge");
    const first = await createEmployee(`${prefix}-a`);
    const second = await createEmployee(`${prefix}-b`);
    await signIn(page, demoUsers.hr, { at: `/personnel/users/active?q=${first.email}` });
    await page.getByRole("link", { name: "Femke Test" }).click();
    await page.getByRole("link", { name: "Samenvoegen met een andere persoon" }).click();
    await page.getByLabel("Zoek op naam, e-mail of personeelsnummer").fill(second.email);
    await page.getByRole("button", { name: "Zoeken" }).click();
    await page.getByLabel(`Femke Test (${second.email})`).check();
    await page.getByLabel("De gekozen persoon").check();
    await page.getByRole("button", { name: "Personen samenvoegen" }).click();
    await expect(page.getByRole("status")).toContainText("De personen zijn samengevoegd");
    await expect(page.getByLabel("E-mailadres")).toHaveValue(second.email);
    await page.goto(`/personnel/users/removed?q=${first.email}`);
    await expect(page.locator('input[name="ids"]')).toHaveCount(1);
  });

  test("edit a contract, delete it through its confirm page; save roles and tags", async ({ page }) => {
    const prefix = unique("contract");
    await createEmployee(prefix);
    await signIn(page, demoUsers.hr);
    await openEmployee(page, prefix);
    const base = page.url().replace(/\/details$/, "");
    await page.goto(`${base}/contracts`);
    await page.getByLabel("Functie").selectOption({ index: 1 });
    await page.getByLabel("Begindatum").fill("1-2-2026");
    await page.getByLabel("Einddatum").fill("31-01-2027");
    await page.getByRole("button", { name: "Contract opslaan" }).click();
    await expect(page.getByRole("cell", { name: "01-02-2026", exact: true })).toBeVisible();

    await page.getByRole("link", { name: /^Wijzigen/ }).click();
    await expect(page.getByRole("heading", { name: "Contract wijzigen" })).toBeVisible();
    await expect(page.getByLabel("Begindatum")).toHaveValue("01-02-2026");
    await page.getByLabel("Einddatum").fill("31-12-2025");
    await page.getByLabel("Uren per week").fill("32");
    await page.getByRole("button", { name: "Contract opslaan" }).click();
    await expect(page.getByText("De einddatum ligt voor de begindatum").first()).toBeVisible();
    await expect(page.getByLabel("Uren per week")).toHaveValue("32");
    await page.getByLabel("Einddatum").fill("31-12-2028");
    await page.getByRole("button", { name: "Contract opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Het contract is gewijzigd");
    await expect(page.getByRole("cell", { name: "31-12-2028", exact: true })).toBeVisible();

    await page.getByRole("link", { name: /^Verwijderen/ }).click();
    await page.getByRole("button", { name: "Contract verwijderen" }).click();
    await expect(page.getByRole("status")).toContainText("Het contract is verwijderd");
    await expect(page.getByText("Deze persoon heeft nog geen contract.")).toBeVisible();

    await page.goto(`${base}/roles`);
    await page.getByLabel("Adviseur").check();
    await page.getByRole("button", { name: "Rollen opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("De rollen zijn opgeslagen");
    await expect(page.getByLabel("Adviseur")).toBeChecked();

    await page.goto(`${base}/tags`);
    await page.getByRole("button", { name: "Tags opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("De tags zijn opgeslagen");
  });
});
