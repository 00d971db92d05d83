import * as z from "zod";
import { lineText } from "~/utils/text-schema";

/**
 * The questionnaire's form (client-safe): `team.<criterionId>` answers about the team, `score.<criterionId>`
 * about yourself ("off" or "0".."scale"). Posted by the save buttons without JavaScript and by the
 * auto-save with it (`autosave=1`, only what changed).
 */
export const questionnaireFormSchema = z.object({
  intent: z.enum(["save", "finish"]).default("save"),
  subjectId: z.uuid(),
  autosave: z.literal("1").optional(),
  team: z.record(lineText(), lineText()).optional(),
  score: z.record(lineText(), lineText()).optional(),
});

export const teamField = (criterionId: string) => `team.${criterionId}`;
