import { describe, expect, it } from "vitest";
import { defaultRoleThresholds, placeDevelopmentRole } from "~/features/criteria/development-roles";
import { readXlsx } from "../../../tests/support/xlsx";
import {
  distributionText,
  escapeSpreadsheetText,
  gridCell,
  inDisplayOrder,
  levelNameOf,
  parseSort,
  roleCounts,
  rolesOfCell,
  sortResultRows,
} from "./results";
import { writeXlsx } from "./xlsx.server";

const row = (lastName: string, performance: number | null, role: number | null = null) => ({
  firstName: "A",
  lastName,
  performance,
  potential: null,
  employability: null,
  developmentRole: role,
});

describe("escapeSpreadsheetText", () => {
  it("prefixes text that a spreadsheet would run as a formula", () => {
    for (const bad of ["=1+1", "+31 6", "-2", "@SUM(A1)", "\t=cmd", "\r=cmd"])
      expect(escapeSpreadsheetText(bad)).toBe(`'${bad}`);
  });
  it("leaves other text alone", () => {
    for (const fine of ["Jansen", " =not at start", "1=1", "", "'quoted"])
      expect(escapeSpreadsheetText(fine)).toBe(fine);
  });
});

describe("sorting", () => {
  const rows = [row("Claes", 2.5, 4), row("aalders", null), row("Bakker", 4, 5), row("Dekker", 2.5, 1)];
  it.each([
    ["name", "asc", ["aalders", "Bakker", "Claes", "Dekker"]],
    ["name", "desc", ["Dekker", "Claes", "Bakker", "aalders"]],
    ["performance", "asc", ["Claes", "Dekker", "Bakker", "aalders"]],
    ["performance", "desc", ["Bakker", "Claes", "Dekker", "aalders"]],
    ["role", "desc", ["Bakker", "Claes", "Dekker", "aalders"]],
  ] as const)(
    "sorts by %s %s: by name case-insensitively, a dimension with ties by name and empty values last",
    (sort, dir, names) => {
      expect(sortResultRows(rows, sort, dir).map((r) => r.lastName)).toEqual(names);
    },
  );
  it("reads sort and dir from the query, falling back to name ascending", () => {
    expect(parseSort(new URLSearchParams("sort=potential&dir=desc"))).toEqual({ sort: "potential", dir: "desc" });
    expect(parseSort(new URLSearchParams("sort=drop table&dir=sideways"))).toEqual({ sort: "name", dir: "asc" });
  });
});

describe("the grid", () => {
  it("places every person in a cell whose region holds the role placeDevelopmentRole gives", () => {
    for (const scale of [3, 4, 5] as const)
      for (let p = 1; p <= scale; p += 0.25)
        for (let q = 1; q <= scale; q += 0.25)
          for (const e of [1, scale]) {
            const scores = { performance: p, potential: q, employability: e };
            const role = placeDevelopmentRole(scores, scale, defaultRoleThresholds)!;
            expect(rolesOfCell(gridCell(scores, scale)!)).toContain(role);
          }
  });
  it("puts star top right, potential along the top and achiever down the right", () => {
    expect(rolesOfCell({ performance: "high", potential: "high" })).toEqual(["star"]);
    expect(rolesOfCell({ performance: "low", potential: "high" })).toEqual(["potential"]);
    expect(rolesOfCell({ performance: "high", potential: "middle" })).toEqual(["achiever"]);
    expect(rolesOfCell({ performance: "middle", potential: "middle" })).toEqual(["midfield"]);
    expect(rolesOfCell({ performance: "low", potential: "middle" })).toEqual(["midfield", "changeofcareer"]);
  });
  it("lists roles from the top right of the grid to the bottom left", () => {
    const roles = ["changeofcareer", "potential", "achiever", "midfield", "star"].map((key) => ({ key }));
    expect(inDisplayOrder(roles).map((r) => r.key)).toEqual([
      "star",
      "potential",
      "achiever",
      "midfield",
      "changeofcareer",
    ]);
  });
  it("does not place people without scores", () => {
    expect(gridCell({ performance: null, potential: 3 }, 5)).toBeNull();
  });
  it("writes a text summary with the roles that have people", () => {
    const counts = roleCounts([row("a", 1, 5), row("b", 1, 5), row("c", 1, 3), row("d", 1, null)]);
    expect(counts).toEqual({ "5": 2, "3": 1, none: 1 });
    expect(
      distributionText("4 mensen", [
        { label: "Ster", count: counts["5"] ?? 0 },
        { label: "Middenveld", count: counts["4"] ?? 0 },
        { label: "Presteerder", count: counts["3"] ?? 0 },
      ]),
    ).toBe("4 mensen: 2 ster, 1 presteerder");
    expect(distributionText("0 mensen", [{ label: "Ster", count: 0 }])).toBe("0 mensen");
  });
  it("names levels", () => {
    expect(levelNameOf(5, 5)).toBe("excellent");
    expect(levelNameOf(2, 3)).toBe("normal");
    expect(levelNameOf(0, 4)).toBe("notRated");
    expect(levelNameOf(null, 4)).toBeNull();
  });
});

describe("writeXlsx", () => {
  it("writes a workbook (a zip: PK) whose sheet holds the rows, with formulas made inert", async () => {
    const file = await writeXlsx([
      {
        name: "Resultaten: team/1",
        rows: [
          ["Naam", "Score"],
          ['=HYPERLINK("x")', 3.5],
          ["A & <B>", null, "@x"],
        ],
      },
    ]);
    expect(file.subarray(0, 2).toString()).toBe("PK");
    const [sheet] = await readXlsx(file);
    expect(sheet.name).toBe("Resultaten  team 1");
    expect(sheet.rows).toEqual([
      ["Naam", "Score"],
      ['\'=HYPERLINK("x")', 3.5],
      ["A & <B>", null, "'@x"],
    ]);
  });
});
