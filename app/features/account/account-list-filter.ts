import * as z from "zod";
import { pageNumber, searchText } from "~/utils/list-filter";

/** The account's users list (?q, page). Client-safe. */
export const accountUserListFilterSchema = z.object({ q: searchText(), page: pageNumber });

/** The system admin's login-as picker (?q, page): the search is cut at 200 characters. */
export const loginAsFilterSchema = z.object({ q: searchText(200), page: pageNumber });
