import { describe, expect, it } from "vitest";
import { fteNeedsWarning, parseFte } from "./import-values";

describe("FTE warning (issue #16: FTE outside 0–1.5 is a problem, above 1.0 a warning)", () => {
  it("warns above 1.0 up to 1.5, not at or below 1.0, and not for what is a problem anyway", () => {
    expect(fteNeedsWarning(parseFte("1,2"))).toBe(true);
    expect(fteNeedsWarning(parseFte("150%"))).toBe(true);
    expect(fteNeedsWarning(parseFte("1.01"))).toBe(true);
    expect(fteNeedsWarning(parseFte("1"))).toBe(false);
    expect(fteNeedsWarning(parseFte("0,8"))).toBe(false);
    expect(fteNeedsWarning(parseFte("1,6"))).toBe(false);
    expect(fteNeedsWarning(parseFte(""))).toBe(false);
    expect(fteNeedsWarning(parseFte("veel"))).toBe(false);
  });
});
