import * as z from "zod";

/** The goals-and-ambitions page's query: `?team=<id>` narrows it to one team. Client-safe. */
export const goalListFilterSchema = z.object({
  team: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => v || null),
});
export type GoalListFilter = z.output<typeof goalListFilterSchema>;
