import ExcelJS from "exceljs";
import { escapeSpreadsheetText } from "./results";

/**
 * Tables as an .xlsx workbook through exceljs (docs/decisions/0531): a bold, frozen header row and
 * every text cell through escapeSpreadsheetText, so no cell can start a formula whoever calls this.
 */
export type Cell = string | number | null | undefined;
export type Sheet = { name: string; rows: Cell[][] };

// Excel refuses these in sheet names, and allows at most 31 characters.
const sheetName = (name: string) => name.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Sheet";

function workbookOf(sheets: Sheet[]): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheetName(sheet.name), { views: [{ state: "frozen", ySplit: 1 }] });
    for (const row of sheet.rows) {
      worksheet.addRow(
        row.map((value) => {
          if (value === null || value === undefined || value === "") return null;
          if (typeof value === "number") return Number.isFinite(value) ? value : null;
          return escapeSpreadsheetText(value);
        }),
      );
    }
    worksheet.getRow(1).font = { bold: true };
  }
  return workbook;
}

export async function writeXlsx(sheets: Sheet[]): Promise<Buffer> {
  return Buffer.from(await workbookOf(sheets).xlsx.writeBuffer());
}
