import { Readable } from "node:stream";
import { Parse, type Entry } from "unzipper";
import { ImportFileError } from "./import-file-error";

const KB = 1024;
const MB = 1024 * KB;

/**
 * What an .xlsx may make the worker hold (docs/decisions/1450). The worker has a 160 MB heap (1416), so
 * the sizes are measured while inflating, never taken from the zip's directory, and any one value
 * exceljs would build is refused before it grows past `rowBytes`.
 */
export const xlsxLimits = {
  /** Everything the zip's entries inflate to, together. */
  unzippedBytes: 400 * MB,
  /** The shared strings: exceljs keeps all of them for the whole read. */
  sharedStringsBytes: 16 * MB,
  /** Any other part exceljs reads whole (the workbook and its relationships). */
  partBytes: 4 * MB,
  /** One row of a sheet, one shared string, any one tag, and the text exceljs collects into one value. */
  rowBytes: 256 * KB,
  /** Formatted runs in the shared strings: exceljs builds objects for each (~200 bytes), plain strings need none. */
  richTextRuns: 20_000,
};
export type XlsxLimits = typeof xlsxLimits;

/** Excel's last column (XFD): exceljs makes a column object for every number up to a `<col>`'s min and max. */
const MAX_COLUMN = 16_384;

const tooLarge = () => new ImportFileError("import:errors.tooLargeUnzipped");
const rowTooLarge = (limits: XlsxLimits) =>
  new ImportFileError("import:errors.rowTooLarge", { max: Math.round(limits.rowBytes / KB) });
const corrupt = () => new ImportFileError("import:errors.corrupt");

type PartKind = "sheet" | "sharedStrings" | "whole" | "drained";

/** How exceljs 4.4.0's streaming WorkbookReader treats an entry (workbook-reader.js, `parse`), by the same tests. */
function partKind(path: string): PartKind {
  if (path === "xl/sharedStrings.xml") return "sharedStrings";
  if (path === "xl/workbook.xml" || path === "xl/_rels/workbook.xml.rels") return "whole";
  if (path === "_rels/.rels" || path === "xl/styles.xml") return "drained";
  if (/xl\/worksheets\/sheet\d+[.]xml/.test(path)) return "sheet";
  return "drained";
}

/**
 * Inflates every entry of the workbook as exceljs's reader will (the same unzipper, over the same bytes,
 * so both see the same entries whatever the zip's directory says), counting what comes out per entry and
 * in total, and checks each XML part exceljs parses with XmlGuard. Throws ImportFileError as soon as a
 * limit is passed; nothing it reads is kept. Returns the entries' names.
 */
