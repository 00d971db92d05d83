import type { Dimension } from "./scales";

/**
 * The rules of spec §5 for the criteria of a review that uses a set. Pure: the team review feature
 * loads the set and the review's criteria and asks these functions (docs/decisions/0302).
 */
export type RuleCriterion = { id: string; dimension: Dimension; archived?: boolean };
export type RuleSet = { flex: number; basic: boolean; criteria: readonly RuleCriterion[] };
export type ReviewCriterionEntry = RuleCriterion & { belongsToSet: boolean; locked: boolean };

export type RuleResult =
  { ok: true } | { ok: false; code: "alreadyAdded" | "flexExceeded" | "fromSet" | "archived" | "notInReview" };

/** A review starts with the set's criteria. */
export function initialReviewCriteria(set: RuleSet | null): ReviewCriterionEntry[] {
  return (set?.criteria ?? []).map((c) => entryFor(set, c));
}

function entryFor(set: RuleSet | null, c: RuleCriterion): ReviewCriterionEntry {
  const belongsToSet = set?.criteria.some((s) => s.id === c.id) ?? false;
  // Set criteria are locked when the set is not basic; a basic set is a starting point.
  return { id: c.id, dimension: c.dimension, belongsToSet, locked: belongsToSet && !set!.basic };
}

/** Extra criteria (not from the set) in a dimension. */
export function extrasIn(entries: readonly ReviewCriterionEntry[], dimension: Dimension): number {
  return entries.filter((e) => e.dimension === dimension && !e.belongsToSet).length;
}

/** 'you can still add {n}' per dimension; null when no set limits the review. */
export function remainingPerDimension(
  set: RuleSet | null,
  entries: readonly ReviewCriterionEntry[],
): Record<Dimension, number | null> {
  const remaining = (d: Dimension) => (set ? Math.max(0, set.flex - extrasIn(entries, d)) : null);
  return { 1: remaining(1), 2: remaining(2), 3: remaining(3) };
}

export function canAddCriterion(
  set: RuleSet | null,
  entries: readonly ReviewCriterionEntry[],
  criterion: RuleCriterion,
): RuleResult {
  if (entries.some((e) => e.id === criterion.id)) return { ok: false, code: "alreadyAdded" };
  if (criterion.archived) return { ok: false, code: "archived" };
  const fromSet = set?.criteria.some((c) => c.id === criterion.id) ?? false;
  if (set && !fromSet && extrasIn(entries, criterion.dimension) >= set.flex) return { ok: false, code: "flexExceeded" };
  return { ok: true };
}

export function addCriterion(set: RuleSet | null, entries: readonly ReviewCriterionEntry[], criterion: RuleCriterion) {
  const result = canAddCriterion(set, entries, criterion);
  return result.ok
    ? { ...result, entries: [...entries, entryFor(set, criterion)] }
    : { ...result, entries: [...entries] };
}

export function canRemoveCriterion(entries: readonly ReviewCriterionEntry[], criterionId: string): RuleResult {
  const entry = entries.find((e) => e.id === criterionId);
  if (!entry) return { ok: false, code: "notInReview" };
  if (entry.locked) return { ok: false, code: "fromSet" };
  return { ok: true };
}

export function removeCriterion(entries: readonly ReviewCriterionEntry[], criterionId: string) {
  const result = canRemoveCriterion(entries, criterionId);
  return result.ok
    ? { ...result, entries: entries.filter((e) => e.id !== criterionId) }
    : { ...result, entries: [...entries] };
}

/** Checks a whole submitted selection at once (what a review save sends). */
export function validateSelection(set: RuleSet | null, selected: readonly RuleCriterion[]): RuleResult {
  const ids = new Set<string>();
  for (const c of selected) {
    if (ids.has(c.id)) return { ok: false, code: "alreadyAdded" };
    ids.add(c.id);
  }
  for (const c of set?.criteria ?? []) {
    if (!set!.basic && !ids.has(c.id)) return { ok: false, code: "fromSet" };
  }
  if (set) {
    const setIds = new Set(set.criteria.map((c) => c.id));
    for (const d of [1, 2, 3] as const) {
      const extras = selected.filter((c) => c.dimension === d && !setIds.has(c.id)).length;
      if (extras > set.flex) return { ok: false, code: "flexExceeded" };
    }
  }
  return { ok: true };
}
