import { describe, expect, it } from "vitest";
import {
  averageZoneShares,
  defaultFlowSettings,
  flowSettingsFrom,
  zoneOf,
  zonePolygons,
  zoneShares,
  type FlowSettings,
  type FlowZone,
} from "./flow-zones";

const settings: FlowSettings = { scaleMax: 10, flowBand: 1, stressBand: 3 };

describe("zone placement (challenge × skills)", () => {
  /** Per zone the (challenge, skills) points that fall in it. */
  const pointsOf: Record<FlowZone, [number, number][]> = {
    flow: [
      [5, 5],
      [6, 5],
      [4, 5],
      [1, 1],
      [10, 10],
    ],
    tension: [
      [7, 5],
      [8, 5],
    ],
    stress: [
      [9, 5],
      [10, 1],
    ],
    routine: [
      [3, 5],
      [2, 5],
    ],
    boredom: [
      [1, 5],
      [1, 10],
    ],
  };
  it.each(Object.entries(pointsOf).flatMap(([zone, points]) => points.map(([c, s]) => [c, s, zone] as const)))(
    "challenge %i, skills %i is %s",
    (challenge, skills, zone) => {
      expect(zoneOf({ challenge, skills }, settings)).toBe(zone);
    },
  );

  it("follows the boundaries of the settings", () => {
    const narrow = { scaleMax: 10, flowBand: 0, stressBand: 2 };
    expect(zoneOf({ challenge: 6, skills: 5 }, narrow)).toBe("tension");
    expect(zoneOf({ challenge: 8, skills: 5 }, narrow)).toBe("stress");
    expect(zoneOf({ challenge: 5, skills: 5 }, narrow)).toBe("flow");
  });
});

describe("time share per zone", () => {
  it("counts only activities above 10 % of time and adds up to 100", () => {
    const { shares, counted } = zoneShares(
      [
        { sharePercent: 50, challenge: 5, skills: 5 }, // flow
        { sharePercent: 25, challenge: 9, skills: 4 }, // stress
        { sharePercent: 15, challenge: 2, skills: 8 }, // boredom
        { sharePercent: 10, challenge: 3, skills: 5 }, // routine, but exactly 10 %: not counted
      ],
      settings,
    );
    expect(counted).toBe(true);
    expect(shares).toEqual({ flow: 55, stress: 28, boredom: 17, routine: 0, tension: 0 });
    expect(Object.values(shares).reduce((a, b) => a + b, 0)).toBe(100);
  });

  it("says so when no activity counts", () => {
    const result = zoneShares([{ sharePercent: 10, challenge: 5, skills: 5 }], settings);
    expect(result.counted).toBe(false);
    expect(Object.values(result.shares).every((v) => v === 0)).toBe(true);
  });

  it("rounds thirds to whole percents that still add up to 100", () => {
    const { shares } = zoneShares(
      [
        { sharePercent: 33, challenge: 5, skills: 5 },
        { sharePercent: 33, challenge: 7, skills: 5 },
        { sharePercent: 34, challenge: 3, skills: 5 },
      ],
      settings,
    );
    expect(shares.flow + shares.tension + shares.routine).toBe(100);
    expect(shares).toMatchObject({ flow: 33, tension: 33, routine: 34 });
  });

  it("averages a team's people", () => {
    const a = { flow: 100, stress: 0, tension: 0, routine: 0, boredom: 0 };
    const b = { flow: 50, stress: 50, tension: 0, routine: 0, boredom: 0 };
    expect(averageZoneShares([a, b])).toEqual({ flow: 75, stress: 25, tension: 0, routine: 0, boredom: 0 });
    expect(averageZoneShares([])).toBeNull();
  });
});

describe("flow settings", () => {
  it("falls back to the default for a missing or inconsistent flow section", () => {
    expect(flowSettingsFrom({})).toEqual(defaultFlowSettings);
    expect(flowSettingsFrom(null)).toEqual(defaultFlowSettings);
    expect(flowSettingsFrom({ flowBand: 4, stressBand: 2 })).toEqual(defaultFlowSettings);
    expect(flowSettingsFrom({ scaleMax: 7, flowBand: 1, stressBand: 2 })).toEqual({
      scaleMax: 7,
      flowBand: 1,
      stressBand: 2,
    });
    expect(flowSettingsFrom({ scaleMax: 5 })).toEqual({ scaleMax: 5, flowBand: 0, stressBand: 1 });
  });
});

describe("chart zones", () => {
  it("cuts the square into five zones that cover it", () => {
    const polygons = zonePolygons(settings);
    expect(polygons.map((p) => p.zone)).toEqual(["stress", "tension", "flow", "routine", "boredom"]);
    const area = (pts: { x: number; y: number }[]) =>
      Math.abs(
        pts.reduce((sum, p, i) => sum + p.x * pts[(i + 1) % pts.length].y - pts[(i + 1) % pts.length].x * p.y, 0),
      ) / 2;
    const total = polygons.reduce((sum, p) => sum + area(p.points), 0);
    expect(total).toBeCloseTo(100, 6);
  });
});
