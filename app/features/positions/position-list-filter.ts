import * as z from "zod";
import { pageNumber } from "~/utils/list-filter";

/** The positions list's query: only the page (positions are few per account and not filtered). Client-safe. */
export const positionListFilterSchema = z.object({ page: pageNumber });
export type PositionListFilter = z.output<typeof positionListFilterSchema>;
