import { demoSelfReviewNames, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

// The show-info toggle and the scoring-mode switch (docs/decisions/1711): with JavaScript the page changes at
// once and what was chosen stays; without, each submits the questionnaire, which saves what was chosen and shows
// the page again in the chosen view (1880).
test("a questionnaire's show-info toggle and scoring-mode switch", async ({ page, javaScriptEnabled }) => {
  await signIn(page, demoUsers.medewerker, { at: "/my/reviews" });
  const open = page.getByRole("row").filter({ hasText: demoSelfReviewNames.open });
  await open.getByRole("link", { name: "Vragenlijst" }).click();

  const info = page.getByRole("switch", { name: "Uitleg tonen" });
  const hints = page.locator('[id^="score-"][id$="-hint"]');
  await expect(info).toHaveAttribute("aria-checked", "true");
  expect(await hints.count()).toBeGreaterThan(0);
  await info.click();
  await expect(info).toHaveAttribute("aria-checked", "false");
  await expect(hints).toHaveCount(0);

  const first = page.locator('fieldset[id^="score-"]').first();
  const id = (await first.getAttribute("id"))!;
  const saved = (await first.locator("input:checked").getAttribute("value")) ?? "off";
  const other = saved === "1" ? "2" : "1";
  // A choice not yet saved survives the switch: with JavaScript the page keeps it; without, the switch submits
  // the questionnaire, which saves it and comes back in the chosen view (decisions 1711, 1880).
  await first.locator(`input[value="${other}"]`).check();
  await page.getByRole("button", { name: "Keuzelijst" }).click();
  await expect(page.getByRole("button", { name: "Keuzelijst" })).toHaveAttribute("aria-pressed", "true");
  const select = page.locator(`select#${id}`);
  await expect(select).toHaveValue(other);
  await expect(page.locator('input[type="radio"][name^="score."]')).toHaveCount(0);
  if (javaScriptEnabled === false) {
    await page.reload();
    await expect(page.locator(`select#${id}`)).toHaveValue(other);
  }
  // Back to what was saved, so the auto-save has nothing to send (without JavaScript: saved by the button).
  await page.locator(`select#${id}`).selectOption(saved);
  if (javaScriptEnabled === false) {
    await page.getByRole("button", { name: "Antwoorden opslaan" }).click();
    await expect(page.locator(`select#${id}`)).toHaveValue(saved);
  }
});
