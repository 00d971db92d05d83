import { toCsv } from "~/features/audit/audit-file.server";
import { writeXlsx, type Sheet } from "~/features/reviews/xlsx.server";

/**
 * An analytics table as a download, .xlsx or CSV (issue 34, docs/decisions/1601): the rows the page shows with
 * the same filters and the same small-group suppression (hidden cells are written as the page's "hidden" text,
 * never the number). Every text cell goes through the shared writers' formula escape (writeXlsx, toCsv).
 * Several tables go to several sheets in .xlsx, one after the other with a blank line between in CSV.
 */
export type ExportFormat = "xlsx" | "csv";

/** `?format=csv` is CSV; anything else is .xlsx (a link someone edited still downloads). */
export function exportFormat(value: string | null): ExportFormat {
  return value === "csv" ? "csv" : "xlsx";
}

/** The response: `fileName` without extension, in the reader's language; an ASCII fallback name for old clients. */
export async function tableFileResponse(fileName: string, format: ExportFormat, sheets: Sheet[]): Promise<Response> {
  const ascii = fileName.normalize("NFKD").replace(/[^\w.-]+/g, "-") || "export";
  const headers = (type: string) => ({
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${ascii}.${format}"; filename*=UTF-8''${encodeURIComponent(`${fileName}.${format}`)}`,
    "Cache-Control": "private, no-store",
  });
  if (format === "csv") {
    const rows = sheets.flatMap((sheet, i) => [
      ...(i > 0 ? [[], [sheet.name]] : sheets.length > 1 ? [[sheet.name]] : []),
      ...sheet.rows,
    ]);
    return new Response(toCsv(rows), { headers: headers("text/csv; charset=utf-8") });
  }
  const file = await writeXlsx(sheets);
  return new Response(new Uint8Array(file), {
    headers: headers("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
  });
}
