import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, invitations } from "#db/schema";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { createUserWithMembership } from "../factories";
import { expect, inviteAs, signInThroughForm, test } from "./fixtures";
import { linkPath, waitForMail } from "./mail";

/** A new colleague without a password, invited through the same service the personnel screens use. */
async function invitedColleague(prefix: string) {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const { user, membership } = await createUserWithMembership(getDb(), {
    accountId: cluster.accountId,
    clusterId: cluster.id,
    email: `${prefix}-${stamp}@e2e.demo.nl`,
    firstName: "Noor",
    lastName: "Nieuw",
    password: null,
    verified: false,
    access: false,
  });
  await inviteAs(demoUsers.hr, [membership.id]);
  return { user, membership, organisation: cluster.name };
}

test.describe("invitations", () => {
  test("accept: choose a password, land on the introduction, sign in later", async ({ page }) => {
    const { user, organisation } = await invitedColleague("invite");
    const mail = await waitForMail(user.email, "Je bent uitgenodigd voor Teamontwikkeling");
    expect(mail.text).toContain(`${organisation} nodigt je uit`);
    await page.goto(linkPath(mail.text, "/invitation/"));
    await expect(page.getByRole("heading", { level: 1, name: "Uitnodiging accepteren" })).toBeVisible();
    await page.getByLabel("Wachtwoord", { exact: true }).fill("Welkom");
    await page.getByLabel("Herhaal wachtwoord").fill("Welkom");
    await page.getByRole("button", { name: "Wachtwoord opslaan en starten" }).click();
    await expect(page.locator("#invitation-password-error")).toContainText(
      "Wachtwoord moet tenminste uit 8 karakters bestaan",
    );
    await page.getByLabel("Wachtwoord", { exact: true }).fill("Nieuwe-Collega-1");
    await page.getByLabel("Herhaal wachtwoord").fill("Nieuwe-Collega-1");
    await page.getByRole("button", { name: "Wachtwoord opslaan en starten" }).click();
    await expect(page).toHaveURL(/\/dashboard\/introduction$/);
    await expect(page.getByTestId("user-name")).toHaveText("Noor Nieuw");

    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInThroughForm(page, user.email, "Nieuwe-Collega-1");
  });

  test("an expired invitation says so", async ({ page }) => {
    const { user, membership } = await invitedColleague("invite-expired");
    const mail = await waitForMail(user.email, "Je bent uitgenodigd voor Teamontwikkeling");
    await getDb()
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.membershipId, membership.id));
    await page.goto(linkPath(mail.text, "/invitation/"));
    await expect(page.getByRole("alert")).toHaveText("De uitnodiging is verlopen. Contacteer je leidinggevende.");
  });
});
