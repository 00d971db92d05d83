import { escapeSpreadsheetText } from "~/features/reviews/results";
import type { Cell } from "~/features/reviews/xlsx.server";
import { formatDateTime } from "~/utils/format";
import type { AuditRow } from "./audit-list.server";

type T = (key: string, options?: Record<string, unknown>) => string;

/** The header of the audit export, in the reader's language. */
export function auditFileColumns(t: T): string[] {
  return ["time", "action", "actor", "target", "cluster", "ip", "detail"].map((c) => t(`audit:columns.${c}`));
}

export function auditFileRows(rows: readonly AuditRow[]): Cell[][] {
  return rows.map((r) => [
    formatDateTime(r.at),
    r.action,
    r.actor ?? "",
    r.target ?? (r.subjectType ? `${r.subjectType} ${r.subjectId ?? ""}` : ""),
    r.cluster ?? "",
    r.ip ?? "",
    r.data ? JSON.stringify(r.data) : "",
  ]);
}

/**
 * RFC 4180 CSV with a BOM (Excel reads it as UTF-8), every field quoted; text that would start
 * a formula gets a leading apostrophe, the same rule as the .xlsx files (escapeSpreadsheetText).
 */
export function toCsv(rows: readonly Cell[][]): string {
  const field = (value: Cell) => {
    const text =
      value === null || value === undefined
        ? ""
        : typeof value === "number"
          ? String(value)
          : escapeSpreadsheetText(value);
    return `"${text.replace(/"/g, '""')}"`;
  };
  return "\uFEFF" + rows.map((row) => row.map(field).join(",")).join("\r\n") + "\r\n";
}
