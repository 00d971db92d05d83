import * as z from "zod";
import { lineText, multilineText } from "~/utils/text-schema";

/** The longest peer comment (a check constraint holds the same). */
export const PEER_COMMENT_MAX = 2000;

/** A peer questionnaire's form (client-safe): `score.<criterionId>` = "off" | "0".."scale". */
export const peerQuestionnaireFormSchema = z.object({
  intent: z.enum(["save", "finish"]).default("save"),
  autosave: z.literal("1").optional(),
  score: z.record(lineText(), lineText()).optional(),
  /** A peer's free-text remark (decision 1203); absent when not sent, empty clears it. */
  comment: multilineText().max(PEER_COMMENT_MAX, "peerreviews:errors.commentTooLong").optional(),
});
