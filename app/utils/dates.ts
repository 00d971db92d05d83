import { format, isValid, parse } from "date-fns";
import { formatDate } from "./format";

/** The spec's date format everywhere (§9): dd-MM-yyyy, in every language. */
export const DATE_FORMAT = "dd-MM-yyyy";

/** dd-MM-yyyy in one fixed time zone on server and browser alike (./format.ts). */
export { formatDate };

/**
 * Strictly parses dd-MM-yyyy (single-digit day and month allowed, as people type them); null for
 * anything else, including impossible dates such as 31-02-2026.
 */
export function parseDate(input: string | null | undefined): Date | null {
  const text = (input ?? "").trim();
  const match = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text);
  if (!match) return null;
  const date = parse(
    `${match[1].padStart(2, "0")}-${match[2].padStart(2, "0")}-${match[3]}`,
    DATE_FORMAT,
    new Date(2000, 0, 1),
  );
  return isValid(date) ? date : null;
}

/** A date as PostgreSQL's `date` column wants it (yyyy-MM-dd), without time-zone shifts. */
export function toIsoDate(date: Date): string {
  return format(date, "yyyy-MM-dd");
}
