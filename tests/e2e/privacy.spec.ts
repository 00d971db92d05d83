import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { memberships, users } from "#db/schema";
import { demoUsers, medewerkerTeam } from "../../seed/demo-data";
import { createEmployee, expect, signIn, test } from "./fixtures";

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

  test("everyone asks for their own data: the page shows the job's progress, then the downloads", async ({ page }) => {
    await signIn(page, demoUsers.medewerker, { at: "/my/profile/details" });
    await page.getByRole("button", { name: "Export aanvragen" }).click();
    await expect(page).toHaveURL(/\/personal-data\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Export van persoonsgegevens" })).toBeVisible();
    // The worker makes it; the page refreshes itself (revalidation, or the meta refresh without JavaScript).
    await expect(page.getByRole("heading", { name: "De export staat klaar" })).toBeVisible({ timeout: 30_000 });
    const json = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download als JSON" }).click();
    expect((await json).suggestedFilename()).toMatch(/^personal-data-.*\.json$/);
  });

  test("the account admin asks for a person's data from the personnel page @js-only", async ({ page }) => {
    await signIn(page, demoUsers.admin, { at: "/personnel/users/active?q=medewerker%40demo.nl" });
    await page.getByRole("link", { name: "Lotte Jansen" }).click();
    await expect(page.getByRole("heading", { name: "Gegevens van deze persoon" })).toBeVisible();
    await page.getByRole("button", { name: "Export aanvragen" }).click();
    await expect(page.getByText("Gegevens van Lotte Jansen")).toBeVisible();
    await expect(page.getByRole("heading", { name: "De export staat klaar" })).toBeVisible({ timeout: 30_000 });
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download als Excel" }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  });

  test("the account admin erases a person in two steps, from the person's page", async ({ page }) => {
    const person = await createEmployee("wissen");
    const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, person.id));
    await signIn(page, demoUsers.admin, { at: `/personnel/user/${membership.id}/details` });
    await page.getByRole("link", { name: "Gegevens van deze persoon wissen…" }).click();
    await expect(page.getByRole("heading", { name: "Gegevens wissen" })).toBeVisible();
    // Without the confirmation nothing happens: a message next to the box.
    await page.getByRole("button", { name: "Definitief wissen" }).click();
    await expect(page.getByText("Vink aan dat je begrijpt dat het wissen definitief is").first()).toBeVisible();
    await page.getByLabel("Ik begrijp dat de gegevens van Femke Test definitief worden gewist").check();
    await page.getByRole("button", { name: "Definitief wissen" }).click();
    await expect(page).toHaveURL(/\/personnel\/users\/removed/);
    await expect(page.getByText("De gegevens zijn gewist")).toBeVisible();
    const [row] = await getDb().select().from(users).where(eq(users.id, person.id));
    expect(row.erasedAt).not.toBeNull();
    expect(row.email).not.toBe(person.email);
  });

  test("the confirm page refuses a leader of an open review and peer round, and names them", async ({ page }) => {
    const [leider] = await getDb()
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(users.email, demoUsers.leider));
    await signIn(page, demoUsers.admin, { at: `/personnel/user/${leider.id}/erase` });
    const refusal = page.getByRole("alert").filter({ hasText: "Deze persoon kan nu niet worden gewist" });
    await expect(refusal).toContainText("doet mee aan een peer review die nog niet is afgerond");
    // The demo's peer round of her team (seed/demo/peer-reviews.ts); other tests may add rounds she takes part in.
    await expect(
      refusal.getByRole("listitem").filter({ hasText: `Peer feedback ${medewerkerTeam} ${new Date().getFullYear()}` }),
    ).not.toHaveCount(0);
    await expect(page.getByRole("button", { name: "Definitief wissen" })).toHaveCount(0);
  });

  test("the account admin sets the retention periods; a bad number gets a message", async ({ page }) => {
    await signIn(page, demoUsers.admin, { at: "/account/settings" });
    const days = page.getByLabel("Importbestanden (dagen)");
    await expect(days).toHaveValue("30");
    await days.fill("0");
    await page.getByRole("button", { name: "Bewaartermijnen opslaan" }).click();
    await expect(page.getByText("Vul een aantal dagen in van 1 tot en met 365").first()).toBeVisible();
    await expect(page.getByLabel("Importbestanden (dagen)")).toHaveValue("0");
    await page.getByLabel("Importbestanden (dagen)").fill("30");
    await page.getByRole("button", { name: "Bewaartermijnen opslaan" }).click();
    await expect(page.getByText("De bewaartermijnen zijn opgeslagen")).toBeVisible();
  });
});
