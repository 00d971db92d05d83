import axe from "axe-core";
import type { Page } from "@playwright/test";

/** The WCAG 2.2 AA rule set every accessibility check uses. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * axe's serious and critical violations on the page as it is now, one line each (rule and elements), so a
 * failing `expect(...).toEqual([])` names what to fix. axe runs inside the page: the accessibility check
 * (tests/e2e/accessibility.spec.ts, and hr-analytics-tabs.spec.ts for its tabs) runs with JavaScript only.
 * `labelInName` adds WCAG 2.5.3 "Label in Name" (a control's accessible name contains its visible text), which axe
 * counts as experimental and leaves out unless asked.
 *
 * axe-core is injected and run directly, not through @axe-core/playwright: that builder runs axe frame by frame
 * and finishes in a second, blank page it opens for every scan, which took 2–3 times as long as the scan itself
 * (the pages have no frames); the same violations either way (docs/decisions/1590).
 */
export async function seriousViolations(page: Page, { labelInName = false } = {}): Promise<string[]> {
  // A navigation drops the injected script; a change within the page keeps it (axe reads the DOM anew each run).
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const violations = await page.evaluate(
    async ({ tags, labelInName }) =>
      (
        await window.axe!.run(document, {
          runOnly: { type: "tag", values: tags },
          rules: labelInName ? { "label-content-name-mismatch": { enabled: true } } : {},
          resultTypes: ["violations"],
        })
      ).violations.map(({ id, impact, nodes }) => ({ id, impact, targets: nodes.map((n) => n.target.join(" ")) })),
    { tags: WCAG_TAGS, labelInName },
  );
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.targets.join(", ")}`);
}
