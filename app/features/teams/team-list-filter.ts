import * as z from "zod";
import { flag, pageNumber, searchText } from "~/utils/list-filter";

/** The teams list's query (?q, scope=tree for the child clusters' teams too, page). Client-safe. */
export const teamListFilterSchema = z
  .object({ q: searchText(), scope: flag("tree"), page: pageNumber })
  .transform(({ scope, ...rest }) => ({ ...rest, tree: scope }));
export type TeamListFilter = z.output<typeof teamListFilterSchema>;
