import * as z from "zod";
import { pageNumber } from "~/utils/list-filter";
import { lineText, multilineText } from "~/utils/text-schema";
import { MAX_NEED_REASON, MAX_NEEDED, planningHorizons } from "./planning";

/** A number as people type it here: "4,5" or "4.5"; spaces around it are ignored. Client-safe. */
const typedNumber = (errorKey: string, { whole }: { whole: boolean }) =>
  lineText({ error: errorKey })
    .trim()
    .min(1, { error: errorKey })
    .transform((v) => v.replace(",", "."))
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), { error: errorKey })
    .transform(Number)
    .refine((n) => n <= MAX_NEEDED && (!whole || Number.isInteger(n)), { error: errorKey });

/** One need: a team's people and FTE of one position at one horizon, with the reason HR gives. */
export const planningNeedSchema = z.object({
  teamId: z.uuid({ error: "validation:choose" }),
  positionId: z.uuid({ error: "validation:choose" }),
  horizon: z.enum(planningHorizons, { error: "validation:choose" }),
  employees: typedNumber("planning:errors.employees", { whole: true }),
  fte: typedNumber("planning:errors.fte", { whole: false }),
  reason: multilineText({ error: "planning:errors.reason" })
    .trim()
    .min(1, { error: "planning:errors.reason" })
    .max(MAX_NEED_REASON, { error: "validation:maxLength" }),
});
export type PlanningNeedInput = z.output<typeof planningNeedSchema>;

/** Removing a need names it by its three keys. */
export const planningNeedKeySchema = planningNeedSchema.pick({ teamId: true, positionId: true, horizon: true });

/**
 * The planning table's page (besides the horizon in the path). Its team and position are read as HR analytics
 * reads them (`parsePlanningFilter`): a value that is not one of the viewer's choices falls back with a notice.
 */
export const planningPageSchema = z.object({ page: pageNumber });
export type PlanningFilter = { team: string | null; position: string | null; page: number };
