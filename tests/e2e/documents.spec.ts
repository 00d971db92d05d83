import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

// The documents a customer signs and reads (issue 35, decisions 1570, 1571); axe scans them in accessibility.spec.ts.
test.describe("documents at file/{slug}", () => {
  test("the account admin opens the register from the menu, the agreement from it, and downloads the register", async ({
    page,
  }) => {
    await signIn(page, demoUsers.admin, { at: "/account/audit" });
    await page.getByRole("link", { name: "Verwerkingsregister" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Verwerkingsregister" })).toBeVisible();
    await expect(page.getByText("Verwerkingsverantwoordelijke: Demo BV")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Peer reviews" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Bewaartermijn" }).first()).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download (Engels)" }).click();
    expect((await download).suggestedFilename()).toBe("processing-register-en.html");

    await page.goto("/file/processing-agreement");
    await expect(page.getByRole("heading", { level: 1, name: "Verwerkersovereenkomst" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Artikel 11. Meldplicht datalekken" })).toBeVisible();
    await page.getByRole("link", { name: "Terug naar het dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
