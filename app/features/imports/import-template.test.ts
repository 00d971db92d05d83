import fs from "node:fs";
import ExcelJS from "exceljs";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { proposeMapping } from "./import-fields";
import { parseCsv } from "./import-file.server";
import { templateFields } from "./import-template";
import { personnelTemplate } from "./import-template.server";

async function tFor(language: string) {
  const resources = JSON.parse(fs.readFileSync(`public/locales/${language}/import.json`, "utf8")) as object;
  const instance = i18next.createInstance();
  await instance.init({ lng: language, resources: { [language]: { import: resources } }, ns: ["import"] });
  return instance.t;
}

describe("the personnel template", () => {
  it.each(["nl", "en", "de"])(
    "in %s: every column is recognised, the CSV reads back, the workbook explains",
    async (lng) => {
      const t = await tFor(lng);
      const csv = await parseCsv(await personnelTemplate(t, lng, "csv"));
      const mapping = proposeMapping(csv.headers);
      expect(Object.values(mapping)).toEqual([...templateFields]);
      expect(csv.rows).toHaveLength(2);

      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load((await personnelTemplate(t, lng, "xlsx")) as unknown as ArrayBuffer);
      const [people, explain] = workbook.worksheets;
      const headers = (people.getRow(1).values as string[]).slice(1);
      expect(headers).toEqual(csv.headers);
      expect(people.getRow(1).getCell(3).note).toBeTruthy();
      expect(explain.rowCount).toBeGreaterThan(templateFields.length);
    },
  );
});
