import * as z from "zod";
import { flag } from "~/utils/list-filter";

/** The criteria book's query (?q, dimension, tagId, archived, page); a value that does not fit is no filter. */
export const criteriaFilterSchema = z.object({
  dimension: z.coerce.number().int().min(1).max(3).optional().catch(undefined),
  tagId: z.uuid().optional().catch(undefined),
  archived: z.enum(["0", "1"]).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type CriteriaFilter = z.output<typeof criteriaFilterSchema>;

/** The sets list's query: ?archived=1 shows the archived sets instead of the others. */
export const setListFilterSchema = z.object({ archived: flag("1") });
