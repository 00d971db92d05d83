import { describe, expect, it } from "vitest";
import { formatDate, parseDate, toIsoDate } from "./dates";

describe("dates (dd-MM-yyyy)", () => {
  it("formats as dd-MM-yyyy", () => {
    expect(formatDate(new Date("2026-01-05T12:00:00Z"))).toBe("05-01-2026");
    expect(formatDate("2026-11-22")).toBe("22-11-2026");
    expect(formatDate(null)).toBe("");
  });

  it("parses dd-MM-yyyy strictly", () => {
    expect(toIsoDate(parseDate("05-01-2026")!)).toBe("2026-01-05");
    expect(toIsoDate(parseDate(" 5-1-2026 ")!)).toBe("2026-01-05");
    expect(toIsoDate(parseDate("29-02-2028")!)).toBe("2028-02-29");
  });

  it("refuses impossible dates and other formats", () => {
    for (const input of [
      "31-02-2026",
      "29-02-2027",
      "00-01-2026",
      "01-13-2026",
      "2026-01-05",
      "05/01/2026",
      "5-1-26",
      "",
      "abc",
    ]) {
      expect(parseDate(input), input).toBeNull();
    }
  });
});
