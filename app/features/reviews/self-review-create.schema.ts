import * as z from "zod";
import { lineText } from "~/utils/text-schema";
import { teamReviewStepOneSchema } from "./team-review-create.schema";

/** The self review wizard's forms (client-safe; messages are i18n keys). */

const ids = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]),
  z.array(z.uuid({ error: "validation:choose" })),
);

/** From scratch, step 1: the same details as a team review (name, deadline, teams, tags, set). */
export const selfReviewStepOneSchema = teamReviewStepOneSchema;

/** From scratch, step 2: the participants and the extra criteria; step 1 travels along as hidden fields. */
export const selfReviewCreateSchema = selfReviewStepOneSchema.extend({
  participantIds: ids.refine((v) => v.length > 0, { error: "selfreviews:errors.participantsRequired" }),
  criterionIds: ids,
});

/** From a team review round: the same teams, criteria and members; the name defaults to the round's. */
export const selfReviewFromRoundSchema = z.object({
  roundId: z.uuid({ error: "selfreviews:errors.roundRequired" }),
  name: lineText().trim().max(120, { error: "validation:maxLength" }).optional(),
  deadline: teamReviewStepOneSchema.shape.deadline,
});

export type SelfReviewStepOne = z.infer<typeof selfReviewStepOneSchema>;
export type SelfReviewCreateInput = z.infer<typeof selfReviewCreateSchema>;
export type SelfReviewFromRoundInput = z.infer<typeof selfReviewFromRoundSchema>;
