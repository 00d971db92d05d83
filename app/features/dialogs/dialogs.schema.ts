import * as z from "zod";
import { lineText, multilineText } from "~/utils/text-schema";
import { parseDate } from "~/utils/dates";
import { isHttpUrl, TEXT_MAX, TITLE_MAX } from "./dialog-rules";

/** Forms of the dialog pages (docs/decisions/1000). Client-safe; messages are i18n keys. */

const title = (requiredKey: string) =>
  lineText({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(TITLE_MAX, { error: "validation:maxLength" });
const optionalText = multilineText().trim().max(TEXT_MAX, { error: "validation:maxLength" }).optional().default("");
const id = lineText({ error: "validation:choose" }).uuid({ error: "validation:choose" });
/** A whole percent 0–100 as typed (an empty field is refused, not read as 0). */
const percent = lineText({ error: "dialogs:errors.progress" })
  .trim()
  .regex(/^\d{1,3}$/, { error: "dialogs:errors.progress" })
  .transform(Number)
  .refine((n) => n <= 100, { error: "dialogs:errors.progress" });

export const objectiveField = multilineText({ error: "dialogs:errors.objectiveRequired" })
  .trim()
  .min(1, { error: "dialogs:errors.objectiveRequired" })
  .max(TEXT_MAX, { error: "validation:maxLength" });

/**
 * A new dialog: the person, and an objective or the development goal of a team review result to start
 * from (the goal then is the objective when none is typed).
 */
export const createDialogSchema = z
  .object({
    membershipId: id,
    reviewSubjectId: lineText().uuid({ error: "validation:choose" }).optional(),
    objective: multilineText().trim().max(TEXT_MAX, { error: "validation:maxLength" }).optional(),
  })
  .superRefine((value, issue) => {
    if (!value.objective && !value.reviewSubjectId)
      issue.addIssue({ code: "custom", path: ["objective"], message: "dialogs:errors.objectiveRequired" });
  });
export const objectiveSchema = z.object({ objective: objectiveField });
export const goalSchema = z.object({ title: title("dialogs:errors.goalRequired") });
export const initiativeSchema = z.object({ title: title("dialogs:errors.initiativeRequired") });
export const initiativeEditSchema = z.object({
  progress: percent,
  openIssue: lineText()
    .optional()
    .transform((v) => v === "on"),
  notes: optionalText,
});
export const linkSchema = z.object({
  title: title("dialogs:errors.linkTitleRequired"),
  url: lineText({ error: "dialogs:errors.linkUrl" })
    .trim()
    .max(2000, { error: "validation:maxLength" })
    .refine(isHttpUrl, { error: "dialogs:errors.linkUrl" }),
});
export const actionSchema = z.object({ title: title("dialogs:errors.actionRequired") });
export const progressSchema = z.object({ progress: percent });
export const meetingSchema = z.object({
  meetingDate: lineText({ error: "dialogs:errors.meetingDate" })
    .trim()
    .refine((v) => parseDate(v) !== null, { error: "dialogs:errors.meetingDate" }),
  summary: multilineText({ error: "dialogs:errors.summaryRequired" })
    .trim()
    .min(1, { error: "dialogs:errors.summaryRequired" })
    .max(TEXT_MAX, { error: "validation:maxLength" }),
});
