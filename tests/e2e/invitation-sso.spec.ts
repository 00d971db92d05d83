import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { invitations, users } from "#db/schema";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { expect, hydrated, inviteAs, test } from "./fixtures";
import { linkPath, waitForMail } from "./mail";
import { configureLocalSurfconext, idpUrls, signInAtProvider } from "./support/sso";

const stamp = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** An SSO-only colleague of an account that uses SURFconext, invited through the real service. */
async function invitedSsoColleague() {
  const account = await createAccount(getDb(), { modules: [] });
  const cluster = await createClusterFor(getDb(), account.id, { name: `Hogeschool ${stamp()}`, modules: [] });
  await configureLocalSurfconext(account.id);
  const admin = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    roles: [{ role: "cluster_admin" }],
    isAccountAdmin: true,
  });
  const { user, membership } = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    email: `invite-sso-${stamp()}@e2e.demo.nl`,
    firstName: "Sanne",
    lastName: "Surf",
    password: null,
    verified: false,
    access: false,
  });
  await getDb().update(users).set({ loginType: "sso" }).where(eq(users.id, user.id));
  await inviteAs(admin.user.email, [membership.id]);
  const mail = await waitForMail(user.email, "Je bent uitgenodigd voor Teamontwikkeling");
  return { user, membership, invitationPath: linkPath(mail.text, "/invitation/") };
}

test.describe("accepting an invitation with SSO", () => {
  test("another address at the provider is refused; the invited address accepts and lands on the introduction", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { user, membership, invitationPath } = await invitedSsoColleague();
    await page.goto(invitationPath);
    await expect(page.getByRole("heading", { level: 1, name: "Uitnodiging accepteren" })).toBeVisible();
    // SSO only: no password to choose.
    await expect(page.getByLabel("Wachtwoord", { exact: true })).toHaveCount(0);

    await page.getByRole("button", { name: "Inloggen met SURFconext" }).click();
    await expect(page).toHaveURL(new RegExp(`^${idpUrls.surfIssuer}/`));
    await signInAtProvider(page, user.email, `iemand-anders-${stamp()}@e2e.demo.nl`);
    await expect(page).toHaveURL(/\/invitation\/[^/?]+\?sso=emailMismatch$/);
    // Back from the provider by redirect, not page.goto: the button is clicked once React has hydrated.
    await hydrated(page, javaScriptEnabled);
    await expect(page.getByRole("alert")).toContainText(
      `Je bent bij je organisatie ingelogd met een ander e-mailadres dan ${user.email}.`,
    );
    const [pending] = await getDb().select().from(invitations).where(eq(invitations.membershipId, membership.id));
    expect(pending.acceptedAt).toBeNull();

    await page.getByRole("button", { name: "Inloggen met SURFconext" }).click();
    await expect(page).toHaveURL(new RegExp(`^${idpUrls.surfIssuer}/`));
    await signInAtProvider(page, user.email);
    await expect(page).toHaveURL(/\/dashboard\/introduction$/);
    await expect(page.getByTestId("user-name")).toHaveText("Sanne Surf");
  });
});
