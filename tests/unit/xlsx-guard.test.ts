/**
 * Issue 33 item 2 (docs/decisions/1450): what an .xlsx may make the job worker hold, measured while
 * inflating and read from the XML before exceljs holds it.
 */
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { parseCsv, parseXlsx } from "~/features/imports/import-file.server";
import { inspectXlsx, XmlGuard, xlsxLimits } from "~/features/imports/xlsx-guard.server";
import { craftZip, hugeCellSheet, rowsSheet, workbookParts } from "../support/crafted-xlsx";

const KB = 1024;
const MB = 1024 * KB;

/** Feeds XML to a guard in small chunks, as an inflating entry does; resolves to the error key or "ok". */
function guard(kind: "sheet" | "sharedStrings", ...pieces: string[]): string {
  const check = new XmlGuard(kind, xlsxLimits);
  try {
    for (const piece of pieces) {
      const bytes = Buffer.from(piece);
      for (let i = 0; i < bytes.length; i += 16 * KB) check.write(bytes.subarray(i, i + 16 * KB));
    }
    return "ok";
  } catch (error) {
    return (error as { key: string }).key;
  }
}

const sheetStart = '<?xml version="1.0"?><worksheet><sheetData>';
const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe("the zip, measured while inflating", () => {
  it("passes a workbook exceljs wrote, shared strings and all", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Personeel");
    sheet.addRow(["E-mail", "Naam"]);
    for (let i = 0; i < 2000; i++) sheet.addRow([`p${i}@example.nl`, `Persoon ${i}`]);
    const names = await inspectXlsx(Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(names).toEqual(expect.arrayContaining(["xl/workbook.xml", "xl/worksheets/sheet1.xml"]));
  });

  it("stops a part at its limit whatever the zip's directory declares for it", async () => {
    const parts = workbookParts(() => rowsSheet([["E-mail"], ["a@b.nl"]]));
    const workbook = parts.find((part) => part.name === "xl/workbook.xml")!;
    const block = Buffer.alloc(MB, " ");
    // 10 MB of harmless spaces in short runs, the directory saying 5 KB: the 4 MB cap of a part read whole.
    workbook.content = function* () {
      yield "<workbook>";
      for (let i = 0; i < 10; i++) yield block.toString().replace(/ {1000}/g, (s) => `<a/>${s.slice(4)}`);
      yield "</workbook>";
    };
    workbook.declaredSize = 5 * KB;
    await expect(inspectXlsx(craftZip(parts))).rejects.toMatchObject({ key: "import:errors.tooLargeUnzipped" });
  });

  it("stops the total at its limit, counting entries exceljs only drains", async () => {
    const zeros = Buffer.alloc(MB);
    const parts = [
      ...workbookParts(() => rowsSheet([["E-mail"], ["a@b.nl"]])),
      { name: "xl/media/image1.png", content: () => Array.from({ length: 20 }, () => zeros), declaredSize: 5 * KB },
    ];
    const zip = craftZip(parts);
    await expect(inspectXlsx(zip, { ...xlsxLimits, unzippedBytes: 16 * MB })).rejects.toMatchObject({
      key: "import:errors.tooLargeUnzipped",
    });
    expect(await inspectXlsx(zip)).toContain("xl/media/image1.png");
  });
});

