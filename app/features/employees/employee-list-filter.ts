import * as z from "zod";
import { filterRoleKeys, sortKeys } from "./employees.schema";

/**
 * The personnel list's filter as its URL states it (?q, team, teamName, tag, status, access, role, sort,
 * dir, page): one schema for the page's loader and GET api/users. Client-safe (no .server module), so
 * the filter form and the table read the same names. A value outside its list (an old bookmark, a typo)
 * is simply no filter: a search page never answers 400.
 */
const text = z
  .string()
  .optional()
  .catch(undefined)
  .transform((v) => v ?? "");

function oneOf<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values).optional().catch(undefined);
}

/** The filter's fields as the URL names them (team, tag), before they become teamId and tagId. */
export const employeeListFilterFields = z.object({
  q: text,
  team: text,
  teamName: text,
  tag: text,
  status: oneOf(["active", "inactive"]),
  access: oneOf(["yes", "no"]),
  role: oneOf(filterRoleKeys),
  sort: z.enum(sortKeys).catch("name"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  page: z
    .string()
    .optional()
    .catch(undefined)
    .transform((v) => Math.max(1, Number.parseInt(v ?? "1", 10) || 1)),
});

/** The filter of the URL's fields (employeeListFilterFields' output). */
export function employeeListFilterOf({ team, tag, ...rest }: z.output<typeof employeeListFilterFields>) {
  return { ...rest, teamId: team, tagId: tag };
}

export const employeeListFilterSchema = employeeListFilterFields.transform(employeeListFilterOf);

/** GET api/users: `for` (store or user) and, for the store, the personnel list's filter (decision 1652). */
export const apiUsersQuerySchema = employeeListFilterFields.extend({ for: z.enum(["store", "user"]) });

export type EmployeeListFilter = z.output<typeof employeeListFilterSchema>;

/** The filter of a URL's query; a name given twice counts once (the first, as URLSearchParams.get). */
export function parseEmployeeListFilter(searchParams: URLSearchParams): EmployeeListFilter {
  const fields: Record<string, string> = {};
  for (const [key, value] of searchParams) if (!(key in fields)) fields[key] = value;
  return employeeListFilterSchema.parse(fields);
}

/** Whether anything narrows the list (the empty list then says "nothing matches" rather than "no one yet"). */
export function isFiltered(filter: Omit<EmployeeListFilter, "sort" | "dir" | "page">): boolean {
  return Boolean(
    filter.q || filter.teamId || filter.teamName || filter.tagId || filter.status || filter.access || filter.role,
  );
}
