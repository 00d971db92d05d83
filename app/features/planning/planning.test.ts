import i18next from "i18next";
import nlPlanning from "../../../public/locales/nl/planning.json";
import { describe, expect, it } from "vitest";
import { competenceShortageText, gapOf, horizonDate, parseHorizon } from "./planning";

describe("horizonDate", () => {
  it("looks at today, one year and five years ahead", () => {
    expect(horizonDate("current", "2026-11-29")).toBe("2026-11-29");
    expect(horizonDate("1y", "2026-11-29")).toBe("2027-11-29");
    expect(horizonDate("5y", "2026-11-29")).toBe("2031-11-29");
  });
  it("keeps February for a leap day", () => {
    expect(horizonDate("1y", "2028-02-29")).toBe("2029-02-28");
  });
});

describe("gapOf", () => {
  it("is negative when fewer are available than needed, positive for a surplus", () => {
    expect(gapOf(4, 2.4)).toBe(-1.6);
    expect(gapOf(2, 2.8)).toBe(0.8);
    expect(gapOf(3, 3)).toBe(0);
  });
  it("has no gap without a need", () => {
    expect(gapOf(null, 2)).toBeNull();
  });
  it("sums part-time FTE without floating-point noise", () => {
    expect(gapOf(1, 0.1 + 0.2 + 0.7)).toBe(0);
  });
});

describe("parseHorizon", () => {
  it("knows the three horizons only", () => {
    expect(parseHorizon("5y")).toBe("5y");
    expect(parseHorizon("10y")).toBeNull();
    expect(parseHorizon(null)).toBeNull();
  });
});

describe("competenceShortageText", () => {
  const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? JSON.stringify(options) : ""}`;
  const shortage = (assessed: number, short: number) => ({
    hidden: null,
    assessed,
    short,
    competences: short ? [{ name: "Roosteren", people: short }] : [],
  });
  it("names nothing, no requirements, nobody short, or who is short of what", () => {
    expect(competenceShortageText(t, null)).toBe("–");
    expect(competenceShortageText(t, shortage(0, 0))).toBe("planning:competence.noneRequired");
    expect(competenceShortageText(t, shortage(5, 0))).toBe('planning:competence.none{"assessed":5}');
    // The items through the real texts below (their pattern is translated once, with slots).
    expect(competenceShortageText(t, shortage(5, 2))).toMatch(
      /^planning:competence\.short\{"short":2,"assessed":5\}: /,
    );
  });
  it("says why a group is hidden and never its numbers", () => {
    const hidden = { hidden: "sibling" as const, assessed: null, short: null, competences: [] };
    expect(competenceShortageText(t, hidden)).toBe("planning:competence.hidden.sibling");
  });
  it("lists every competence with its count in the real texts, names taken as they are", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "nl", resources: { nl: { planning: nlPlanning } }, interpolation: { escapeValue: false } });
    const text = competenceShortageText(i18n.t, {
      hidden: null,
      assessed: 9,
      short: 4,
      competences: [
        { name: "Roosteren", people: 3 },
        { name: "Kosten $& baten", people: 1 },
      ],
    });
    expect(text).toMatch(/: Roosteren \(3\), Kosten \$& baten \(1\)$/);
    expect(text).toContain("4");
  });
});
