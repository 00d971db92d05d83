import * as z from "zod";
import { multilineText } from "~/utils/text-schema";

/** The development goal of a person's report; messages are i18n keys. */
export const developmentGoalSchema = z.object({
  goal: multilineText().trim().max(2000, "results:report.goalTooLong").optional(),
});
