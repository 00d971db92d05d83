import { inflateRawSync } from "node:zlib";

/** Reads the entries of a ZIP archive through its central directory (deflated or stored). */
export function unzip(buffer: Buffer): Map<string, Buffer> {
  const endAt = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endAt < 0) throw new Error("not a zip archive");
  const count = buffer.readUInt16LE(endAt + 10);
  let at = buffer.readUInt32LE(endAt + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (buffer.readUInt32LE(at) !== 0x02014b50) throw new Error("bad central directory");
    const method = buffer.readUInt16LE(at + 10);
    const size = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extraLength = buffer.readUInt16LE(at + 30);
    const commentLength = buffer.readUInt16LE(at + 32);
    const localAt = buffer.readUInt32LE(at + 42);
    const name = buffer.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const dataAt = localAt + 30 + buffer.readUInt16LE(localAt + 26) + buffer.readUInt16LE(localAt + 28);
    const raw = buffer.subarray(dataAt, dataAt + size);
    files.set(name, method === 8 ? inflateRawSync(raw) : Buffer.from(raw));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The sheets of an .xlsx with inline strings and numbers, as rows of cell values. */
export function readXlsx(buffer: Buffer): { name: string; rows: (string | number | null)[][] }[] {
  const files = unzip(buffer);
  const workbook = files.get("xl/workbook.xml")!.toString("utf8");
  const names = [...workbook.matchAll(/<sheet name="([^"]*)"/g)].map((m) => unescapeXml(m[1]));
  return names.map((name, i) => {
    const xml = files.get(`xl/worksheets/sheet${i + 1}.xml`)!.toString("utf8");
    const rows = [...xml.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map((row) => {
      const cells: (string | number | null)[] = [];
      for (const cell of row[1].matchAll(/<c r="([A-Z]+)\d+"[^>]*?(?:\/>|>(.*?)<\/c>)/g)) {
        let column = 0;
        for (const ch of cell[1]) column = column * 26 + (ch.charCodeAt(0) - 64);
        while (cells.length < column - 1) cells.push(null);
        const inner = cell[2] ?? "";
        const text = /<t[^>]*>(.*?)<\/t>/s.exec(inner);
        const number = /<v>(.*?)<\/v>/.exec(inner);
        cells.push(text ? unescapeXml(text[1]) : number ? Number(number[1]) : null);
      }
      return cells;
    });
    return { name, rows };
  });
}
