import { emailPattern } from "~/features/employees/employees.schema";
import { importFieldOf, type ImportField } from "./import-fields";
import { withNamePrefix } from "~/utils/name-prefix";

export type ImportRecord = Partial<Record<ImportField, string>>;
export type RowProblem = { field: string; key: string; values?: Record<string, string> };

/** Excel's day 0 is 30-12-1899 (its 1900 leap-year bug included), so serial 1 is 1-1-1900. */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 24 * 60 * 60 * 1000;

function isoOf(y: number, m: number, d: number): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date cell as files write it: an Excel serial number, dd-MM-yyyy (also with / or .), or yyyy-MM-dd.
 * Returns the ISO date, "" for an empty cell, or null for an impossible date (31-02-2024) or other text.
 */
export function parseImportDate(text: string | undefined): string | null {
  const value = (text ?? "").trim();
  if (value === "") return "";
  if (/^\d+(\.\d+)?$/.test(value)) {
    const serial = Math.floor(Number(value));
    // Serials from 1900 to 2199; a bare number outside that is not a date.
    if (serial < 1 || serial > 109574) return null;
    return new Date(EXCEL_EPOCH + serial * DAY_MS).toISOString().slice(0, 10);
  }
  const dmy = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  if (dmy) return isoOf(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})(T.*)?$/.exec(value);
  if (ymd) return isoOf(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
  return null;
}

/** An FTE cell: "0,8", "0.8", "0,8000", "80%". Returns the number, undefined for an empty cell, null for text. */
export function parseFte(text: string | undefined): number | null | undefined {
  const value = (text ?? "").trim().replace(/\s/g, "").replace(",", ".");
  if (value === "") return undefined;
  const percent = value.endsWith("%");
  const number = Number(percent ? value.slice(0, -1) : value);
  if (!Number.isFinite(number)) return null;
  return percent ? number / 100 : number;
}

