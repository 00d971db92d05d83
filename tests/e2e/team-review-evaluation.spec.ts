import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { reviewScores, reviewSubjects } from "#db/schema";
import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { createLeaderRound } from "./support/reviews";

/** A fresh round for leider@demo.nl; the team review of the team with the most members. */
async function leaderReview() {
  const round = await createLeaderRound();
  let best = { id: "", subjects: 0 };
  for (const review of round.teamReviews) {
    const subjects = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.reviewId, review.id));
    if (subjects.length > best.subjects) best = { id: review.id, subjects: subjects.length };
  }
  expect(best.subjects).toBeGreaterThanOrEqual(3);
  return { ...best, name: round.teamReviews[0].name };
}

test.describe("team review evaluation", () => {
  test("the leader scores three members, finishes and sees the review read-only", async ({ page }) => {
    test.setTimeout(90_000);
    const noJs = test.info().project.name === "no-js";
    const review = await leaderReview();
    await signIn(page, demoUsers.leider, { at: `/review/evaluation/${review.id}` });
    await expect(page.getByRole("heading", { level: 1, name: review.name })).toBeVisible();
    const members = page.getByRole("navigation", { name: "Teamleden" }).getByRole("link");
    await expect(members.first()).toHaveAttribute("aria-current", "page");
    await expect(members.first()).toContainText("0 van 6");

    const levels = ["Goed", "Uitstekend", "Niet beoordeeld"];
    for (let i = 0; i < 3; i++) {
      const criterion = page.locator("form fieldset").nth(i);
      await criterion.getByLabel(levels[i], { exact: true }).check();
      if (noJs) {
        await page.getByRole("button", { name: "Opslaan en volgende" }).click();
        await expect(page.getByRole("status").filter({ hasText: "De scores zijn opgeslagen" })).toBeVisible();
        await expect(members.nth((i + 1) % review.subjects)).toHaveAttribute("aria-current", "page");
      } else {
        await expect(page.getByText(/Opslaan over \d s/)).toBeVisible();
        await expect(page.getByText("Opgeslagen", { exact: true })).toBeVisible({ timeout: 10_000 });
        await members.nth(i + 1).click();
        await expect(members.nth(i + 1)).toHaveAttribute("aria-current", "page");
      }
    }

    // After a reload every choice is still there.
    for (let i = 0; i < 3; i++) {
      await page.goto(`/review/evaluation/${review.id}`);
      await members.nth(i).click();
      await expect(members.nth(i)).toContainText("1 van 6");
      await expect(page.locator("form fieldset").nth(i).getByLabel(levels[i], { exact: true })).toBeChecked();
      await expect(page.locator("form fieldset").nth(3).getByLabel("Geen score", { exact: true })).toBeChecked();
    }

    await page.getByRole("link", { name: "Beoordeling afronden" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Beoordeling afronden" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nog zonder score" })).toBeVisible();
    await page.getByRole("button", { name: "Beoordeling afronden" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De beoordeling is afgerond" })).toBeVisible();
    await expect(page.getByText("Deze beoordeling is afgerond. Je kunt de scores bekijken")).toBeVisible();
    await expect(page.getByRole("button", { name: "Opslaan" })).toHaveCount(0);
    await expect(page.locator("form fieldset").first().getByLabel("Goed", { exact: true })).toBeDisabled();
    await expect(page.getByRole("link", { name: "Beoordeling afronden" })).toHaveCount(0);
  });

  test("adds an extra criterion within the set's flex and removes it again", async ({ page }) => {
    const review = await leaderReview();
    await signIn(page, demoUsers.leider, { at: `/review/evaluation/${review.id}` });
    await page.getByRole("link", { name: "Criteria van de beoordeling" }).click();
    const first = page.locator("section").first();
    await expect(first.getByText("Je kunt nog 1 toevoegen")).toBeVisible();
    const added = await first.getByRole("combobox").locator("option").first().textContent();
    await first.getByRole("button", { name: "Criterium toevoegen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Het criterium is toegevoegd" })).toBeVisible();
    await expect(first.getByText("Je kunt nog 0 toevoegen")).toBeVisible();
    await first.getByRole("button", { name: `${added} verwijderen` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Het criterium is verwijderd" })).toBeVisible();
    await expect(first.getByText("Je kunt nog 1 toevoegen")).toBeVisible();
  });

  test("switching off a score someone else gave shows the server's message and keeps the choice", async ({ page }) => {
    const noJs = test.info().project.name === "no-js";
    const round = await createLeaderRound({ scoreAll: 2 });
    const review = round.teamReviews[0];
    const [subject] = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.reviewId, review.id));
    // The member's own membership stands in for "someone else" who gave the first criterion's score.
    await getDb()
      .update(reviewScores)
      .set({ scoredBy: subject.membershipId })
      .where(and(eq(reviewScores.subjectId, subject.id), eq(reviewScores.criterionId, round.criteria[0].id)));
    await signIn(page, demoUsers.leider, { at: `/review/evaluation/${review.id}?member=${subject.id}` });
    const message = "Deze score is door iemand anders gegeven. Je kunt hem wijzigen, maar niet verwijderen.";
    const first = page.locator("form fieldset").first();
    await first.getByLabel("Geen score", { exact: true }).check();
    if (noJs) {
      await page.getByRole("button", { name: "Opslaan", exact: true }).click();
      await expect(first.getByText(message)).toBeVisible();
      await expect(page.getByRole("alert")).toContainText(message);
    } else {
      await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible({ timeout: 10_000 });
    }
    await expect(first.getByLabel("Geen score", { exact: true })).toBeChecked();
    const reload = `/review/evaluation/${review.id}?member=${subject.id}`;
    if (noJs) await page.goto(reload);
    else {
      // The change was not saved, so leaving asks first (the fixture answers "leave").
      const dialog = page.waitForEvent("dialog");
      const leaving = page.goto(reload);
      expect((await dialog).type()).toBe("beforeunload");
      await leaving;
    }
    await expect(first.getByLabel("Geen score", { exact: true })).not.toBeChecked();
  });
});
