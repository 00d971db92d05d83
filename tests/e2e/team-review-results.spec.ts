import fs from "node:fs";
import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { reviewSubjects } from "#db/schema";
import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { createLeaderRound } from "./support/reviews";

test.describe("team review results", () => {
  test("grid, sorted table with export, summary, compare and the employee report", async ({ page }) => {
    test.setTimeout(90_000);
    const noJs = test.info().project.name === "no-js";
    const { roundId, teamReviews } = await createLeaderRound({ scoreAll: 1, finish: true });
    const [subject] = await getDb()
      .select({ membershipId: reviewSubjects.membershipId })
      .from(reviewSubjects)
      .where(eq(reviewSubjects.reviewId, teamReviews[0].id));
    await signIn(page, demoUsers.hr);

    // The grid: every person placed, the text summary and the data table under it.
    await page.goto(`/review/result/${roundId}`);
    await expect(page).toHaveURL(new RegExp(`/review/result/${roundId}/grid$`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Resultaten: Teamreview");
    await expect(page.getByTestId("grid-summary")).toContainText("mensen:");
    const chips = page.getByTestId("grid").getByRole("link");
    expect(await chips.count()).toBeGreaterThan(1);
    await expect(page.getByTestId("no-finished")).toHaveCount(0);

    // Filter by team with the GET form.
    await page.getByLabel("Team").selectOption(teamReviews[0].id);
    await page.getByRole("button", { name: "Filteren" }).click();
    await expect(page).toHaveURL(new RegExp(`team=${teamReviews[0].id}`));

    // The table, sorted by a column through a link.
    await page.getByRole("link", { name: "Tabel" }).click();
    await expect(page).toHaveURL(new RegExp(`/table\\?team=${teamReviews[0].id}`));
    await page.getByRole("link", { name: "Prestatie (oplopend sorteren)" }).click();
    await expect(page).toHaveURL(/sort=performance&dir=asc/);
    await expect(page.locator('th[aria-sort="ascending"]')).toContainText("Prestatie");
    await page.getByRole("link", { name: "Prestatie (aflopend sorteren)" }).click();
    await expect(page).toHaveURL(/sort=performance&dir=desc/);
    await expect(page.locator('th[aria-sort="descending"]')).toContainText("Prestatie");
    await expect(page.getByTestId("results-table").getByRole("row")).not.toHaveCount(1);

    // The export downloads an .xlsx (a zip: PK).
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Exporteren naar Excel" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const file = fs.readFileSync((await download.path())!);
    expect(file.subarray(0, 2).toString()).toBe("PK");

    // The summary: roles per team and levels per dimension.
    await page.goto(`/review/summary/${roundId}`);
    await expect(page).toHaveURL(new RegExp(`/review/summary/${roundId}/grid$`));
    await expect(page.getByTestId("roles-table")).toContainText("Totaal");
    await expect(page.getByTestId("summary-text")).toContainText("mensen:");
    await page.getByRole("link", { name: "Niveaus per dimensie" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Prestatie" })).toBeVisible();
    await expect(page.getByTestId("levels-table-1")).toContainText("Uitstekend");

    // Compare, from the grid's data table.
    await page.goto(`/review/result/${roundId}/grid`);
    await page.getByRole("link", { name: "Vergelijken" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Vergelijken:");
    await expect(page.getByTestId("compare-1")).toContainText("Teamgemiddelde");
    await expect(page.getByTestId("previous").or(page.getByTestId("no-previous"))).toBeVisible();

    // The employee report with the print button only with JavaScript, and the goal form in both.
    await page.goto(`/teamreview/${teamReviews[0].id}/compare/${subject.membershipId}`);
    await page.getByRole("link", { name: "Naar het medewerkerrapport" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Medewerkerrapport:");
    await expect(page.getByRole("button", { name: "Afdrukken" })).toHaveCount(noJs ? 0 : 1);
    const goal = `Meer regie nemen ${Date.now()}`;
    await page.getByRole("textbox", { name: "Ontwikkeldoel" }).fill(goal);
    await page.getByRole("button", { name: "Ontwikkeldoel opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Het ontwikkeldoel is opgeslagen");
    await expect(page.getByTestId("report-goal")).toHaveText(goal);
    await page.getByRole("textbox", { name: "Ontwikkeldoel" }).fill("x".repeat(2001));
    await page.getByRole("button", { name: "Ontwikkeldoel opslaan" }).click();
    await expect(page.getByText("Ontwikkeldoel mag hoogstens 2000 tekens lang zijn").first()).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Ontwikkeldoel" })).toHaveValue("x".repeat(2001));
  });

  test("says so when no team review is finished yet", async ({ page }) => {
    const { roundId } = await createLeaderRound();
    await signIn(page, demoUsers.hr, { at: `/review/result/${roundId}/table` });
    await expect(page.getByTestId("no-finished")).toContainText("nog geen afgeronde teamreviews");
  });
});
