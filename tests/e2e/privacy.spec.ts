import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

test.describe("privacy (issue 35): the audit trail and a person's data", () => {
  test("the account admin filters the audit trail by action", async ({ page }) => {
    await signIn(page, demoUsers.admin, { at: "/account/audit" });
    await expect(page.getByRole("heading", { name: "Audittrail" })).toBeVisible();
    await page.getByLabel("Actie").selectOption("read.dialog");
    await page.getByRole("button", { name: "Filteren" }).click();
    await expect(page).toHaveURL(/action=read\.dialog/);
    const rows = page.getByRole("row");
    await expect(rows.nth(1)).toContainText("read.dialog");
    await expect(page.getByRole("cell", { name: "settings.review" })).toHaveCount(0);
  });

  test("everyone downloads their own data from the profile", async ({ page }) => {
    await signIn(page, demoUsers.medewerker, { at: "/my/profile/details" });
    const own = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download als JSON" }).click();
    expect((await own).suggestedFilename()).toMatch(/^personal-data-.*\.json$/);
  });

  test("the account admin downloads a person's data from the personnel page", async ({ page }) => {
    await signIn(page, demoUsers.admin, { at: "/personnel/users/active?q=medewerker%40demo.nl" });
    await page.getByRole("link", { name: "Lotte Jansen" }).click();
    await expect(page.getByRole("heading", { name: "Gegevens van deze persoon" })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download als Excel" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });
});
