import { competenceTypes, type CompetenceType } from "#db/schema/enums";

/**
 * The competence scale (docs/decisions/1060): levels 1 to 5, the same in every cluster, labelled through
 * `competences:levels.<n>`. Client-safe: the matrix, the score pages and the knowledge card use it.
 */
export const competenceLevels = [1, 2, 3, 4, 5] as const;
export type CompetenceLevel = (typeof competenceLevels)[number];
export const MIN_COMPETENCE_LEVEL = 1;
export const MAX_COMPETENCE_LEVEL = 5;

export { competenceTypes, type CompetenceType };

export function isCompetenceLevel(value: unknown): value is CompetenceLevel {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 5;
}

export type GapStatus = "notRequired" | "notScored" | "below" | "meets" | "above";

/** Actual against required: gap = actual − required (negative: short of what the position needs). */
export function competenceGap(
  actual: number | null | undefined,
  required: number | null | undefined,
): { gap: number | null; status: GapStatus } {
  if (required == null) return { gap: null, status: "notRequired" };
  if (actual == null) return { gap: null, status: "notScored" };
  const gap = actual - required;
  return { gap, status: gap < 0 ? "below" : gap === 0 ? "meets" : "above" };
}

export type Requirement = { level: number; fromPositionId: string };

/**
 * The levels each position requires, its own and those it inherits from its parent positions: a
 * position requires everything its ancestors require, and its own level overrides an inherited one
 * (the nearest position wins). A cycle in the parent chain is cut where it repeats.
 */
export function effectiveRequirements(
  positions: readonly { id: string; parentId: string | null }[],
  own: readonly { positionId: string; competenceId: string; requiredLevel: number }[],
): Map<string, Map<string, Requirement>> {
  const parentOf = new Map(positions.map((p) => [p.id, p.parentId]));
  const ownOf = new Map<string, Map<string, number>>();
  for (const row of own) {
    const m = ownOf.get(row.positionId) ?? new Map<string, number>();
    m.set(row.competenceId, row.requiredLevel);
    ownOf.set(row.positionId, m);
  }
  const out = new Map<string, Map<string, Requirement>>();
  for (const p of positions) {
    const chain: string[] = [];
    const seen = new Set<string>();
    for (let id: string | null | undefined = p.id; id && !seen.has(id); id = parentOf.get(id)) {
      seen.add(id);
      chain.push(id);
    }
    const result = new Map<string, Requirement>();
    // From the root down: the nearer position overrides.
    for (const id of chain.reverse()) {
      for (const [competenceId, level] of ownOf.get(id) ?? []) result.set(competenceId, { level, fromPositionId: id });
    }
    out.set(p.id, result);
  }
  return out;
}

/** Several positions' requirements as one: per competence the highest level any of them requires. */
export function combinedRequirements(maps: readonly Map<string, Requirement>[]): Map<string, Requirement> {
  const out = new Map<string, Requirement>();
  for (const m of maps) {
    for (const [competenceId, req] of m) {
      const current = out.get(competenceId);
      if (!current || req.level > current.level) out.set(competenceId, req);
    }
  }
  return out;
}
