import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { seedLarge } from "../../seed/large";
import { largeSize } from "../../seed/large-size";
import { expect, signIn, test } from "./fixtures";

/** A small large seed (decision 1800): 700 people in 56 teams, one finished round — more teams than a page shows. */
const size = largeSize(700);

/** Seeded once per e2e database; the lock keeps the js and no-js runs from seeding it twice side by side. */
async function seedManyTeams() {
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('e2e-criteria-teams-shown'))`);
    await seedLarge(process.env.DATABASE_URL!, size);
  });
}

// Runs with JavaScript on and off: the tab is a link and the team filter a GET form.
test("criteria analytics' teams tab shows 50 of 56 teams and says so; the team filter opens any team", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await seedManyTeams();
  await signIn(page, size.hrEmail, { at: "/analytics/criteria/teams?period=all" });
  await expect(page.getByRole("heading", { level: 1, name: "Criteria-analyse" })).toBeVisible();
  const notice = page.getByTestId("teams-shown-notice");
  await expect(notice).toContainText("50 van de 56 teams getoond.");
  await expect(notice).toContainText("laagste gemiddelde");
  await expect(notice).toContainText("de export bevat alle teams");
  // The table under the chart: a header row and 50 teams.
  await expect(page.getByTestId("criteria-teams-table").locator("tbody tr")).toHaveCount(50);

  await page.getByLabel("Team", { exact: true }).fill("Team 56");
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page.getByTestId("criteria-teams-table").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("criteria-teams-table")).toContainText("Team 56");
  await expect(page.getByTestId("teams-shown-notice")).toHaveCount(0);
});
