/**
 * A selection with a limit (spec §5: 'at most {count} {type}', decision 1701): the one check and the one message
 * of every choice of several items that has a maximum — the team comparison, the criteria merge. A new limited
 * selection declares its limit here and shows `SelectionLimitMessage`; a form error carries `SELECTION_LIMIT_KEY`
 * with `selectionLimitValues`.
 */
export type SelectionLimit = {
  max: number;
  /** i18n key of what is chosen, in the plural and in the middle of a sentence ("teams", "criteria"). */
  type: string;
};

export const SELECTION_LIMIT_KEY = "validation:selectionLimit";

/** The team comparison compares at least two and at most this many teams at once. */
export const teamComparisonLimit: SelectionLimit = { max: 8, type: "analytics:comparison.teamsType" };
/** Spec §5 and §9: at most two criteria are merged at once. */
export const criteriaMergeLimit: SelectionLimit = { max: 2, type: "criteria:merge.criteriaType" };

export function overSelectionLimit(count: number, limit: SelectionLimit): boolean {
  return count > limit.max;
}

/** What `SELECTION_LIMIT_KEY` interpolates, for a t() in the reader's language. */
export function selectionLimitValues(t: (key: string) => string, limit: SelectionLimit) {
  return { count: limit.max, type: t(limit.type) };
}
