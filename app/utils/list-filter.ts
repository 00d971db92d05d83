import * as z from "zod";
import { withoutControlCharacters } from "./text-schema";

/**
 * Building blocks of the list filters (`app/features/<area>/*-list-filter.ts`): each list's filter is the
 * zod schema of its URL query, shared by the page's loader, its filter form and the API route where one
 * exists. A value that does not fit (an old bookmark, a typo) is no filter rather than a 400: a list
 * page always answers. Client-safe.
 */

/** A free-text search: missing is ""; with `max`, longer text is cut. */
export const searchText = (max?: number) =>
  z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => (max === undefined ? (v ?? "") : (v ?? "").slice(0, max)));

/** `?page=`: 1 for anything that is not a whole number from 1 to 99,999. */
export const pageNumber = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => {
    const n = Number(v ?? "1");
    return Number.isInteger(n) && n > 0 && n < 100000 ? n : 1;
  });

/** A checkbox or switch in the query: true only for its one value (`?archived=1`, `?scope=tree`). */
export const flag = (on: string) =>
  z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => v === on);

/** Only `q`: the people searches of pickers. */
export const searchFilterSchema = z.object({ q: searchText() });

/**
 * The filter of a URL's query; a name given twice counts once (the first, as URLSearchParams.get).
 * Control characters are left out (a NUL would make PostgreSQL refuse the search: docs/decisions/1440).
 */
export function parseListFilter<S extends z.ZodType>(schema: S, searchParams: URLSearchParams): z.output<S> {
  const fields: Record<string, string> = {};
  for (const [key, value] of searchParams) if (!(key in fields)) fields[key] = withoutControlCharacters(value);
  return schema.parse(fields);
}

/** The same for a request: what loaders call. */
export const parseRequestFilter = <S extends z.ZodType>(schema: S, request: Request): z.output<S> =>
  parseListFilter(schema, new URL(request.url).searchParams);
