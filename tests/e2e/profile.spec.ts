import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { memberships, tasks } from "#db/schema";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { enqueue } from "#jobs/enqueue.server";
import { stopSenderBoss } from "#jobs/boss.server";
import { createEmployee, expect, signIn, test } from "./fixtures";
import { linkPath, waitForMail } from "./mail";

test.describe("my profile", () => {
  test("saves name and digest frequency", async ({ page }) => {
    const user = await createEmployee("profile");
    await signIn(page, user.email, { at: "/my/profile/details" });
    await page.getByLabel("Voornaam").fill("Sanne");
    await page.getByLabel("Achternaam").fill("van Dijk");
    await page.getByLabel("Hoe vaak wil je een overzicht per e-mail?").selectOption("biweekly");
    await page.getByRole("button", { name: "Gegevens opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Je gegevens zijn opgeslagen");
    await page.reload();
    await expect(page.getByLabel("Voornaam")).toHaveValue("Sanne");
    await expect(page.getByLabel("Hoe vaak wil je een overzicht per e-mail?")).toHaveValue("biweekly");
    await expect(page.getByTestId("user-name")).toHaveText("Sanne van Dijk");
  });

  test("an empty name is refused next to the field, and the other choices are kept", async ({ page }) => {
    const user = await createEmployee("profile-empty");
    await signIn(page, user.email, { at: "/my/profile/details" });
    await page.getByLabel("Voornaam").fill("");
    await page.getByLabel("Achternaam").fill("");
    await page.getByLabel("Hoe vaak wil je een overzicht per e-mail?").selectOption("fourweekly");
    await page.getByRole("button", { name: "Gegevens opslaan" }).click();
    await expect(page.locator("#profile-details-firstName-error")).toHaveText(
      "Vul tenminste een voornaam of een achternaam in",
    );
    await expect(page.getByLabel("Hoe vaak wil je een overzicht per e-mail?")).toHaveValue("fourweekly");
  });

  test("e-mail updates: choose weekly, get a digest, unsubscribe signed out with its link, see it in the profile", async ({
    page,
  }) => {
    const user = await createEmployee("profile-digest");
    const frequency = page.getByLabel("Hoe vaak wil je een overzicht per e-mail?");
    await signIn(page, user.email, { at: "/my/profile/details" });
    await frequency.selectOption({ label: "Elke week" });
    await page.getByRole("button", { name: "Gegevens opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Je gegevens zijn opgeslagen");

    // Something new for the digest: an overdue task of their own. The schedule's run, for this user only.
    const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, user.id));
    await getDb()
      .insert(tasks)
      .values({
        accountId: membership.accountId,
        clusterId: membership.clusterId,
        type: "task",
        title: "Verlopen taak voor het overzicht",
        senderId: membership.id,
        receiverId: membership.id,
        dueDate: new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10),
        seenAt: new Date(),
      });
    await enqueue("digests", { only: [membership.id] });
    await stopSenderBoss();
    const mail = await waitForMail(user.email, /^Je weekoverzicht van /);
    expect(mail.text).toContain("Verlopen taak voor het overzicht");

    // Signed out, the link asks first; the button unsubscribes. (Wait for the sign-out to land: a navigation
    // during it would drop the answer that clears the cookie, and the next page would say "session expired".)
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(linkPath(mail.text, "/unsubscribe/"));
    await page.getByRole("button", { name: "Afmelden" }).click();
    await expect(page.getByText("Je bent afgemeld")).toBeVisible();

    // The profile link survives the sign-in redirect and shows the new choice.
    await page.goto(linkPath(mail.text, "/my/profile"));
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fmy%2Fprofile/);
    await page.getByLabel("E-mailadres").fill(user.email);
    await page.getByLabel("Wachtwoord").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Inloggen", exact: true }).click();
    await expect(page).toHaveURL(/\/my\/profile\/details$/);
    await expect(frequency).toHaveValue("none");
  });

  test("changes the password with the spec's rules", async ({ page }) => {
    const user = await createEmployee("profile-password");
    await signIn(page, user.email, { at: "/my/profile/password" });
    await page.getByLabel("Huidig wachtwoord").fill("Welkom!2026");
    await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill("kort");
    await page.getByLabel("Herhaal nieuw wachtwoord").fill("kort");
    await page.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
    await expect(page.locator("#profile-password-password-error")).toContainText(
      "Wachtwoord moet tenminste uit 8 karakters bestaan",
    );
    await expect(page.locator("#profile-password-password-error")).toContainText("Gebruik tenminste 1 hoofdletter");

    await page.getByLabel("Huidig wachtwoord").fill("Welkom!2026");
    await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Zomer-Vakantie-27");
    await page.getByLabel("Herhaal nieuw wachtwoord").fill("Zomer-Vakantie-27");
    await page.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
    await expect(page.getByRole("status")).toContainText("Je wachtwoord is gewijzigd");

    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, user.email, "Zomer-Vakantie-27");
  });

  test("the tabs work as links and, on a small screen, as a select", async ({ page }) => {
    const user = await createEmployee("profile-tabs");
    await signIn(page, user.email, { at: "/my/profile/details" });
    await page
      .getByRole("navigation", { name: "Onderdelen van het profiel" })
      .getByRole("link", { name: "Wachtwoord" })
      .click();
    await expect(page).toHaveURL(/\/my\/profile\/password$/);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole("combobox", { name: "Onderdelen van het profiel" }).selectOption("details");
    await page.getByRole("button", { name: "Openen" }).click();
    await expect(page).toHaveURL(/\/my\/profile\/details$/);
  });
});
