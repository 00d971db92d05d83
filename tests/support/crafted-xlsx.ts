/**
 * Hand-built .xlsx files for the import's limits (docs/decisions/1450): a zip written here byte by byte,
 * so a test can give an entry any content and have the zip's directory declare any size for it.
 */
import { constants, crc32, deflateRawSync } from "node:zlib";

const MB = 1024 * 1024;

export type CraftedPart = {
  name: string;
  /** The entry's content, produced piece by piece so that hundreds of MB never sit in memory. */
  content: () => Iterable<Buffer | string>;
  /** The uncompressed size the zip's headers state; the real size when left out. */
  declaredSize?: number;
};

/**
 * Deflates piece by piece, each piece ending on a full flush (no reference back into the one before), so
 * a piece yielded again as the same Buffer is compressed once and its bytes repeated: hundreds of MB of
 * one repeated block take milliseconds, as for whoever crafts such a file.
 */
function deflate(content: Iterable<Buffer | string>) {
  const out: Buffer[] = [];
  const compressed = new WeakMap<Buffer, Buffer>();
  let size = 0;
  let crc = 0;
  for (const piece of content) {
    const chunk = typeof piece === "string" ? Buffer.from(piece) : piece;
    size += chunk.length;
    crc = crc32(chunk, crc);
    let bytes = compressed.get(chunk);
    if (!bytes) {
      bytes = deflateRawSync(chunk, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
      if (typeof piece !== "string") compressed.set(chunk, bytes);
    }
    out.push(bytes);
  }
  out.push(deflateRawSync(Buffer.alloc(0)));
  return { data: Buffer.concat(out), size, crc };
}

/** A zip of deflated entries with local headers and a central directory, as Excel writes them. */
export function craftZip(parts: CraftedPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, crc } = deflate(part.content());
    const name = Buffer.from(part.name);
    const stated = part.declaredSize ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(stated, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(stated, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const relations = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const declaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

/** The parts of a one-sheet workbook with inline strings only (no shared strings), around the given sheet XML. */
export function workbookParts(sheet: CraftedPart["content"], declaredSheetSize?: number): CraftedPart[] {
  return [
    {
      name: "[Content_Types].xml",
      content: () => [
        `${declaration}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          "</Types>",
      ],
    },
    {
      name: "_rels/.rels",
      content: () => [
        `${declaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${relations}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ],
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      content: () => [
        `${declaration}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${relations}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      ],
    },
    {
      name: "xl/workbook.xml",
      content: () => [
        `${declaration}<workbook xmlns="${main}" xmlns:r="${relations}">` +
          '<sheets><sheet name="Blad1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ],
    },
    { name: "xl/worksheets/sheet1.xml", content: sheet, declaredSize: declaredSheetSize },
  ];
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/** A sheet: a header row, then row 2 whose first cell holds `cellBytes` letters as one inline string. */
export function* hugeCellSheet(cellBytes: number): Iterable<Buffer | string> {
  yield `${declaration}<worksheet xmlns="${main}"><sheetData>`;
  yield `<row r="1">${inline("A1", "E-mail")}</row><row r="2"><c r="A2" t="inlineStr"><is><t>`;
  const block = Buffer.alloc(MB, "a");
  const tail = Buffer.alloc(cellBytes % MB, "a");
  for (let left = cellBytes; left > 0; left -= MB) yield left >= MB ? block : tail;
  yield "</t></is></c></row></sheetData></worksheet>";
}

/** A sheet of a header and the given rows of inline strings (any XML may stand in a value: it is not escaped). */
export function* rowsSheet(rows: string[][]): Iterable<string> {
  yield `${declaration}<worksheet xmlns="${main}"><sheetData>`;
  for (const [index, row] of rows.entries()) {
    const cells = row.map((text, column) => inline(`${String.fromCharCode(65 + column)}${index + 1}`, text));
    yield `<row r="${index + 1}">${cells.join("")}</row>`;
  }
  yield "</sheetData></worksheet>";
}

/** Issue 33's first file: one sheet holding a single 300 MB inline-string cell, its zip directory honest. */
export const hugeCellXlsx = (cellBytes = 300 * MB) => craftZip(workbookParts(() => hugeCellSheet(cellBytes)));

/** Issue 33's second file: the sheet inflates to 900 MB while the zip's headers declare 5 KB. */
export const lyingXlsx = (inflatedBytes = 900 * MB) =>
  craftZip(workbookParts(() => hugeCellSheet(inflatedBytes), 5 * 1024));

/**
 * A real-size spreadsheet of `count` generated rows under a header (a personnel export of 10,000 people is
 * 1–2 MB), its sheet deflated 500 rows at a time, as a zip writer compresses its stream.
 */
export function rowsXlsx(header: string[], count: number, row: (index: number) => string[]): Buffer {
  function* sheet() {
    const rows: string[] = [];
    for (const xml of rowsSheet([header, ...Array.from({ length: count }, (_, i) => row(i))])) {
      rows.push(xml);
      if (rows.length === 500) yield rows.splice(0).join("");
    }
    yield rows.join("");
  }
  return craftZip(workbookParts(sheet));
}
