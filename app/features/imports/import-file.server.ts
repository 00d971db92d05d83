import { Readable } from "node:stream";
import { parseString } from "@fast-csv/parse";
import ExcelJS from "exceljs";

export const MAX_ROWS = 100_000;
/** The most the .xlsx's zip entries may inflate to, checked before inflating any (zip bombs). */
export const MAX_UNZIPPED_BYTES = 400 * 1024 * 1024;

export type ImportFileType = "csv" | "xlsx";
export type ParsedRow = { rowNumber: number; values: string[] };
export type ParsedFile = { sheetNames: string[]; headers: string[]; rows: ParsedRow[] };

/** A file the import cannot read; `key` is the i18n message shown to the user. */
export class ImportFileError extends Error {
  constructor(
    readonly key: string,
    readonly values: Record<string, string> = {},
  ) {
    super(key);
  }
}

/** The type by name and content: .xlsx must be a zip, .csv must not be binary. */
export function importFileType(fileName: string, head: Uint8Array): ImportFileType | null {
  const name = fileName.toLowerCase();
  const isZip = head[0] === 0x50 && head[1] === 0x4b;
  if (name.endsWith(".xlsx")) return isZip ? "xlsx" : null;
  if (name.endsWith(".csv") || name.endsWith(".txt")) return isZip || head.includes(0) ? null : "csv";
  return null;
}

/** Text as Dutch Excel writes a CSV: UTF-8 with or without BOM, else Windows-1252. */
export function decodeText(buffer: Uint8Array): string {
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) {
    return new TextDecoder("utf-8").decode(buffer.subarray(3));
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder("windows-1252").decode(buffer);
  }
}

/** `;` (Dutch Excel) or `,`: whichever the header line has more of outside quotes. */
export function detectDelimiter(text: string): ";" | "," {
  const firstLine = (text.split(/\r?\n/, 1)[0] ?? "").replace(/"[^"]*"/g, "");
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(";") >= count(",") && count(";") > 0 ? ";" : ",";
}

const isBlank = (values: readonly string[]) => values.every((v) => v.trim() === "");

function splitHeader(rows: ParsedRow[], sheetNames: string[]): ParsedFile {
  const [header, ...data] = rows;
  if (!header) throw new ImportFileError("import:errors.empty");
  if (data.length > MAX_ROWS) throw new ImportFileError("import:errors.tooManyRows", { max: String(MAX_ROWS) });
  return { sheetNames, headers: header.values.map((h) => h.trim()), rows: data };
}

export async function parseCsv(buffer: Uint8Array): Promise<ParsedFile> {
  const text = decodeText(buffer);
  const rows: ParsedRow[] = [];
  let line = 0;
  await new Promise<void>((resolve, reject) => {
    parseString<string[], string[]>(text, {
      delimiter: detectDelimiter(text),
      ignoreEmpty: false,
      discardUnmappedColumns: false,
    })
      .on("data", (values: string[]) => {
        line += 1;
        if (!isBlank(values)) rows.push({ rowNumber: line, values });
      })
      .on("error", () => reject(new ImportFileError("import:errors.corrupt")))
      .on("end", () => resolve());
  });
  return splitHeader(rows, []);
}

/**
 * Sums the uncompressed sizes in the zip's central directory without inflating anything, so that a
 * zip bomb is refused at once. Files without a readable directory (or ZIP64) are refused as corrupt.
 * Returns the entries' names.
 */
export function checkZipSize(buffer: Buffer): string[] {
  const names: string[] = [];
  const min = Math.max(0, buffer.length - 65_557);
  let end = -1;
  for (let i = buffer.length - 22; i >= min; i--) {
    if (buffer.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ImportFileError("import:errors.corrupt");
  const entries = buffer.readUInt16LE(end + 10);
  let offset = buffer.readUInt32LE(end + 16);
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== 0x02014b50) {
      throw new ImportFileError("import:errors.corrupt");
    }
    const size = buffer.readUInt32LE(offset + 24);
    if (size === 0xffffffff) throw new ImportFileError("import:errors.tooLargeUnzipped");
    total += size;
    if (total > MAX_UNZIPPED_BYTES) throw new ImportFileError("import:errors.tooLargeUnzipped");
    const nameLength = buffer.readUInt16LE(offset + 28);
    names.push(buffer.toString("utf8", offset + 46, Math.min(buffer.length, offset + 46 + nameLength)));
    offset += 46 + nameLength + buffer.readUInt16LE(offset + 30) + buffer.readUInt16LE(offset + 32);
  }
  return names;
}

/** A cell's value as text; formulas give their cached result, never the formula. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    const v = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(v.richText)) return v.richText.map((part) => part.text).join("");
    if ("result" in v) return cellText(v.result);
    if ("text" in v) return cellText(v.text);
  }
  return "";
}

/** One sheet of an .xlsx (streaming, styles ignored: dates arrive as serial numbers) and every sheet's name. */
export async function parseXlsx(buffer: Buffer, sheet = 0): Promise<ParsedFile> {
  const entries = checkZipSize(buffer);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    sharedStrings: "cache",
    hyperlinks: "ignore",
    styles: "ignore",
    worksheets: "emit",
    entries: "emit",
  });
  // A workbook with inline strings only (as LibreOffice can write it) has no shared strings part. The
  // streaming reader then parks every sheet in a temporary file until the zip ends and, racing the
  // zip's end, could lose the last sheet. With no shared strings to wait for, it reads each sheet as
  // it streams by (docs/decisions/1242).
  if (!entries.includes("xl/sharedStrings.xml")) {
    (reader as unknown as { sharedStrings: string[] }).sharedStrings = [];
  }
  const sheetNames: string[] = [];
  const rows: ParsedRow[] = [];
  try {
    for await (const worksheet of reader) {
      const index = sheetNames.length;
      sheetNames.push((worksheet as unknown as { name: string }).name);
      if (index !== sheet) continue;
      for await (const row of worksheet) {
        const values = Array.from((row.values as unknown[]).slice(1), cellText);
        if (!isBlank(values)) rows.push({ rowNumber: row.number, values });
        if (rows.length > MAX_ROWS + 1)
          throw new ImportFileError("import:errors.tooManyRows", { max: String(MAX_ROWS) });
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError("import:errors.corrupt");
  }
  if (sheetNames.length === 0) throw new ImportFileError("import:errors.corrupt");
  return splitHeader(rows, sheetNames);
}

export function parseImportFile(buffer: Buffer, type: ImportFileType, sheet = 0): Promise<ParsedFile> {
  return type === "csv" ? parseCsv(buffer) : parseXlsx(buffer, sheet);
}
