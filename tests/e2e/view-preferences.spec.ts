import { demoSelfReviewNames, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

// The show-info toggle and the scoring-mode switch (docs/decisions/1711): with JavaScript the page changes at
// once and what was chosen stays; without, each is a form that stores the choice and shows the page again.
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
  // With JavaScript a choice not yet saved survives the switch; without, the switch is a form of its own.
  if (javaScriptEnabled !== false) await first.locator(`input[value="${other}"]`).check();
  await page.getByRole("button", { name: "Keuzelijst" }).click();
  await expect(page.getByRole("button", { name: "Keuzelijst" })).toHaveAttribute("aria-pressed", "true");
  const select = page.locator(`select#${id}`);
  await expect(select).toHaveValue(javaScriptEnabled !== false ? other : saved);
  await expect(page.locator('input[type="radio"][name^="score."]')).toHaveCount(0);
  // Back to what was saved, so the auto-save has nothing to send.
  if (javaScriptEnabled !== false) await select.selectOption(saved);
});
