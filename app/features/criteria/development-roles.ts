import type { ScaleSize } from "./scales";

/** The five development roles (spec §3), by id. */
export const developmentRoles = [
  { id: 1, key: "changeofcareer" },
  { id: 2, key: "potential" },
  { id: 3, key: "achiever" },
  { id: 4, key: "midfield" },
  { id: 5, key: "star" },
] as const;
export type DevelopmentRoleKey = (typeof developmentRoles)[number]["key"];

export type RoleThresholds = { lowerPercent: number; upperPercent: number; employabilityPercent: number };
export const defaultRoleThresholds: RoleThresholds = { lowerPercent: 33, upperPercent: 67, employabilityPercent: 50 };

/** Where a score lies on the scale, 0 % at low (1) to 100 % at excellent (the scale size). */
export function scorePercent(score: number, scale: ScaleSize): number {
  return ((score - 1) / (scale - 1)) * 100;
}

type Band = "low" | "middle" | "high";
function band(percent: number, t: RoleThresholds): Band {
  if (percent >= t.upperPercent) return "high";
  if (percent < t.lowerPercent) return "low";
  return "middle";
}

/**
 * Places a person in a development role from their dimension averages (docs/decisions/0301):
 * performance × potential in thirds as in a 9-box; high on both is a star, high potential only is
 * potential, high performance only is achiever; of the rest, whoever is low on performance or potential
 * and below the employability threshold is changeofcareer, everyone else midfield. Not-rated dimensions
 * (null or 0) give no role.
 */
export function placeDevelopmentRole(
  scores: { performance: number | null; potential: number | null; employability: number | null },
  scale: ScaleSize,
  thresholds: RoleThresholds = defaultRoleThresholds,
): DevelopmentRoleKey | null {
  const { performance, potential, employability } = scores;
  if (!performance || !potential || !employability) return null;
  const perf = band(scorePercent(performance, scale), thresholds);
  const pot = band(scorePercent(potential, scale), thresholds);
  if (perf === "high" && pot === "high") return "star";
  if (pot === "high") return "potential";
  if (perf === "high") return "achiever";
  const lowSomewhere = perf === "low" || pot === "low";
  if (lowSomewhere && scorePercent(employability, scale) < thresholds.employabilityPercent) return "changeofcareer";
  return "midfield";
}

export function validThresholds(t: RoleThresholds): boolean {
  const inRange = (n: number) => Number.isInteger(n) && n >= 1 && n <= 99;
  return (
    inRange(t.lowerPercent) &&
    inRange(t.upperPercent) &&
    inRange(t.employabilityPercent) &&
    t.lowerPercent < t.upperPercent
  );
}
