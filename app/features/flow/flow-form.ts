/**
 * The flow measurement form (flow/create): rows of activities posted as repeated fields. Pure and
 * client-safe. Parsing keeps every typed value as text, so a page that shows errors shows exactly what
 * was typed; messages are i18n keys.
 */
import type { FlowSettings } from "./flow-zones";

export const scoreFields = ["challenge", "skills", "capability", "energy"] as const;
export type ScoreField = (typeof scoreFields)[number];
export const activityFields = ["name", "share", ...scoreFields] as const;
export type ActivityField = (typeof activityFields)[number];

export type ActivityRow = Record<ActivityField, string>;
export type ActivityInput = {
  name: string;
  sharePercent: number;
  challenge: number;
  skills: number;
  capability: number;
  energy: number;
};

export const maxActivities = 30;
export const initialRows = 3;
export const nameMaxLength = 200;

export type FlowFormErrors = {
  /** Form-level messages, shown in the error summary. */
  form: string[];
  /** Per row (index of `rows`) and field. */
  rows: Partial<Record<ActivityField, string>>[];
  /** About the shares together (they must add up to 100). */
  shares: string[];
};

export const incompleteMessage = "flow:errors.incomplete";

export const blankRow = (): ActivityRow => ({
  name: "",
  share: "",
  challenge: "",
  skills: "",
  capability: "",
  energy: "",
});

const isBlank = (row: ActivityRow) => activityFields.every((f) => row[f] === "");

/** The rows as posted (`name`, `share`, … repeated once a row), trimmed; at most maxActivities rows. */
export function rowsFromForm(formData: FormData): ActivityRow[] {
  const columns = activityFields.map((f) => formData.getAll(f).map((v) => (typeof v === "string" ? v.trim() : "")));
  const count = Math.min(maxActivities, Math.max(0, ...columns.map((c) => c.length)));
  return Array.from({ length: count }, (_, i) => {
    const row = blankRow();
    activityFields.forEach((f, j) => (row[f] = columns[j][i] ?? ""));
    return row;
  });
}

/** The sum of the shares typed so far (whole numbers only), for the total under the table. */
export function shareTotal(rows: readonly ActivityRow[]): number {
  return rows.reduce((sum, r) => sum + (/^\d{1,3}$/.test(r.share) ? Number(r.share) : 0), 0);
}

export type FlowFormResult = { ok: true; activities: ActivityInput[] } | { ok: false; errors: FlowFormErrors };

/**
 * Checks the rows: blank rows are left out; each other row needs a name, a share 1..100 and four whole
 * scores 1..scaleMax; the shares add up to 100. A missing score is the spec's "not complete" (§8).
 */
export function validateFlowRows(
  rows: readonly ActivityRow[],
  settings: Pick<FlowSettings, "scaleMax">,
): FlowFormResult {
  const errors: FlowFormErrors = { form: [], rows: rows.map(() => ({})), shares: [] };
  const activities: ActivityInput[] = [];
  let incomplete = false;
  let total = 0;
  rows.forEach((row, i) => {
    if (isBlank(row)) return;
    const rowErrors = errors.rows[i];
    if (row.name === "") rowErrors.name = "flow:errors.nameRequired";
    else if (row.name.length > nameMaxLength) rowErrors.name = "flow:errors.nameTooLong";
    const share = wholeNumber(row.share);
    if (row.share === "") rowErrors.share = "flow:errors.shareRequired";
    else if (share === null || share < 1 || share > 100) rowErrors.share = "flow:errors.shareRange";
    else total += share;
    const scores = {} as Record<ScoreField, number>;
    for (const field of scoreFields) {
      const value = wholeNumber(row[field]);
      if (row[field] === "") {
        rowErrors[field] = "flow:errors.scoreMissing";
        incomplete = true;
      } else if (value === null || value < 1 || value > settings.scaleMax) rowErrors[field] = "flow:errors.scoreRange";
      else scores[field] = value;
    }
    if (Object.keys(rowErrors).length === 0) activities.push({ name: row.name, sharePercent: share!, ...scores });
  });
  const filled = rows.filter((r) => !isBlank(r)).length;
  if (filled === 0) errors.form.push("flow:errors.noActivities");
  if (incomplete) errors.form.unshift(incompleteMessage);
  const rowsOk = errors.rows.every((r) => Object.keys(r).length === 0);
  const sharesValid = errors.rows.every((r) => !r.share);
  if (filled > 0 && sharesValid && total !== 100) errors.shares.push("flow:errors.sharesTotal");
  if (errors.form.length === 0 && rowsOk && errors.shares.length === 0) return { ok: true, activities };
  return { ok: false, errors };
}

function wholeNumber(text: string): number | null {
  return /^\d{1,3}$/.test(text) ? Number(text) : null;
}
