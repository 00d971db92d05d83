import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** The WCAG 2.2 AA rule set every accessibility check uses. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * axe's serious and critical violations on the page as it is now, one line each (rule and elements), so a
 * failing `expect(...).toEqual([])` names what to fix. axe runs inside the page: the accessibility check
 * (tests/e2e/accessibility.spec.ts, the only file that uses this) runs in the js project only (playwright.config.ts). `labelInName` adds WCAG 2.5.3 "Label in Name" (a control's
 * accessible name contains its visible text), which axe counts as experimental and leaves out unless asked.
 */
export async function seriousViolations(page: Page, { labelInName = false } = {}): Promise<string[]> {
  // `options` replaces everything set before it, `withTags`'s rule set included, so it comes first.
  const builder = new AxeBuilder({ page })
    .options(labelInName ? { rules: { "label-content-name-mismatch": { enabled: true } } } : {})
    .withTags(WCAG_TAGS);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
