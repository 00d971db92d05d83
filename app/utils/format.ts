/**
 * Formatting of dates and numbers for pages, shared by server and browser (no `.server`): both sides
 * must render the same text, or React's hydration fails (#418/#425) and the page is rendered twice.
 * Never the process's defaults: numbers take the page's language (`<html lang>`, i18n.language), dates
 * one fixed time zone (docs/decisions/0662-one-format-on-server-and-browser.md).
 */

/** The time zone dates are shown in, unless an account says otherwise (no account setting exists yet). */
export const DEFAULT_TIME_ZONE = "Europe/Amsterdam";

const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The spec's date format everywhere (§9): dd-MM-yyyy, in every language. A moment (a Date or an ISO
 * timestamp) is shown as the day it is in `timeZone`; a calendar date ("2026-03-01", a `date` column)
 * has no time zone and is shown as it is.
 */
export function formatDate(value: Date | string | null | undefined, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (!value) return "";
  if (typeof value === "string") {
    const day = calendarDate.exec(value);
    if (day) return `${day[3]}-${day[2]}-${day[1]}`;
  }
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  const [year, month, day] = isoDayIn(date, timeZone).split("-");
  return `${day}-${month}-${year}`;
}

/**
 * The day a moment is in `timeZone`, as yyyy-MM-dd. The formatter is made once per time zone: making one
 * costs about 0.1 ms, which a digest run paid for each of its thousands of recipients.
 */
export function isoDayIn(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = Object.fromEntries(
    dayFormat(timeZone)
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const timeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: DEFAULT_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** A moment as dd-mm-yyyy hh:mm:ss in Europe/Amsterdam (the audit trail). */
export function formatDateTime(value: Date | string | null | undefined): string {
  if (!value) return "";
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return `${formatDate(date)} ${timeFormat.format(date)}`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** A number in the page's language: 0,8 in Dutch and German, 0.8 in English. */
export function formatNumber(
  value: number,
  language: string,
  options: { minimumFractionDigits?: number; maximumFractionDigits?: number } = {},
): string {
  const key = `${language}\u0000${options.minimumFractionDigits ?? ""}\u0000${options.maximumFractionDigits ?? ""}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}