export async function inspectXlsx(buffer: Buffer, limits: XlsxLimits = xlsxLimits): Promise<string[]> {
  const zip = Parse({ forceStream: true });
  const source = Readable.from([buffer]);
  source.on("error", (error) => zip.destroy(error));
  source.pipe(zip);
  const names: string[] = [];
  let total = 0;
  try {
    for await (const entry of zip as AsyncIterable<Entry>) {
      names.push(entry.path);
      const kind = partKind(entry.path);
      const partLimit =
        kind === "sharedStrings" ? limits.sharedStringsBytes : kind === "whole" ? limits.partBytes : Infinity;
      const guard = kind === "drained" ? null : new XmlGuard(kind, limits);
      let size = 0;
      for await (const chunk of entry as AsyncIterable<Buffer>) {
        size += chunk.length;
        total += chunk.length;
        if (total > limits.unzippedBytes || size > partLimit) throw tooLarge();
        guard?.write(chunk);
      }
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw corrupt();
  } finally {
    source.unpipe(zip);
    zip.destroy();
  }
  return names;
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
const isQuote = (b: number) => b === 0x22 || b === 0x27;

type State = "text" | "open" | "tag" | "quote" | "bang" | "skip";

/**
 * Reads an XML part byte by byte, just enough to know what exceljs 4.4.0 would hold while parsing it with
 * saxes, and throws before that passes `limits.rowBytes`: a tag, comment, CDATA section or run of text
 * (saxes holds each whole), a row of a sheet (exceljs builds the row's cells), the text exceljs appends to one cell value
 * or shared string (it appends every text event until the next value starts, so the count follows its
 * own resets: worksheet-reader.js and workbook-reader.js `_parseSharedStrings`), rich-text runs of the
 * shared strings past `limits.richTextRuns`, `<col>` ranges past
 * Excel's last column, and a DOCTYPE (no xlsx part has one; entities are no business of an import).
 */
export class XmlGuard {
  private state: State = "text";
  private offset = 0;
  private tokenStart = 0;
  private quote = 0;
  private name = "";
  private inName = false;
  private closing = false;
  private last = 0;
  private head = "";
  private terminator = "";
  private tail = "";
  private colTag: number[] | null = null;
  /** The run of text since the last tag: saxes holds it whole until the next one, whoever wants it. */
  private run = 0;
  /** Text exceljs has appended to its current value since that value began (`null`: no value yet). */
  private text: number | null = null;
  private inRows = false;
  private inRow = false;
  private inCell = false;
  private rowStart = -1;
  private colsStart = -1;
  private stringStart = 0;
  private runs = 0;

  constructor(
    private readonly kind: "sheet" | "sharedStrings" | "whole",
    private readonly limits: XlsxLimits,
  ) {
    if (kind === "sharedStrings") this.text = 0;
  }

  write(chunk: Buffer): void {
    const max = this.limits.rowBytes;
    let i = 0;
    while (i < chunk.length) {
      if (this.state === "text") {
        const lt = chunk.indexOf(LT, i);
        const end = lt === -1 ? chunk.length : lt;
        this.addText(end - i);
        if (lt === -1) break;
        this.state = "open";
        this.run = 0;
        this.tokenStart = this.offset + lt;
        i = lt + 1;
        continue;
      }
      const b = chunk[i];
      const at = this.offset + i;
      if (at - this.tokenStart > max) throw rowTooLarge(this.limits);
      switch (this.state) {
        case "open":
          if (b === BANG) {
            this.state = "bang";
            this.head = "";
          } else if (b === QUESTION) {
            this.skipUntil("?>");
          } else {
            this.state = "tag";
            this.closing = b === SLASH;
            this.name = this.closing ? "" : String.fromCharCode(b);
            this.inName = true;
            this.colTag = null;
            this.last = b;
          }
          break;
        case "tag":
          if (b === GT) {
            this.endTag(at + 1, this.last === SLASH);
            this.state = "text";
            break;
          }
          if (this.inName) {
            if (isSpace(b) || b === SLASH || isQuote(b)) {
              this.inName = false;
              if (this.name === "col") this.colTag = [];
            } else this.name += String.fromCharCode(b);
          }
          this.colTag?.push(b);
          if (isQuote(b)) {
            this.state = "quote";
            this.quote = b;
          }
          if (!isSpace(b)) this.last = b;
          break;
        case "quote":
          this.colTag?.push(b);
          if (b === this.quote) {
            this.state = "tag";
            this.last = b;
          }
          break;
        case "bang":
          this.head += String.fromCharCode(b);
          if (this.head === "--") this.skipUntil("-->");
          else if (this.head === "[CDATA[") this.skipUntil("]]>");
          else if (!"--".startsWith(this.head) && !"[CDATA[".startsWith(this.head)) throw corrupt();
          break;
        case "skip":
          this.tail = (this.tail + String.fromCharCode(b)).slice(-3);
          if (this.tail.endsWith(this.terminator)) this.state = "text";
          break;
      }
      i += 1;
    }
    this.offset += chunk.length;
    this.checkOpenElements(this.offset);
  }

  private skipUntil(terminator: string) {
    this.state = "skip";
    this.terminator = terminator;
    this.tail = "";
  }

  private addText(bytes: number) {
    this.run += bytes;
    if (this.run > this.limits.rowBytes) throw rowTooLarge(this.limits);
    if (this.text === null || bytes === 0) return;
    this.text += bytes;
    if (this.kind !== "whole" && this.text > this.limits.rowBytes) throw rowTooLarge(this.limits);
  }

  private endTag(end: number, selfClosing: boolean) {
    const name = this.name;
    if (this.closing) this.close(name, end);
    else {
      this.open(name);
      if (selfClosing) this.close(name, end);
    }
    this.checkOpenElements(end);
  }

  /** exceljs's own bookkeeping, by exact tag name as saxes reports it (worksheet-reader.js `parse`). */
  private open(name: string) {
    if (this.kind === "sharedStrings") {
      if (name === "si") this.stringStart = this.tokenStart;
      if (name === "si" || name === "t") this.text = 0;
      return;
    }
    if (this.kind !== "sheet") return;
    if (name === "sheetData") this.inRows = true;
    else if (name === "row" && this.inRows) {
      this.inRow = true;
      if (this.rowStart < 0) this.rowStart = this.tokenStart;
    } else if (name === "c" && this.inRow) this.inCell = true;
    else if ((name === "f" || name === "v" || name === "is" || name === "t") && this.inCell) this.text = 0;
    else if (name === "cols" && this.colsStart < 0) this.colsStart = this.tokenStart;
    else if (name === "col") this.checkColumns();
  }

  private close(name: string, end: number) {
    if (this.kind === "sharedStrings") {
      if (name === "si") this.stringStart = end;
      if (name === "si" || name === "r") this.text = 0;
      if (name === "r" && ++this.runs > this.limits.richTextRuns) throw tooLarge();
      return;
    }
    if (this.kind !== "sheet") return;
    if (name === "sheetData") this.inRows = false;
    else if (name === "row") {
      this.inRow = false;
      this.rowStart = -1;
    } else if (name === "c" && this.inRow) this.inCell = false;
    else if (name === "cols") this.colsStart = -1;
  }

  /** A row, the column list, and (shared strings) one string with what lies between two: each at most rowBytes. */
  private checkOpenElements(at: number) {
    const max = this.limits.rowBytes;
    const tooLong = (start: number) => start >= 0 && at - start > max;
    if (tooLong(this.rowStart) || tooLong(this.colsStart)) throw rowTooLarge(this.limits);
    if (this.kind === "sharedStrings" && tooLong(this.stringStart)) throw rowTooLarge(this.limits);
  }

  /** `<col min max>`: parsed as exceljs parses them (parseInt), at most Excel's last column. */
  private checkColumns() {
    const attributes = Buffer.from(this.colTag ?? []).toString("latin1");
    for (const match of attributes.matchAll(/\b(?:min|max)\s*=\s*(["'])(.*?)\1/g)) {
      if (Number.parseInt(match[2], 10) > MAX_COLUMN) throw corrupt();
    }
  }
}
