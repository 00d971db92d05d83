/**
 * Workforce planning (spec §3 Planning, §9 horizons and default FTE; docs/decisions/1550): what the page, the
 * export and the services share. Pure and client-safe; the counting itself is SQL (planning.server.ts).
 */
import { planningHorizons, type PlanningHorizon } from "#db/schema/enums";

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
  mayEdit: boolean;
};
