import * as z from "zod";
import { dialogStates } from "#db/schema/enums-dialogs";
import { pageNumber } from "~/utils/list-filter";
import { isUuid } from "~/utils/not-found";

const optionalId = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => (isUuid(v) ? v : ""));

/** The states the list can be filtered on, for the filter's options. */
export { dialogStates };

/** `dialogs?state=&person=&team=&page=`: a value that does not fit is no filter. */
export const dialogListFilterSchema = z.object({
  state: z.enum(dialogStates).optional().catch(undefined),
  person: optionalId,
  team: optionalId,
  page: pageNumber,
});
export type DialogListFilter = z.output<typeof dialogListFilterSchema>;
