import { describe, expect, it } from "vitest";
import { libreOfficeXlsx } from "../../../tests/support/libreoffice-xlsx";
import { importFileType, parseXlsx } from "./import-file.server";
import { findRowProblems, parseImportDate, recordOf } from "./import-values";

// A workbook as LibreOffice Calc writes it (issue #16): inline strings, dates as serials and as
// dd-MM-yyyy text, empty rows, several sheets (choose one).
const workbook = () =>
  libreOfficeXlsx([
    { name: "Toelichting", rows: [["Dit blad is uitleg"], null, ["Zie het blad Personeel"]] },
    {
      name: "Personeel",
      rows: [
        ["Personeelsnummer", "Voornaam", "Achternaam", "E-mail", "Geboortedatum", "Begindatum", "FTE"],
        ["P1", "Anna", "de Vries", "anna@voorbeeld.nl", { date: 29221 }, "01-03-2026", 0.8],
        null,
        [null, null, null, null, null, null, null],
        ["P2", "Émile", "Ölçer", "emile@voorbeeld.nl", "15-03-1980", { date: 46082 }, "1,2"],
        ["P3", "=1+1", "Formule", "p3@voorbeeld.nl", "31-02-1990", null, null],
      ],
    },
  ]);

describe("an .xlsx written by LibreOffice", () => {
  it("is recognised and read: inline strings, both date forms, empty rows skipped, the chosen sheet", async () => {
    const file = await workbook();
    expect(importFileType("personeel.xlsx", file.subarray(0, 4096))).toBe("xlsx");
    const first = await parseXlsx(file);
    expect(first.sheetNames).toEqual(["Toelichting", "Personeel"]);
    expect(first.headers).toEqual(["Dit blad is uitleg"]);

    const parsed = await parseXlsx(file, 1);
    expect(parsed.headers).toEqual([
      "Personeelsnummer",
      "Voornaam",
      "Achternaam",
      "E-mail",
      "Geboortedatum",
      "Begindatum",
      "FTE",
    ]);
    expect(parsed.rows.map((r) => r.rowNumber)).toEqual([2, 5, 6]);
    const mapping = {
      "0": "employeeNumber",
      "1": "firstName",
      "2": "lastName",
      "3": "email",
      "4": "birthday",
      "5": "contractStart",
      "6": "fte",
    };
    const [anna, emile, formula] = parsed.rows.map((r) => recordOf(r.values, mapping));
    expect(anna).toMatchObject({ firstName: "Anna", lastName: "de Vries", fte: "0.8" });
    expect(parseImportDate(anna.birthday)).toBe("1980-01-01");
    expect(parseImportDate(anna.contractStart)).toBe("2026-03-01");
    expect(emile).toMatchObject({ firstName: "Émile", lastName: "Ölçer", fte: "1,2" });
    expect(parseImportDate(emile.birthday)).toBe("1980-03-15");
    expect(parseImportDate(emile.contractStart)).toBe("2026-03-01");
    // A cell that looks like a formula is text, never evaluated.
    expect(formula.firstName).toBe("=1+1");
    const problems = findRowProblems(
      parsed.rows.map((r) => ({ rowNumber: r.rowNumber, record: recordOf(r.values, mapping) })),
    );
    expect([...problems.keys()]).toEqual([6]);
    expect(problems.get(6)!.map((p) => p.key)).toEqual(["import:problems.date"]);
  });
});
