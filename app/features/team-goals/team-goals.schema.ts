import * as z from "zod";
import { lineText, multilineText } from "~/utils/text-schema";
import { teamGoalKinds } from "#db/schema/enums";
import { parseDate, toIsoDate } from "~/utils/dates";
import { isUuid } from "~/utils/not-found";

/** Longest text of a goal's fields: a few paragraphs, not a document. */
export const GOAL_TEXT_MAX = 2000;

const optionalText = multilineText()
  .trim()
  .max(GOAL_TEXT_MAX, { error: "validation:maxLength" })
  .optional()
  .default("");
const optionalDate = lineText()
  .trim()
  .optional()
  .default("")
  .refine((v) => v === "" || parseDate(v) !== null, { error: "validation:date" });

/** Sortable yyyy-MM-dd of a valid dd-MM-yyyy text, for comparing the two ends of the period. */
function sortable(value: string): string | null {
  const date = parseDate(value);
  return date ? toIsoDate(date) : null;
}

/** True when both ends are valid dates and the period ends before it starts. */
export function periodEndsBeforeStart(start: string, end: string): boolean {
  const [a, b] = [sortable(start), sortable(end)];
  return a !== null && b !== null && b < a;
}

/** Add and edit form of a team goal or ambition (spec §3 "Team goal"). Client-safe; messages are i18n keys. */
export const teamGoalSchema = z
  .object({
    kind: z.enum(teamGoalKinds, { error: "validation:choose" }),
    text: multilineText({ error: "goals:textRequired" })
      .trim()
      .min(1, { error: "goals:textRequired" })
      .max(GOAL_TEXT_MAX, { error: "validation:maxLength" }),
    growthStrategy: optionalText,
    measuredBy: optionalText,
    periodStart: optionalDate,
    periodEnd: optionalDate,
    additionalText: optionalText,
    /** The team's reviews (one per round) the goal is linked to (docs/decisions/1340); the service checks them. */
    reviewIds: z
      .array(lineText().refine((v) => isUuid(v), { error: "goals:reviewUnknown" }))
      .max(200, { error: "goals:reviewUnknown" })
      .optional()
      .default([]),
  })
  .refine((v) => !periodEndsBeforeStart(v.periodStart, v.periodEnd), {
    path: ["periodEnd"],
    error: "goals:periodEndBeforeStart",
    // Also when another field is wrong (empty text): every message at once, next to its field.
    when: (payload) => {
      const v = payload.value as { periodStart?: unknown; periodEnd?: unknown };
      return typeof v?.periodStart === "string" && typeof v?.periodEnd === "string";
    },
  });
export type TeamGoalInput = z.output<typeof teamGoalSchema>;

/**
 * The query that opens what the unsaved-changes dialog asked for after a save (`edit:new`,
 * `edit:<id>`, `archive:<id>`); "" for anything else, so a form cannot send the browser elsewhere.
 */
export function nextGoalQuery(next: unknown): string {
  if (typeof next !== "string") return "";
  if (next === "edit:new") return "?edit=new";
  const match = /^(edit|archive):(.+)$/.exec(next);
  return match && isUuid(match[2]) ? `?${match[1]}=${match[2]}` : "";
}

/** `?edit=` and `?archive=` of the goals tab: a goal id, or "new" to add one. */
export function goalTabState(url: URL) {
  const edit = url.searchParams.get("edit");
  const archive = url.searchParams.get("archive");
  return {
    edit: edit === "new" || isUuid(edit) ? edit : null,
    archive: isUuid(archive) ? archive : null,
  };
}
