import { Readable } from "node:stream";
import { parseStream } from "@fast-csv/parse";
import ExcelJS from "exceljs";
import { ImportFileError } from "./import-file-error";
import { inspectXlsx, xlsxLimits } from "./xlsx-guard.server";

export { ImportFileError } from "./import-file-error";

export const MAX_ROWS = 100_000;
/** Excel's own limit for one cell; a personnel file has no reason to come near it. */
export const MAX_CELL_CHARS = 32_767;
/** One row's text together (a CSV line; an .xlsx row is bounded by its XML before exceljs reads it). */
export const MAX_ROW_CHARS = xlsxLimits.rowBytes;
/** Columns with a value, in any row: far more than any personnel file has, and each is a choice on the columns step. */
export const MAX_COLUMNS = 1_000;
/** Excel's last row: a row number beyond it is not a sheet's. */
const MAX_ROW_NUMBER = 1_048_576;

export type ImportFileType = "csv" | "xlsx";
export type ParsedRow = { rowNumber: number; values: string[] };
export type ParsedFile = { sheetNames: string[]; headers: string[]; rows: ParsedRow[] };

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
/** A batch is handed on sooner when its rows weigh this much, so that wide rows keep memory as flat as narrow ones. */
const BATCH_CHARS = 4 * 1024 * 1024;

/**
 * The caps of one row (docs/decisions/1450): every cell at most MAX_CELL_CHARS, a value in at most
 * MAX_COLUMNS columns, the row at most MAX_ROW_CHARS. Returns what the row weighs in a batch: its text, and a little for each value.
 */
function checkRow(row: ParsedRow): number {
  if (!Number.isSafeInteger(row.rowNumber) || row.rowNumber < 1 || row.rowNumber > MAX_ROW_NUMBER) {
    throw new ImportFileError("import:errors.corrupt");
  }
  let chars = 0;
  for (const [column, value] of row.values.entries()) {
    if (value.length > MAX_CELL_CHARS) {
      throw new ImportFileError("import:errors.cellTooLong", { row: row.rowNumber, max: MAX_CELL_CHARS });
    }
    if (column >= MAX_COLUMNS && value.trim() !== "") {
      throw new ImportFileError("import:errors.tooManyColumns", { row: row.rowNumber, max: MAX_COLUMNS });
    }
    chars += value.length;
  }
  if (chars > MAX_ROW_CHARS) {
    throw new ImportFileError("import:errors.rowTooLarge", { max: Math.round(MAX_ROW_CHARS / 1024) });
  }
  return chars + 16 * row.values.length;
}

/**
 * Collects the rows being read into batches of 5,000 and hands each on as soon as it is full, so that
 * storing one batch overlaps reading the next and memory holds two batches, not the file's rows. The
 * first non-blank row is the header. An error of the handler is kept apart from the file's own errors.
 */
function rowBatcher(onRows: RowBatchHandler) {
  let headers: string[] | null = null;
  let batch: ParsedRow[] = [];
  let batchChars = 0;
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
      const chars = checkRow(row);
      if (isBlank(row.values)) return;
      if (!headers) {
        headers = row.values.map((h) => h.trim());
        return;
      }
      count += 1;
      if (count > MAX_ROWS) throw new ImportFileError("import:errors.tooManyRows", { max: MAX_ROWS });
      batch.push(row);
      batchChars += chars;
      if (batch.length < ROW_BATCH && batchChars < BATCH_CHARS) return;
      await pending;
      hand(batch);
      batch = [];
      batchChars = 0;
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

/**
 * The longest record of a CSV text, quotes heeded, so that one over MAX_ROW_CHARS is refused before the
 * parser splits it: a 20 MB line of separators would otherwise become millions of values at once.
 */
export function longestCsvRecord(text: string): number {
  let longest = 0;
  let start = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) quoted = !quoted;
    else if (!quoted && (c === 0x0a || c === 0x0d)) {
      longest = Math.max(longest, i - start);
      start = i + 1;
    }
  }
  return Math.max(longest, text.length - start);
}

const CSV_PIECE = 64 * 1024;

export async function readCsv(buffer: Uint8Array, onRows: RowBatchHandler): Promise<ReadSummary> {
  const text = decodeText(buffer);
  if (longestCsvRecord(text) > MAX_ROW_CHARS) {
    throw new ImportFileError("import:errors.rowTooLarge", { max: Math.round(MAX_ROW_CHARS / 1024) });
  }
  const batcher = rowBatcher(onRows);
  let line = 0;
  try {
    // Handed to the parser in pieces: given the whole text at once it splits every row before the first
    // is read, so the file's rows would all sit in memory together.
    const bytes = Buffer.from(text, "utf8");
    const pieces = function* () {
      for (let i = 0; i < bytes.length; i += CSV_PIECE) yield bytes.subarray(i, i + CSV_PIECE);
    };
    const parser = parseStream<string[], string[]>(Readable.from(pieces()), {
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

/**
 * One sheet of an .xlsx (streaming, styles ignored: dates arrive as serial numbers) and every sheet's name.
 * inspectXlsx reads the whole zip first, measuring what it inflates to and what exceljs would hold, so
 * that exceljs never meets a part it cannot read within the worker's heap (docs/decisions/1450).
 */
export async function readXlsx(buffer: Buffer, sheet: number, onRows: RowBatchHandler): Promise<ReadSummary> {
  const entries = await inspectXlsx(buffer);
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
