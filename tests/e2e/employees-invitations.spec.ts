import { demoUsers } from "../../seed/demo-data";
import { createEmployee, expect, signIn, test } from "./fixtures";

function unique(prefix: string) {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

test.describe("employee invitations", () => {
  test("bulk invite from the list shows them as pending on the invited tab; uninvite withdraws", async ({ page }) => {
    const prefix = unique("invite");
    await createEmployee(prefix);
    await createEmployee(prefix);
    await signIn(page, demoUsers.hr, { at: `/personnel/users/active?q=${prefix}` });
    await expect(page.getByText("2 personen")).toBeVisible();
    for (const box of await page.locator('input[name="ids"]').all()) await box.check();
    await page.getByLabel("Actie").selectOption("invite");
    await page.getByRole("button", { name: "Uitvoeren" }).click();
    await expect(page.getByRole("status")).toContainText("2 personen gewijzigd");

    await page.goto(`/personnel/users/invited?q=${prefix}`);
    await expect(page.getByRole("columnheader", { name: "Uitnodiging" })).toBeVisible();
    await expect(page.getByTestId("invitation-status")).toHaveText(["In afwachting", "In afwachting"]);

    await page.locator('input[name="ids"]').first().check();
    await page.getByLabel("Actie").selectOption("uninvite");
    await page.getByRole("button", { name: "Uitvoeren" }).click();
    await expect(page.getByRole("status")).toContainText("1 persoon gewijzigd");
    await expect(page.locator('input[name="ids"]')).toHaveCount(1);
  });

  test("invite and uninvite from the employee page", async ({ page }) => {
    const prefix = unique("invite-one");
    const user = await createEmployee(prefix);
    await signIn(page, demoUsers.hr, { at: `/personnel/users/active?q=${prefix}` });
    await page.getByRole("link", { name: "Femke Test" }).click();
    await expect(page.getByTestId("invitation-status")).toHaveText("Niet uitgenodigd");
    await page.getByRole("button", { name: "Uitnodigen" }).click();
    await expect(page.getByRole("status")).toContainText("Uitnodiging verstuurd");
    await expect(page.getByTestId("invitation-status")).toHaveText("In afwachting");
    await page.getByRole("button", { name: "Uitnodiging intrekken" }).click();
    await expect(page.getByRole("status")).toContainText("Uitnodiging ingetrokken");
    await expect(page.getByTestId("invitation-status")).toHaveText("Niet uitgenodigd");
    await page.goto(`/personnel/users/invited?q=${encodeURIComponent(user.email)}`);
    await expect(page.locator('input[name="ids"]')).toHaveCount(0);
  });
});
