import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { proposeMapping, recogniseHeader } from "./import-fields";
import { decodeText, importFileType, parseCsv, parseXlsx } from "./import-file.server";
import { findRowProblems, parseFte, parseImportDate, recordOf } from "./import-values";

describe("column recognition", () => {
  it.each(
    Object.entries({
      Personeelsnummer: "employeeNumber",
      "E-mail adres": "email",
      "Employee number": "employeeNumber",
      Nachname: "lastName",
      Geburtsdatum: "birthday",
      "Uren per week": "hoursPerWeek",
      Lievelingskleur: null,
    }),
  )("recognises Dutch, English and German headers: %s is %s", (header, field) => {
    expect(recogniseHeader(header)).toBe(field);
  });

  it("prefers the cluster's remembered mapping and gives each field once, to its best-named column", () => {
    const mapping = proposeMapping(["Nr", "Voornaam", "Naam", "Achternaam"], new Map([["nr", "employeeNumber"]]));
    expect(mapping).toEqual({ "0": "employeeNumber", "1": "firstName", "3": "lastName" });
    // A former field name (remembered before "Functie" became the contract's function) still counts.
    expect(proposeMapping(["Functie contract"], new Map([["functiecontract", "contractFunction"]]))).toEqual({
      "0": "position",
    });
  });

  it("maps an AFAS / Excel export's columns: Roepnaam over Voornaam, Tussenvoegsel, Functie, Startdatum, FTE", () => {
    const headers = [
      "Medewerker",
      "Voornaam",
      "Roepnaam",
      "Voorletters",
      "Tussenvoegsel",
      "Achternaam",
      "E-mail werk",
      "Functie",
      "Startdatum",
      "Einddatum contract",
      "Deeltijdfactor",
      "Uren per week",
      "Afdeling",
      "Leidinggevende",
      "Personeelsnummer",
    ];
    const mapping = proposeMapping(headers);
    const named = Object.fromEntries(Object.entries(mapping).map(([i, f]) => [headers[Number(i)], f]));
    expect(named).toEqual({
      Personeelsnummer: "employeeNumber",
      Roepnaam: "firstName",
      Tussenvoegsel: "namePrefix",
      Achternaam: "lastName",
      "E-mail werk": "email",
      Functie: "position",
      Startdatum: "contractStart",
      "Einddatum contract": "contractEnd",
      Deeltijdfactor: "fte",
      "Uren per week": "hoursPerWeek",
      Afdeling: "team",
      Leidinggevende: "teamLeader",
    });
  });
});

describe("dates and FTE", () => {
  it.each(
    Object.entries({
      "45292": "2024-01-01",
      "1-2-2024": "2024-02-01",
      "29/02/2024": "2024-02-29",
      "2024-03-05": "2024-03-05",
      "31-02-2024": null,
      morgen: null,
      "": "",
    }),
  )("reads serial numbers, dd-MM-yyyy and ISO dates, and refuses impossible ones: %j is %j", (text, date) => {
    expect(parseImportDate(text)).toBe(date);
  });

  it.each(Object.entries({ "0,8": 0.8, "1.0": 1, "50%": 0.5, "": undefined, veel: null }))(
    "reads FTE with comma, dot or percent: %j is %j",
    (text, fte) => {
      expect(parseFte(text)).toBe(fte);
    },
  );
});

describe("row problems", () => {
  const mapping = {
    "0": "employeeNumber",
    "1": "email",
    "2": "lastName",
    "3": "birthday",
    "4": "fte",
    "5": "teamLeader",
  };
  const rows = [
    ["1", "a@example.com", "Aa", "01-01-1990", "0,8", ""],
    ["2", "not-an-address", "Bb", "31-02-1990", "2", "1"],
    ["1", "A@example.com", "Cc", "", "", "99"],
    ["4", "d@example.com", "Dd", "", "", "known@example.com"],
  ].map((values, i) => ({ rowNumber: i + 2, record: recordOf(values, mapping) }));

  it("reports each problem on its own row and leaves good rows alone", () => {
    const problems = findRowProblems(rows, (v) => v === "known@example.com");
    expect(problems.get(2)).toBeUndefined();
    expect(problems.get(3)?.map((p) => p.key)).toEqual([
      "import:problems.email",
      "import:problems.date",
      "import:problems.fte",
    ]);
    expect(problems.get(4)?.map((p) => p.key)).toEqual([
      "import:problems.duplicate.email",
      "import:problems.duplicate.employeeNumber",
      "import:problems.teamLeader",
    ]);
    expect(problems.get(5)).toBeUndefined();
  });
});

describe("files", () => {
  it("reads a Windows-1252 CSV with semicolons and a UTF-8 one with BOM and commas", async () => {
    const latin = Buffer.from('Voornaam;Achternaam\r\nJosé;Müller\r\n;\r\n\r\nAnne;"de Vries; jr"\r\n', "latin1");
    const parsed = await parseCsv(latin);
    expect(parsed.headers).toEqual(["Voornaam", "Achternaam"]);
    expect(parsed.rows).toEqual([
      { rowNumber: 2, values: ["José", "Müller"] },
      { rowNumber: 5, values: ["Anne", "de Vries; jr"] },
    ]);
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("First name,Last name\nZoë,=1+2\n")]);
    expect(decodeText(bom).startsWith("First")).toBe(true);
    expect((await parseCsv(bom)).rows[0].values).toEqual(["Zoë", "=1+2"]);
  });

  it("reads the chosen sheet of an xlsx, skipping empty rows, with dates as serial numbers", async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet("Leeg").addRow(["x"]);
    const sheet = workbook.addWorksheet("Personeel");
    sheet.addRow(["Nummer", "Naam", "Geboortedatum"]);
    sheet.addRow([1, "Jansen", new Date(Date.UTC(1990, 4, 17))]);
    sheet.addRow([]);
    sheet.addRow([2, { richText: [{ text: "de " }, { text: "Boer" }] }, "17-05-1991"]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const parsed = await parseXlsx(buffer, 1);
    expect(parsed.sheetNames).toEqual(["Leeg", "Personeel"]);
    expect(parsed.headers).toEqual(["Nummer", "Naam", "Geboortedatum"]);
    expect(parsed.rows.map((r) => r.values[1])).toEqual(["Jansen", "de Boer"]);
    expect(parseImportDate(parsed.rows[0].values[2])).toBe("1990-05-17");
  });

  it("refuses a corrupt xlsx and a file of the wrong type with a message key", async () => {
    expect(importFileType("x.xlsx", Buffer.from("hello"))).toBeNull();
    expect(importFileType("x.pdf", Buffer.from("%PDF"))).toBeNull();
    expect(importFileType("x.csv", Buffer.from("a;b"))).toBe("csv");
    await expect(parseXlsx(Buffer.from("PK\u0003\u0004 broken"))).rejects.toMatchObject({
      key: "import:errors.corrupt",
    });
  });
});
