import ExcelJS from "exceljs";

/** Reads a workbook back with exceljs: every sheet's name and its rows as plain values (empty cells null). */
export async function readXlsx(buffer: Buffer): Promise<{ name: string; rows: (string | number | null)[][] }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  return workbook.worksheets.map((sheet) => {
    const rows: (string | number | null)[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => {
      const values = Array.from((row.values as unknown[]).slice(1), (v) =>
        v === undefined || v === null ? null : (v as string | number),
      );
      while (values.length && values[values.length - 1] === null) values.pop();
      rows.push(values);
    });
    return { name: sheet.name, rows };
  });
}
