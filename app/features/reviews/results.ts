import { defaultRoleThresholds, scorePercent, type RoleThresholds } from "~/features/criteria/development-roles";
import { scaleLevels, type LevelName, type ScaleSize } from "~/features/criteria/scales";

/**
 * Pure helpers of the results pages (browser-safe): sorting, the grid's cells, level names and the
 * spreadsheet-injection guard of the export.
 */

export const sortKeys = ["name", "performance", "potential", "employability", "role"] as const;
export type SortKey = (typeof sortKeys)[number];
export type SortDir = "asc" | "desc";

/** `?sort=` and `?dir=` from a URL; anything unknown falls back to name, ascending. */
export function parseSort(params: URLSearchParams): { sort: SortKey; dir: SortDir } {
  const sort = params.get("sort");
  const dir = params.get("dir") === "desc" ? "desc" : "asc";
  return { sort: (sortKeys as readonly string[]).includes(sort ?? "") ? (sort as SortKey) : "name", dir };
}

export type SortableRow = {
  firstName: string;
  lastName: string;
  performance: number | null;
  potential: number | null;
  employability: number | null;
  developmentRole: number | null;
};

const collator = new Intl.Collator("nl", { sensitivity: "base" });

function byName(a: SortableRow, b: SortableRow) {
  return collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName);
}

/** Sorts a copy; people without a value always come last, ties by name. */
export function sortResultRows<T extends SortableRow>(rows: readonly T[], sort: SortKey, dir: SortDir): T[] {
  const sign = dir === "desc" ? -1 : 1;
  return [...rows].sort((a, b) => {
    if (sort === "name") return sign * byName(a, b);
    const key = sort === "role" ? "developmentRole" : sort;
    const x = a[key];
    const y = b[key];
    if (x === null && y === null) return byName(a, b);
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x - y) || byName(a, b);
  });
}

export type Band = "low" | "middle" | "high";

/** The third of the scale a dimension score falls in, with the same rule as placeDevelopmentRole. */
export function bandOf(score: number, scale: ScaleSize, thresholds: RoleThresholds = defaultRoleThresholds): Band {
  const percent = scorePercent(score, scale);
  if (percent >= thresholds.upperPercent) return "high";
  if (percent < thresholds.lowerPercent) return "low";
  return "middle";
}

/** The grid's cell of a person (performance across, potential up), or null while not placed. */
export function gridCell(
  s: { performance: number | null; potential: number | null },
  scale: ScaleSize,
  thresholds: RoleThresholds = defaultRoleThresholds,
): { performance: Band; potential: Band } | null {
  if (!s.performance || !s.potential) return null;
  return { performance: bandOf(s.performance, scale, thresholds), potential: bandOf(s.potential, scale, thresholds) };
}

/**
 * The development roles a grid cell can hold (the placement rules of docs/decisions/0301): star top
 * right, potential along the top, achiever down the right; the rest midfield, and changeofcareer
 * where performance or potential is low and employability is under its threshold.
 */
export function rolesOfCell(cell: { performance: Band; potential: Band }): string[] {
  if (cell.performance === "high" && cell.potential === "high") return ["star"];
  if (cell.potential === "high") return ["potential"];
  if (cell.performance === "high") return ["achiever"];
  if (cell.performance === "low" || cell.potential === "low") return ["midfield", "changeofcareer"];
  return ["midfield"];
}

/** The order in which roles are listed and stacked: from the top right of the grid to the bottom left. */
export const roleDisplayOrder = ["star", "potential", "achiever", "midfield", "changeofcareer"] as const;

/** Roles sorted into roleDisplayOrder. */
export function inDisplayOrder<T extends { key: string }>(roles: readonly T[]): T[] {
  const rank = (key: string) => (roleDisplayOrder as readonly string[]).indexOf(key);
  return [...roles].sort((a, b) => rank(a.key) - rank(b.key));
}

export const bandsHighToLow: Band[] = ["high", "middle", "low"];
export const bandsLowToHigh: Band[] = ["low", "middle", "high"];

/** The level a score value stands for on a scale ("notRated" for 0, null for no score). */
export function levelNameOf(score: number | null | undefined, scale: ScaleSize): LevelName | "notRated" | null {
  if (score === null || score === undefined) return null;
  return scaleLevels(scale).find((l) => l.value === score)?.name ?? null;
}

/** Counts per development role id ("1".."5") and "none", for the grid's text summary. */
export function roleCounts(rows: readonly { developmentRole: number | null }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of rows) {
    const key = r.developmentRole ? String(r.developmentRole) : "none";
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** "12 mensen: 2 ster, 3 presteerder" — the parts with at least one person, in the given order. */
export function distributionText(
  total: string,
  parts: readonly { label: string; count: number }[],
  formatPart: (p: { label: string; count: number }) => string = (p) => `${p.count} ${p.label.toLowerCase()}`,
): string {
  const present = parts.filter((p) => p.count > 0);
  return present.length ? `${total}: ${present.map(formatPart).join(", ")}` : total;
}

/**
 * A text cell of the export, made inert: a spreadsheet treats text starting with = + - @ (or a tab or
 * carriage return before them) as a formula, so such text gets a leading apostrophe (OWASP CSV injection).
 */
export function escapeSpreadsheetText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A dimension average as shown: one decimal in the user's locale, "–" when not rated. */
export function formatAverage(value: number | null, locale: string): string {
  if (value === null || value === undefined) return "–";
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}
