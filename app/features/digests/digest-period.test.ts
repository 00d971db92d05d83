import { describe, expect, it } from "vitest";
import { digestSince, isDigestDue, periodStartFor } from "./digest-period";

describe("digest periods", () => {
  it("weekly periods start on Mondays", () => {
    expect(periodStartFor("weekly", "2026-11-23")).toBe("2026-11-23"); // a Monday
    expect(periodStartFor("weekly", "2026-11-29")).toBe("2026-11-23"); // the Sunday after
    expect(periodStartFor("weekly", "2026-11-30")).toBe("2026-11-30");
  });

  it("biweekly and four-weekly periods are fixed blocks, the same for everyone", () => {
    expect(periodStartFor("biweekly", "2026-11-23")).toBe("2026-11-16");
    expect(periodStartFor("biweekly", "2026-11-30")).toBe("2026-11-30");
    expect(periodStartFor("fourweekly", "2024-01-28")).toBe("2024-01-01");
    expect(periodStartFor("fourweekly", "2024-01-29")).toBe("2024-01-29");
    expect(periodStartFor("biweekly", "2024-01-14")).toBe("2024-01-01");
    expect(periodStartFor("biweekly", "2024-01-15")).toBe("2024-01-15");
  });

  it("'none' has no periods", () => {
    expect(periodStartFor("none", "2026-11-23")).toBeNull();
    expect(isDigestDue("none", "2026-11-23", null)).toBe(false);
  });

  it("who is due: wants digests and has none for this period yet", () => {
    expect(isDigestDue("weekly", "2026-11-25", null)).toBe(true);
    expect(isDigestDue("weekly", "2026-11-25", "2026-11-16")).toBe(true);
    expect(isDigestDue("weekly", "2026-11-25", "2026-11-23")).toBe(false);
    // Biweekly: the digest of this two-week block was sent, so the second Monday sends nothing.
    expect(isDigestDue("biweekly", "2024-01-08", "2024-01-01")).toBe(false);
    expect(isDigestDue("biweekly", "2024-01-15", "2024-01-01")).toBe(true);
    expect(isDigestDue("fourweekly", "2024-01-22", "2024-01-01")).toBe(false);
  });

  it("what changed starts at the last digest, or one period back for a first one", () => {
    const last = new Date("2026-11-16T06:00:00Z");
    expect(digestSince("weekly", "2026-11-23", last)).toBe(last);
    expect(digestSince("weekly", "2026-11-23", null).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    expect(digestSince("fourweekly", "2024-01-29", null).toISOString()).toBe("2024-01-01T00:00:00.000Z");
  });
});
