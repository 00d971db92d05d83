import * as z from "zod";
import { pageNumber, searchText } from "~/utils/list-filter";
import { competenceTypes } from "#db/schema/enums";

/** The competence book's and the matrix's query (?type, tag, archived, q); a value that does not fit is no filter. */
export const competenceFilterSchema = z.object({
  type: z.enum(competenceTypes).optional().catch(undefined),
  tag: z.uuid().optional().catch(undefined),
  archived: z.enum(["0", "1"]).optional().catch(undefined),
  q: z.string().trim().max(100).optional().catch(undefined),
});
export type CompetenceFilter = z.output<typeof competenceFilterSchema>;

/** The scores list's query: ?q on the person's name, ?page. */
export const scoreListFilterSchema = z.object({ q: searchText(100), page: pageNumber });
