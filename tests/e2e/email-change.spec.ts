import { demoUsers } from "../../seed/demo-data";
import { createEmployee, expect, signInThroughForm, test, waitForHydrationOnGoto } from "./fixtures";
import { linkPath, waitForMail } from "./mail";

test.describe("changing someone's e-mail address (docs/decisions/0620)", () => {
  test("the page shows the new address as pending until its owner confirms it", async ({ page, browser }) => {
    const employee = await createEmployee(`wijzig-${test.info().project.name}`);
    const newEmail = `nieuw-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.demo.nl`;
    await signInThroughForm(page, demoUsers.hr);
    await page.goto(`/personnel/users/active?q=${encodeURIComponent(employee.email)}`);
    await page.getByRole("link", { name: "Femke Test" }).click();
    await expect(page).toHaveURL(/\/personnel\/user\/[0-9a-f-]+\/details$/);
    const details = page.url();

    await page.getByLabel("E-mailadres").fill(newEmail);
    await page.getByRole("button", { name: "Gegevens opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Het nieuwe e-mailadres moet nog worden bevestigd");
    await expect(page.getByTestId("email-pending")).toContainText(`Wacht op bevestiging van ${newEmail}`);
    // Nothing changes until the new address confirms.
    await expect(page.getByLabel("E-mailadres")).toHaveValue(employee.email);

    // The owner opens the link in their own browser.
    const mail = await waitForMail(newEmail, "Bevestig je nieuwe e-mailadres");
    const { baseURL, javaScriptEnabled } = test.info().project.use;
    const owner = await browser.newContext({ baseURL, javaScriptEnabled, locale: "nl-NL" });
    const ownerPage = await owner.newPage();
    if (javaScriptEnabled !== false) waitForHydrationOnGoto(ownerPage, baseURL);
    await ownerPage.goto(linkPath(mail.text, "/confirm-email/"));
    await ownerPage.getByRole("button", { name: "E-mailadres bevestigen" }).click();
    await expect(ownerPage).toHaveURL(/\/login$/);
    await expect(ownerPage.getByRole("status")).toContainText("Je e-mailadres is gewijzigd");
    await owner.close();

    await page.goto(details);
    await expect(page.getByLabel("E-mailadres")).toHaveValue(newEmail);
    await expect(page.getByTestId("email-pending")).toHaveCount(0);
  });
});
