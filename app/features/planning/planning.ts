/**
 * Workforce planning (spec §3 Planning, §9 horizons and default FTE; docs/decisions/1550): what the page, the
 * export and the services share. Pure and client-safe; the counting itself is SQL (planning.server.ts).
 */
import { planningHorizons, type PlanningHorizon } from "#db/schema/enums";
import type { HiddenReason } from "~/features/analytics/small-groups";

export { planningHorizons, type PlanningHorizon };

/** How far ahead each horizon looks, in years from today. */
export const horizonYears: Record<PlanningHorizon, number> = { current: 0, "1y": 1, "5y": 5 };

export function parseHorizon(value: string | null | undefined): PlanningHorizon | null {
  return planningHorizons.find((h) => h === value) ?? null;
}

/** The day a horizon looks at, as yyyy-MM-dd: today, or the same day one or five years on (29 February → 28). */
export function horizonDate(horizon: PlanningHorizon, today: string): string {
  const [y, m, d] = today.split("-").map(Number);
  const years = horizonYears[horizon];
  const date = new Date(Date.UTC(y + years, m - 1, d));
  // 29 February of a year that has none rolls over to 1 March in Date; the planning keeps the month.
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}

/**
 * The gap: available − needed. Negative means short (hire), positive a surplus, null when nothing is
 * needed at this horizon (no need set: no gap to speak of). Rounded to hundredths, as FTE is stored.
 */
export function gapOf(needed: number | null, available: number): number | null {
  if (needed === null) return null;
  return Math.round((available - needed) * 100) / 100;
}

/** Rows per page of the planning table, and at most this many in an export. */
export const PLANNING_PAGE_SIZE = 50;
export const PLANNING_EXPORT_MAX_ROWS = 10000;

/** The highest number a need may hold (the table's check). */
export const MAX_NEEDED = 9999;
/** The longest reason a need may give. */
export const MAX_NEED_REASON = 500;

export type Leaver = { name: string; endDate: string };

/**
 * The competence shortage of a group (a team, or the holders of a position in a team), today: of the people
 * whose positions require competences (`assessed`), those below a required level (`short`) and per competence
 * how many (decision 1970). Counts of scores: hidden (null, []) where the group is too small (decision 1600).
 */
export type CompetenceShortage = {
  hidden: HiddenReason | null;
  assessed: number | null;
  short: number | null;
  competences: { name: string; people: number }[];
};

type T = (key: string, options?: Record<string, unknown>) => string;

/** A competence shortage in words (the page and the export say the same): "2 of 5 below level: Planning (2)". */
const NAME_SLOT = "\u0001";
const COUNT_SLOT = "\u0002";

export function competenceShortageText(t: T, shortage: CompetenceShortage | null): string {
  if (!shortage) return "–";
  if (shortage.hidden) return t(`planning:competence.hidden.${shortage.hidden}`);
  if (!shortage.assessed) return t("planning:competence.noneRequired");
  if (!shortage.short) return t("planning:competence.none", { assessed: shortage.assessed });
  // The item's pattern translated once per text, not once per competence: a page lists hundreds of them, and
  // each translation with interpolation cost ≈ 4 ms of CPU per page (decision 1985). A replacer function, so that
  // a name holding "$&" is not read as a pattern.
  const pattern = t("planning:competence.item", { name: NAME_SLOT, count: COUNT_SLOT });
  const list = shortage.competences.map((c) =>
    pattern.replace(NAME_SLOT, () => c.name).replace(COUNT_SLOT, () => String(c.people)),
  );
  return `${t("planning:competence.short", { short: shortage.short, assessed: shortage.assessed })}: ${list.join(", ")}`;
}

export type PlanningRow = {
  teamId: string;
  teamName: string;
  /** null: members without an active contract, counted at the default FTE and no position. */
  positionId: string | null;
  positionName: string | null;
  needed: { employees: number; fte: number; reason: string } | null;
  available: { employees: number; fte: number };
  gap: { employees: number; fte: number } | null;
  leavingCount: number;
  /** Names only for those who may read contracts (as the workforce tab); null otherwise. */
  leavers: Leaver[] | null;
  /** The position's holders in the team today; null when the competences module is off or nobody holds it. */
  competence: CompetenceShortage | null;
  mayEdit: boolean;
};
