import { demoClusters, demoReviewNames, demoUserNames, demoUsers, type DemoUserKey } from "../../seed/demo-data";
import { createEmployee, expect, signIn, signInThroughForm, test } from "./fixtures";
import { getDb } from "#db/client.server";
import { roleAssignments, memberships } from "#db/schema";
import { eq } from "drizzle-orm";

const expectedCluster: Record<DemoUserKey, string> = {
  admin: demoClusters.noord,
  hr: demoClusters.noord,
  leider: demoClusters.noord,
  medewerker: demoClusters.noord,
  meerdere: demoClusters.noord,
  andere: demoClusters.andere,
};

test.describe("demo users", () => {
  for (const key of Object.keys(demoUsers) as DemoUserKey[]) {
    test(
      `${demoUsers[key]} can sign in and sees their name and organisation`,
      { tag: "@js-only" },
      async ({ page }) => {
        await signInThroughForm(page, demoUsers[key]);
        await page.goto("/dashboard");
        const { firstName, lastName } = demoUserNames[key];
        await expect(page.getByTestId("user-name")).toHaveText(`${firstName} ${lastName}`);
        await expect(page.getByTestId("current-cluster")).toHaveText(expectedCluster[key]);
      },
    );
  }

  test("the team leader sees the teams they lead on the dashboard", async ({ page }) => {
    await signInThroughForm(page, demoUsers.leider);
    await page.goto("/dashboard");
    const table = page.getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(3); // header + two teams
    await expect(table).toContainText("Teamleider");
    await expect(page.getByRole("region", { name: /^Overzicht van/ })).toHaveCount(0);
  });

  test("HR and the account admin see the cluster's overview: teams, people, open reviews, imports, licence", async ({
    page,
  }) => {
    await signIn(page, demoUsers.hr, { at: "/dashboard" });
    const overview = page.getByRole("region", { name: `Overzicht van ${demoClusters.noord}` });
    await expect(overview.getByRole("link", { name: demoReviewNames.open })).toHaveAttribute(
      "href",
      /\/teamreviews\/overview\?roundId=/,
    );
    await expect(overview).toContainText("Actieve medewerkers");
    await expect(overview).toContainText("Laatste imports");
    // The licence is the account admin's.
    await expect(overview).not.toContainText("Medewerkers met toegang");
    await expect(page.getByText("Je leidinggevende of HR-afdeling kan je aan een team toevoegen")).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(page, demoUsers.admin, { at: "/dashboard" });
    await expect(page.getByRole("region", { name: `Overzicht van ${demoClusters.noord}` })).toContainText(
      "Medewerkers met toegang",
    );
  });
});

test.describe("no organisation", () => {
  test("a user without any role in a cluster is sent to /nocluster and can sign out", async ({ page }) => {
    const user = await createEmployee("nocluster");
    const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, user.id));
    await getDb().delete(roleAssignments).where(eq(roleAssignments.membershipId, membership.id));
    await signInThroughForm(page, user.email, undefined, /\/nocluster$/);
    await expect(page.getByRole("heading", { level: 1, name: "Nog geen organisatie" })).toBeVisible();
    await page.getByRole("button", { name: "Uitloggen" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});
