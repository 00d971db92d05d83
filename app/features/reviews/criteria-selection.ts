import {
  addCriterion,
  validateSelection,
  type ReviewCriterionEntry,
  type RuleCriterion,
  type RuleResult,
  type RuleSet,
} from "~/features/criteria/review-criteria-rules";

export type SelectionPlan =
  | { ok: true; added: ReviewCriterionEntry[]; removedIds: string[] }
  | { ok: false; code: Exclude<RuleResult, { ok: true }>["code"]; criterionId?: string };

/**
 * What a submitted criteria selection (the API's evaluate save) changes in a review: checked as a
 * whole with the set's rules (flex per dimension, no doubles, set criteria of a non-basic set stay),
 * then which entries to add (marked as set criteria or extras) and which to remove. Pure.
 */
export function planSelection(
  set: RuleSet | null,
  entries: readonly ReviewCriterionEntry[],
  selected: readonly RuleCriterion[],
): SelectionPlan {
  const valid = validateSelection(set, selected);
  if (!valid.ok) return { ok: false, code: valid.code };
  const selectedIds = new Set(selected.map((c) => c.id));
  const lockedDropped = entries.find((e) => e.locked && !selectedIds.has(e.id));
  if (lockedDropped) return { ok: false, code: "fromSet", criterionId: lockedDropped.id };
  let next = [...entries];
  for (const c of selected.filter((s) => !entries.some((e) => e.id === s.id))) {
    const result = addCriterion(set, next, c);
    if (!result.ok) return { ok: false, code: result.code, criterionId: c.id };
    next = result.entries;
  }
  return {
    ok: true,
    added: next.filter((e) => !entries.some((x) => x.id === e.id)),
    removedIds: entries.filter((e) => !selectedIds.has(e.id)).map((e) => e.id),
  };
}
