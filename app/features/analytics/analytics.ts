/**
 * HR analytics, criteria analytics and team comparison (spec §1, §2 analytics/…; docs/decisions/1409):
 * what the pages and the services share, safe for the browser.
 */
import type { Dimension } from "~/features/criteria/scales";
import { formatNumber } from "~/utils/format";
import type { Right } from "~/utils/rights";

/**
 * analytics/users/{tab}: the workforce as it is today (teams.manage, the spec's right), and the development
 * roles: of everyone's last review, per round, and the movement between two rounds (analytics.read, the
 * viewer's teams; docs/decisions/1602).
 */
export const hrTabs = ["workforce", "flow", "development", "rounds", "movement", "completion"] as const;
export type HrTab = (typeof hrTabs)[number];
/**
 * Each tab's right (docs/decisions/1720): the people and their contracts with teams.manage, the review
 * outcomes and progress with analytics.read; each tab's teams are `teamScope(ctx, its right)`.
 */
export const hrTabRights = {
  workforce: "teams.manage",
  flow: "teams.manage",
  development: "analytics.read",
  rounds: "analytics.read",
  movement: "analytics.read",
  completion: "analytics.read",
} as const satisfies Record<HrTab, string>;
/** Who may open HR analytics at all: any tab's right (the navigation entry and analytics/users). */
export const hrAnalyticsGuard = ["teams.manage", "analytics.read"] as const satisfies readonly Right[];

/**
 * analytics/criteria/{tab}: one tab per question (docs/decisions/1730) — the spread over the scale's levels,
 * averages per team, averages per round, the criteria that most separate the development roles, and the team
 * review against the self review. The dimension is a filter; the old dimension tabs lead to the first tab.
 */
export const criteriaTabs = ["distribution", "teams", "rounds", "roles", "self"] as const;
export type CriteriaTab = (typeof criteriaTabs)[number];
export const criteriaDimensions = ["performance", "potential", "employability"] as const;
export type CriteriaDimension = (typeof criteriaDimensions)[number];

export function dimensionOfKey(key: CriteriaDimension): Dimension {
  return (criteriaDimensions.indexOf(key) + 1) as Dimension;
}

/** Which finished team reviews count: those finished in the last 12 or 24 months, or all. */
export const periods = ["12", "24", "all"] as const;
export type Period = (typeof periods)[number];
export const defaultPeriod: Period = "12";

export function parsePeriod(value: string | null | undefined): Period {
  return periods.find((p) => p === value) ?? defaultPeriod;
}

/** The first day that counts for a period, as yyyy-MM-dd; null for all. */
export function periodStart(period: Period, today: string): string | null {
  if (period === "all") return null;
  const [y, m, d] = today.split("-").map(Number);
  const start = new Date(Date.UTC(y, m - 1 - Number(period), d));
  return start.toISOString().slice(0, 10);
}

/** A review-completion group's share done in whole percents; null when hidden or nothing was due. */
export function completionPercent(c: { due: number | null; done: number | null }): number | null {
  return c.due && c.done !== null ? Math.round((c.done / c.due) * 100) : null;
}

/** Age bands of the workforce tab, youngest first; `unknown` for people without a birthday. */
export const ageBands = ["under25", "25to34", "35to44", "45to54", "55plus", "unknown"] as const;
export type AgeBand = (typeof ageBands)[number];

export function ageBandOf(age: number | null): AgeBand {
  if (age === null) return "unknown";
  if (age < 25) return "under25";
  if (age < 35) return "25to34";
  if (age < 45) return "35to44";
  if (age < 55) return "45to54";
  return "55plus";
}

/** Contracts ending within this many days are listed on the workforce tab. */
export const CONTRACT_HORIZON_DAYS = 90;
export const ENDING_CONTRACTS_SHOWN = 50;

/** A dimension average as a share of the scale: 0 % at the lowest level, 100 % at the highest. */
export function percentText(value: number | null, language: string): string {
  if (value === null) return "–";
  return `${formatNumber(value, language, { maximumFractionDigits: 0 })} %`;
}

/** Bar colours for groups without a meaning of their own (age bands, gender): dark enough for white counts. */
export const groupColors = ["#084242", "#1d4e89", "#0f6e6e", "#2f72b8", "#5f6b7a", "#737373"] as const;

/**
 * Team and group names in Dutch order, one collator for the process: `localeCompare(b, "nl")` builds one per
 * comparison, which for 800 teams was a measurable share of a request (issue 34, docs/decisions/1781).
 */
export const compareNames = new Intl.Collator("nl").compare;

/** Rows by a key in one pass (not a filter per key: 800 teams × their rows was quadratic). */
export function groupRows<T, K>(rows: readonly T[], key: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const group = groups.get(k);
    if (group) group.push(row);
    else groups.set(k, [row]);
  }
  return groups;
}
