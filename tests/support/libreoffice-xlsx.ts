import JSZip from "jszip";

/**
 * An .xlsx as LibreOffice Calc writes it (issue #16), made here because LibreOffice is not on the test
 * machines: no sharedStrings part, every text cell an inline string (`t="inlineStr"`), dates as serial
 * numbers with a date style, rows that are empty (`<row/>` with no cells, or skipped row numbers), and
 * several sheets, in the zip order LibreOffice uses (workbook before its sheets).
 *
 * A cell is a string (inline string), a number (`<v>`), `{ date: serial }` (a number with date style 1),
 * or null (left out, as LibreOffice leaves out empty cells). A row that is null is written as `<row/>`.
 */
export type LoCell = string | number | { date: number } | null;
export type LoSheet = { name: string; rows: (LoCell[] | null)[] };

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function column(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function sheetXml(sheet: LoSheet): string {
  const rows = sheet.rows
    .map((cells, r) => {
      const ref = r + 1;
      if (cells === null) return `<row r="${ref}" customFormat="false" ht="12.8" hidden="false" customHeight="false"/>`;
      const xml = cells
        .map((cell, c) => {
          const at = `${column(c)}${ref}`;
          if (cell === null) return "";
          if (typeof cell === "string")
            return `<c r="${at}" s="0" t="inlineStr"><is><t xml:space="preserve">${escape(cell)}</t></is></c>`;
          if (typeof cell === "number") return `<c r="${at}" s="0" t="n"><v>${cell}</v></c>`;
          return `<c r="${at}" s="1" t="n"><v>${cell.date}</v></c>`;
        })
        .join("");
      return `<row r="${ref}" customFormat="false" ht="12.8" hidden="false" customHeight="false">${xml}</row>`;
    })
    .join("");
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ` +
    `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
    `<sheetPr filterMode="false"><pageSetUpPr fitToPage="false"/></sheetPr>` +
    `<dimension ref="A1:${column(Math.max(0, ...sheet.rows.map((r) => (r ? r.length - 1 : 0))))}${sheet.rows.length}"/>` +
    `<sheetViews><sheetView showFormulas="false" showGridLines="true" tabSelected="true" workbookViewId="0">` +
    `<selection pane="topLeft" activeCell="A1" sqref="A1"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultColWidth="11.53515625" defaultRowHeight="12.8" zeroHeight="false" outlineLevelRow="0" outlineLevelCol="0"/>` +
    `<sheetData>${rows}</sheetData>` +
    `<printOptions headings="false" gridLines="false" gridLinesSet="true" horizontalCentered="false" verticalCentered="false"/>` +
    `<pageMargins left="0.7875" right="0.7875" top="1.05277777777778" bottom="1.05277777777778" header="0.7875" footer="0.7875"/>` +
    `</worksheet>`
  );
}

export async function libreOfficeXlsx(sheets: LoSheet[]): Promise<Buffer> {
  const zip = new JSZip();
  // LibreOffice writes no folder entries.
  const file = (name: string, text: string) => zip.file(name, text, { createFolders: false });
  const ns = "http://schemas.openxmlformats.org";
  file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8"?>\n<Types xmlns="${ns}/package/2006/content-types">` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
      sheets
        .map(
          (_, i) =>
            `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join("") +
      `<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>` +
      `</Types>`,
  );
  file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="${ns}/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
      `<Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>` +
      `</Relationships>`,
  );
  file(
    "docProps/app.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Properties xmlns="${ns}/officeDocument/2006/extended-properties">` +
      `<Template></Template><TotalTime>1</TotalTime><Application>LibreOffice/7.6.4.1$Linux_X86_64 LibreOffice_project/60$Build-1</Application>` +
      `<AppVersion>15.0000</AppVersion></Properties>`,
  );
  file(
    "xl/_rels/workbook.xml.rels",
    `<?xml version="1.0" encoding="UTF-8"?>\n<Relationships xmlns="${ns}/package/2006/relationships">` +
      `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
      sheets
        .map(
          (_, i) =>
            `<Relationship Id="rId${i + 2}" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join("") +
      `</Relationships>`,
  );
  file(
    "xl/workbook.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships">` +
      `<fileVersion appName="Calc"/><workbookPr backupFile="false" showObjects="all" date1904="false"/><workbookProtection/>` +
      `<bookViews><workbookView showHorizontalScroll="true" showVerticalScroll="true" showSheetTabs="true" xWindow="0" yWindow="0" windowWidth="16384" windowHeight="8192" tabRatio="500" firstSheet="0" activeTab="0"/></bookViews>` +
      `<sheets>${sheets.map((s, i) => `<sheet name="${escape(s.name)}" sheetId="${i + 1}" state="visible" r:id="rId${i + 2}"/>`).join("")}</sheets>` +
      `<calcPr iterateCount="100" refMode="A1" iterate="false" iterateDelta="0.001"/></workbook>`,
  );
  file(
    "xl/styles.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${ns}/spreadsheetml/2006/main">` +
      `<numFmts count="1"><numFmt numFmtId="164" formatCode="DD\\-MM\\-YYYY"/></numFmts>` +
      `<fonts count="1"><font><sz val="10"/><name val="Arial"/><family val="2"/></font></fonts>` +
      `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
      `<borders count="1"><border diagonalUp="false" diagonalDown="false"><left/><right/><top/><bottom/><diagonal/></border></borders>` +
      `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
      `<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>` +
      `<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="true"/></cellXfs>` +
      `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
  );
  sheets.forEach((sheet, i) => file(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet)));
  return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
}
