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

/** Data rows handed on per batch while the file is read; the reader waits for the batch before this one. */
export type RowBatchHandler = (rows: ParsedRow[]) => Promise<void>;
export type ReadSummary = { sheetNames: string[]; headers: string[]; rowCount: number };
const ROW_BATCH = 5000;

/**
 * Collects the rows being read into batches of 5,000 and hands each on as soon as it is full, so that
 * storing one batch overlaps reading the next and memory holds two batches, not the file's rows. The
 * first non-blank row is the header. An error of the handler is kept apart from the file's own errors.
 */
function rowBatcher(onRows: RowBatchHandler) {
  let headers: string[] | null = null;
  let batch: ParsedRow[] = [];
  let count = 0;
  let pending: Promise<void> = Promise.resolve();
  let handlerError: unknown = undefined;
  const hand = (rows: ParsedRow[]) => {
    pending = onRows(rows).catch((error: unknown) => {
      handlerError = error;
      throw error;
    });
    // Awaited before the next batch or at the end; until then a rejection is not "unhandled".
    pending.catch(() => undefined);
  };
  return {
    isHandlerError: (error: unknown) => handlerError !== undefined && error === handlerError,
    /**
     * Waits for the batch being stored when reading stops on an error: the caller cleans up what was
     * stored, so no batch may land after that. A failure of that batch gives way to the reading error.
     */
    async settle() {
      await pending.catch(() => undefined);
    },
    async add(row: ParsedRow) {
      if (isBlank(row.values)) return;
      if (!headers) {
        headers = row.values.map((h) => h.trim());
        return;
      }
      count += 1;
      if (count > MAX_ROWS) throw new ImportFileError("import:errors.tooManyRows", { max: String(MAX_ROWS) });
      batch.push(row);
      if (batch.length < ROW_BATCH) return;
      await pending;
      hand(batch);
      batch = [];
    },
    async end(sheetNames: string[]): Promise<ReadSummary> {
      await pending;
      if (!headers) throw new ImportFileError("import:errors.empty");
      if (batch.length > 0) {
        hand(batch);
        batch = [];
        await pending;
      }
      return { sheetNames, headers, rowCount: count };
    },
  };
}

/** Reads every data row of a file, handing them on per batch (see rowBatcher); the whole file's rows for tests. */
async function collect(read: (onRows: RowBatchHandler) => Promise<ReadSummary>): Promise<ParsedFile> {
  const rows: ParsedRow[] = [];
  const { sheetNames, headers } = await read(async (batch) => {
    for (const row of batch) rows.push(row);
  });
  return { sheetNames, headers, rows };
}

export async function readCsv(buffer: Uint8Array, onRows: RowBatchHandler): Promise<ReadSummary> {
  const text = decodeText(buffer);
  const batcher = rowBatcher(onRows);
  let line = 0;
  try {
    const parser = parseString<string[], string[]>(text, {
      delimiter: detectDelimiter(text),
      ignoreEmpty: false,
      discardUnmappedColumns: false,
    });
    for await (const values of parser as AsyncIterable<string[]>) {
      line += 1;
      await batcher.add({ rowNumber: line, values });
    }
  } catch (error) {
    await batcher.settle();
    if (error instanceof ImportFileError || batcher.isHandlerError(error)) throw error;
    throw new ImportFileError("import:errors.corrupt");
  }
  return batcher.end([]);
}

export function parseCsv(buffer: Uint8Array): Promise<ParsedFile> {
  return collect((onRows) => readCsv(buffer, onRows));
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
export async function readXlsx(buffer: Buffer, sheet: number, onRows: RowBatchHandler): Promise<ReadSummary> {
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
  const batcher = rowBatcher(onRows);
  try {
    for await (const worksheet of reader) {
      const index = sheetNames.length;
      sheetNames.push((worksheet as unknown as { name: string }).name);
      if (index !== sheet) continue;
      for await (const row of worksheet) {
        await batcher.add({ rowNumber: row.number, values: Array.from((row.values as unknown[]).slice(1), cellText) });
      }
    }
  } catch (error) {
    await batcher.settle();
    if (error instanceof ImportFileError || batcher.isHandlerError(error)) throw error;
    throw new ImportFileError("import:errors.corrupt");
  }
  if (sheetNames.length === 0) throw new ImportFileError("import:errors.corrupt");
  return batcher.end(sheetNames);
}

export function parseXlsx(buffer: Buffer, sheet = 0): Promise<ParsedFile> {
  return collect((onRows) => readXlsx(buffer, sheet, onRows));
}

/** Reads the file's rows into `onRows` per batch of 5,000 while reading (the worker stores them as they come). */
export function readImportFile(
  buffer: Buffer,
  type: ImportFileType,
  sheet: number,
  onRows: RowBatchHandler,
): Promise<ReadSummary> {
  return type === "csv" ? readCsv(buffer, onRows) : readXlsx(buffer, sheet, onRows);
}
