import type { Dimension } from "~/features/criteria/scales";

/**
 * Pure rules of the evaluation form (browser-safe): field names, what a submitted member form
 * changes compared with the stored scores, and progress per member. The same functions serve the
 * action (without JavaScript), the auto-save (with it) and the API.
 */

/** A score radio group is named `score.<criterionId>`; its values are "off" or "0".."scale". */
export const OFF = "off";
export const scoreField = (criterionId: string) => `score.${criterionId}`;

export type ScoreValue = number | null;
export type ScoreChange = { criterionId: string; score: ScoreValue };

/** "off" is no score (null), "0".."scale" a score; anything else is undefined (invalid). */
export function parseScoreValue(raw: string, scale: number): ScoreValue | undefined {
  if (raw === OFF) return null;
  if (!/^\d$/.test(raw)) return undefined;
  const value = Number(raw);
  return value <= scale ? value : undefined;
}

export const formValueOf = (score: ScoreValue | undefined) =>
  score === null || score === undefined ? OFF : String(score);

export type DiffResult = { changes: ScoreChange[]; invalid: string[] };

/**
 * Which scores a submitted member form changes. Only criteria of the review that the form sent
 * count: a criterion the form did not send is unchanged, so a form that holds only what the user
 * touched (the auto-save) never overwrites what someone else saved meanwhile.
 */
export function diffScores(
  submitted: Readonly<Record<string, string>>,
  stored: ReadonlyMap<string, number>,
  criterionIds: readonly string[],
  scale: number,
): DiffResult {
  const changes: ScoreChange[] = [];
  const invalid: string[] = [];
  for (const criterionId of criterionIds) {
    const raw = submitted[criterionId];
    if (raw === undefined) continue;
    const value = parseScoreValue(raw, scale);
    if (value === undefined) {
      invalid.push(criterionId);
      continue;
    }
    const current = stored.has(criterionId) ? stored.get(criterionId)! : null;
    if (value !== current) changes.push({ criterionId, score: value });
  }
  return { changes, invalid };
}

/**
 * The fields of a form that differ from the baseline (what was loaded or last saved): what the
 * auto-save sends. Keys are field names, values as the form holds them.
 */
export function changedFields(
  baseline: Readonly<Record<string, string>>,
  current: Readonly<Record<string, string>>,
): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const [name, value] of Object.entries(current)) if (baseline[name] !== value) changed[name] = value;
  return changed;
}

/** A member is complete when every criterion has a score (not-rated 0 counts as a score). */
export function isComplete(scoredCount: number, criteriaCount: number) {
  return criteriaCount > 0 && scoredCount >= criteriaCount;
}

/** The member shown first: the one asked for, else the first not yet complete, else the first. */
export function selectedSubjectId(
  subjects: readonly { id: string; scoredCount: number }[],
  criteriaCount: number,
  requested: string | null,
): string | null {
  if (requested && subjects.some((s) => s.id === requested)) return requested;
  return (subjects.find((s) => !isComplete(s.scoredCount, criteriaCount)) ?? subjects[0])?.id ?? null;
}

/** The member after `subjectId` (wrapping around), for 'Opslaan en volgende'. */
export function nextSubjectId(subjects: readonly { id: string }[], subjectId: string): string {
  const index = subjects.findIndex((s) => s.id === subjectId);
  return subjects[(index + 1) % subjects.length]?.id ?? subjectId;
}

/** Per member, the criteria without a score row (for the finish confirmation). */
export function unscoredPerSubject<C extends { criterionId: string; dimension: Dimension }>(
  subjects: readonly { id: string }[],
  criteria: readonly C[],
  scores: readonly { subjectId: string; criterionId: string }[],
): { subjectId: string; missing: C[] }[] {
  const scored = new Set(scores.map((s) => `${s.subjectId}:${s.criterionId}`));
  return subjects
    .map((s) => ({ subjectId: s.id, missing: criteria.filter((c) => !scored.has(`${s.id}:${c.criterionId}`)) }))
    .filter((entry) => entry.missing.length > 0);
}
