import * as z from "zod";
import { lineText, multilineText } from "~/utils/text-schema";

/**
 * The evaluation pages' forms (client-safe, messages are i18n keys). The member form is posted by the
 * save buttons (without JavaScript) and by the auto-save (with it, `autosave=1` and only what changed).
 */
export const memberFormSchema = z.object({
  intent: z.enum(["save", "saveNext"]).default("save"),
  subjectId: z.uuid(),
  autosave: z.literal("1").optional(),
  score: z.record(lineText(), lineText()).optional(),
  developmentGoal: multilineText().max(4000, "evaluation:errors.goalTooLong").optional(),
});

/** Adding or removing one criterion of a team review (the criteria page). */
export const reviewCriterionFormSchema = z.object({
  intent: z.enum(["add", "remove"]),
  criterionId: z.uuid(),
  dimension: lineText().optional(),
});