/** An hours-per-week cell: "32", "32,5". Returns the number, undefined for an empty cell, null for text. */
export function parseHours(text: string | undefined): number | null | undefined {
  const value = (text ?? "").trim().replace(/\s/g, "").replace(",", ".");
  if (value === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The contract form's limits (employees.schema.ts): FTE 0–1.5, hours 0–80 a week. */
export const MAX_FTE = 1.5;
export const MAX_HOURS = 80;
/** Above this the row is imported but warned about (issue #16: "FTE outside 0–1.5 (warn above 1.0)"). */
export const WARN_FTE_ABOVE = 1.0;

/** Whether an FTE is allowed but unusual enough to warn about next to its row. */
export function fteNeedsWarning(fte: number | null | undefined): boolean {
  return typeof fte === "number" && fte > WARN_FTE_ABOVE && fte <= MAX_FTE;
}
export const MAX_NAME_LENGTH = 100;

/**
 * Values of one row by field, trimmed; unmapped columns are left out. The name prefix joins the last
 * name ("ter" + "Vermeulen" → "ter Vermeulen"), as the product keeps it (decision 1620).
 */
export function recordOf(values: readonly string[], mapping: Record<string, string>): ImportRecord {
  const record: ImportRecord = {};
  for (const [index, name] of Object.entries(mapping)) {
    const field = importFieldOf(name);
    if (field) record[field] = (values[Number(index)] ?? "").trim();
  }
  if (record.namePrefix && record.lastName) record.lastName = withNamePrefix(record.namePrefix, record.lastName);
  return record;
}

/** The gender column as the product stores it: f, m or empty. */
export function parseGender(text: string | undefined): "f" | "m" | "" {
  const value = (text ?? "").trim().toLowerCase();
  if (["v", "f", "vrouw", "female", "w", "weiblich", "frau"].includes(value)) return "f";
  if (["m", "man", "male", "männlich", "mann"].includes(value)) return "m";
  return "";
}

const dateFields = ["birthday", "contractStart", "contractEnd"] as const;

/** Whether a team leader cell names someone: true, false (unknown) or "ambiguous" (a name of several people). */
export type KnownLeader = (value: string) => boolean | "ambiguous";

/** The file's keys: the first row of each e-mail address (lower case) and employee number. */
export type FileKeys = { email: Map<string, number>; employeeNumber: Map<string, number> };

export function emptyFileKeys(): FileKeys {
  return { email: new Map(), employeeNumber: new Map() };
}

/** Adds rows (in the file's order) to the file's keys; the first row of a key stays. */
export function addFileKeys(keys: FileKeys, rows: Iterable<{ rowNumber: number; record: ImportRecord }>): FileKeys {
  for (const { rowNumber, record } of rows) {
    for (const key of ["email", "employeeNumber"] as const) {
      const value = key === "email" ? record.email?.toLowerCase() : record.employeeNumber;
      if (value && !keys[key].has(value)) keys[key].set(value, rowNumber);
    }
  }
  return keys;
}

/**
 * The problems of one row (spec issue #16): invalid e-mail, duplicate e-mail or employee number in the
 * file, impossible date, FTE outside 0–1.5, a name over its maximum length, an unknown team leader. A
 * team leader is known when a row of the file (`keys`, the whole file's) has that number or e-mail, or
 * `isKnownLeader` says so (a number, e-mail or name of one person: `LeaderCells.known`); a name of
 * several people ("ambiguous") is a problem of its own (decision 1992).
 */
export function rowProblems(
  { rowNumber, record }: { rowNumber: number; record: ImportRecord },
  keys: FileKeys,
  isKnownLeader: KnownLeader = () => false,
): RowProblem[] {
  const problems: RowProblem[] = [];
  if (record.email && !emailPattern.test(record.email)) problems.push({ field: "email", key: "import:problems.email" });
  for (const key of ["email", "employeeNumber"] as const) {
    const value = key === "email" ? record.email?.toLowerCase() : record.employeeNumber;
    const first = value ? keys[key].get(value) : undefined;
    if (first !== undefined && first !== rowNumber) {
      problems.push({ field: key, key: `import:problems.duplicate.${key}`, values: { row: String(first) } });
    }
  }
  if (!record.email && !record.employeeNumber) problems.push({ field: "email", key: "import:problems.noKey" });
  if (!record.firstName && !record.lastName) problems.push({ field: "lastName", key: "import:problems.noName" });
  for (const field of ["firstName", "lastName"] as const) {
    if ((record[field]?.length ?? 0) > MAX_NAME_LENGTH) {
      problems.push({ field, key: "import:problems.tooLong", values: { max: String(MAX_NAME_LENGTH) } });
    }
  }
  for (const field of dateFields) {
    if (parseImportDate(record[field]) === null) {
      problems.push({ field, key: "import:problems.date", values: { value: record[field] ?? "" } });
    }
  }
  const fte = parseFte(record.fte);
  if (fte === null || (fte !== undefined && (fte < 0 || fte > MAX_FTE))) {
    problems.push({ field: "fte", key: "import:problems.fte", values: { value: record.fte ?? "" } });
  }
  const hours = parseHours(record.hoursPerWeek);
  if (hours === null || (hours !== undefined && (hours < 0 || hours > MAX_HOURS))) {
    problems.push({
      field: "hoursPerWeek",
      key: "import:problems.hours",
      values: { value: record.hoursPerWeek ?? "", max: String(MAX_HOURS) },
    });
  }
  const start = parseImportDate(record.contractStart);
  const end = parseImportDate(record.contractEnd);
  if (start && end && end < start) problems.push({ field: "contractEnd", key: "import:problems.endBeforeStart" });
  const leader = record.teamLeader;
  if (leader && !keys.employeeNumber.has(leader) && !keys.email.has(leader.toLowerCase())) {
    const known = isKnownLeader(leader);
    if (known !== true) {
      const key = known === "ambiguous" ? "import:problems.teamLeaderAmbiguous" : "import:problems.teamLeader";
      problems.push({ field: "teamLeader", key, values: { value: leader } });
    }
  }
  return problems;
}

/** The problems of each row of a whole file (rows without problems are left out). */
export function findRowProblems(
  rows: readonly { rowNumber: number; record: ImportRecord }[],
  isKnownLeader: KnownLeader = () => false,
): Map<number, RowProblem[]> {
  const keys = addFileKeys(emptyFileKeys(), rows);
  const problems = new Map<number, RowProblem[]>();
  for (const row of rows) {
    const found = rowProblems(row, keys, isKnownLeader);
    if (found.length > 0) problems.set(row.rowNumber, found);
  }
  return problems;
}
