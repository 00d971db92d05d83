import * as z from "zod";

/** The development goal of a person's report; messages are i18n keys. */
export const developmentGoalSchema = z.object({
  goal: z.string().trim().max(2000, "results:report.goalTooLong").optional(),
});
