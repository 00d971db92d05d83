import ExcelJS from "exceljs";
import type { TFunction } from "i18next";
import { templateFields, templateExamples, type TemplateField } from "./import-template";

export type TemplateFormat = "xlsx" | "csv";

/** The template's columns in the reader's language: header (as the import recognises it) and explanation. */
export function templateColumns(t: TFunction) {
  return templateFields.map((field) => ({
    field,
    header: t(`import:template.columns.${field}.header`),
    help: t(`import:template.columns.${field}.help`),
    required: field === "lastName" || field === "email",
  }));
}

/** Example values as text, numbers in the language's way (0,8 in Dutch and German, 0.8 in English). */
function exampleText(field: TemplateField, value: string | number, language: string): string {
  if (typeof value === "number") return language === "en" ? String(value) : String(value).replace(".", ",");
  return field === "gender" && language === "en" ? value.replace("V", "F") : value;
}

/**
 * The personnel template as a workbook (decision 1623): the first sheet the columns with two example people
 * (dates as dates, numbers as numbers, each header explained in its note), the second sheet each column's
 * explanation; or as CSV (UTF-8 with BOM, `;` as Dutch and German Excel write it, `,` in English).
 */
export async function personnelTemplate(t: TFunction, language: string, format: TemplateFormat): Promise<Buffer> {
  const columns = templateColumns(t);
  if (format === "csv") {
    const separator = language === "en" ? "," : ";";
    const quote = (v: string) => (/[";,\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const lines = [
      columns.map((c) => quote(c.header)),
      ...templateExamples.map((example) =>
        columns.map((c) => quote(exampleText(c.field, example[c.field] ?? "", language))),
      ),
    ].map((cells) => cells.join(separator));
    return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8")]);
  }
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t("import:template.sheet"));
  sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: Math.max(14, c.header.length + 4) }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  columns.forEach((c, i) => {
    sheet.getRow(1).getCell(i + 1).note = c.help;
  });
  for (const example of templateExamples) {
    const row = sheet.addRow(
      Object.fromEntries(
        columns.map((c) => {
          const value = example[c.field];
          if (typeof value === "string" && /^\d{2}-\d{2}-\d{4}$/.test(value)) {
            const [d, m, y] = value.split("-").map(Number);
            return [c.field, new Date(Date.UTC(y, m - 1, d))];
          }
          return [c.field, typeof value === "string" ? exampleText(c.field, value, language) : (value ?? "")];
        }),
      ),
    );
    row.eachCell((cell) => {
      if (cell.value instanceof Date) cell.numFmt = "dd-mm-yyyy";
    });
  }
  const explain = workbook.addWorksheet(t("import:template.explainSheet"));
  explain.columns = [
    { header: t("import:template.column"), key: "header", width: 22 },
    { header: t("import:template.required"), key: "required", width: 10 },
    { header: t("import:template.explanation"), key: "help", width: 90 },
  ];
  explain.getRow(1).font = { bold: true };
  for (const c of columns) {
    explain.addRow({
      header: c.header,
      required: t(c.required ? "import:template.yes" : "import:template.no"),
      help: c.help,
    });
  }
  explain.addRow({});
  explain.addRow({ help: t("import:template.intro") });
  explain.getColumn("help").alignment = { wrapText: true, vertical: "top" };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
