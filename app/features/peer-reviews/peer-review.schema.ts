import * as z from "zod";

/** A peer questionnaire's form (client-safe): `score.<criterionId>` = "off" | "0".."scale". */
export const peerQuestionnaireFormSchema = z.object({
  intent: z.enum(["save", "finish"]).default("save"),
  autosave: z.literal("1").optional(),
  score: z.record(z.string(), z.string()).optional(),
});