describe("the XML, read before exceljs holds it", () => {
  it("passes ordinary rows, values and shared strings", () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `<row r="${i + 1}">${cell(`A${i + 1}`, "Jansen")}</row>`);
    expect(guard("sheet", sheetStart, ...rows, "</sheetData></worksheet>")).toBe("ok");
    const strings = Array.from({ length: 3000 }, (_, i) => `<si><r><t>de </t></r><r><t>Boer ${i}</t></r></si>`);
    expect(guard("sharedStrings", "<sst>", ...strings, "</sst>")).toBe("ok");
  });

  it("refuses one cell, one run of text, one tag, comment or CDATA past the row limit", () => {
    const big = "a".repeat(300 * KB);
    /** `big` with a `mark` every 100 bytes, which ends nothing inside a quote, comment or CDATA section. */
    const marked = (mark: string) => big.replace(/a{100}/g, (s) => `${s.slice(1)}${mark}`);
    expect(guard("sheet", sheetStart, `<row r="1">${cell("A1", big)}</row>`)).toBe("import:errors.rowTooLarge");
    expect(guard("sheet", sheetStart, big)).toBe("import:errors.rowTooLarge");
    expect(guard("sheet", sheetStart, `<x a="${marked(">")}"/>`)).toBe("import:errors.rowTooLarge");
    expect(guard("sheet", sheetStart, `<!--${marked("<")}-->`)).toBe("import:errors.rowTooLarge");
    expect(guard("sheet", sheetStart, `<![CDATA[${marked("<")}]]>`)).toBe("import:errors.rowTooLarge");
  });

  it("refuses a row of many small cells past the row limit", () => {
    const cells = Array.from({ length: 20_000 }, (_, i) => cell(`A${i}`, "x")).join("");
    expect(guard("sheet", sheetStart, `<row r="1">${cells}</row>`)).toBe("import:errors.rowTooLarge");
  });

  it("counts text exceljs appends to the last value, in short runs between tags outside any cell", () => {
    // exceljs appends every text event to the last value until another value starts in a cell.
    const trail = Array.from({ length: 3000 }, () => `<x/>${"a".repeat(100)}`);
    expect(guard("sheet", sheetStart, `<row r="1">${cell("A1", "x")}</row></sheetData>`, ...trail)).toBe(
      "import:errors.rowTooLarge",
    );
    // The same text before any value is held by nobody.
    expect(guard("sheet", "<worksheet>", ...trail, "<sheetData></sheetData></worksheet>")).toBe("ok");
  });

  it("refuses rich-text runs and text between shared strings past the row limit", () => {
    expect(guard("sharedStrings", "<sst>", "<x/>".repeat(100_000))).toBe("import:errors.rowTooLarge");
    // Closing tags of runs count as runs, and that limit comes first.
    expect(guard("sharedStrings", "<sst>", "</r>".repeat(100_000))).toBe("import:errors.tooLargeUnzipped");
    const runs = Array.from({ length: 20_000 }, () => "<r><t>ab</t></r>").join("");
    expect(guard("sharedStrings", "<sst>", `<si>${runs}</si>`)).toBe("import:errors.rowTooLarge");
  });

  it("refuses a column range past Excel's last column and any DOCTYPE", () => {
    expect(guard("sheet", '<worksheet><cols><col min="1" max="1000000000" width="9"/></cols>')).toBe(
      "import:errors.corrupt",
    );
    expect(guard("sheet", '<worksheet><cols><col min="1" max="16384"/></cols></worksheet>')).toBe("ok");
    expect(guard("sheet", '<!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet/>')).toBe("import:errors.corrupt");
  });
});

describe("reading a file within the caps", () => {
  it("ends issue 33's 300 MB cell at once, without building it", async () => {
    const zip = craftZip(workbookParts(() => hugeCellSheet(300 * MB)));
    expect(zip.length).toBeLessThan(400 * KB);
    await expect(parseXlsx(zip)).rejects.toMatchObject({ key: "import:errors.rowTooLarge", values: { max: 256 } });
  });

  it("names the row of a cell longer than Excel's 32,767 characters, in .xlsx and .csv", async () => {
    const long = "b".repeat(40_000);
    const zip = craftZip(
      workbookParts(() =>
        rowsSheet([
          ["E-mail", "Notitie"],
          ["a@b.nl", "kort"],
          ["c@d.nl", long],
        ]),
      ),
    );
    await expect(parseXlsx(zip)).rejects.toMatchObject({
      key: "import:errors.cellTooLong",
      values: { row: 3, max: 32_767 },
    });
    await expect(parseCsv(Buffer.from(`E-mail;Notitie\r\na@b.nl;kort\r\nc@d.nl;${long}\r\n`))).rejects.toMatchObject({
      key: "import:errors.cellTooLong",
      values: { row: 3, max: 32_767 },
    });
  });
});
