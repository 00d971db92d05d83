/**
 * Flow zones (spec §3 "Flow review", §9): pure and client-safe, used by the service, the pages and the
 * chart. An activity's place is challenge × skills; its zone follows from how far challenge is above or
 * below skills (docs/decisions/0922):
 *
 *   challenge − skills >  stressBand          stress   (far more asked than you can)
 *   flowBand < … ≤ stressBand                 tension  (stretched)
 *   |challenge − skills| ≤ flowBand           flow
 *   −stressBand ≤ … < −flowBand               routine  (comfortably within your skills)
 *   challenge − skills < −stressBand          boredom  (far less asked than you can)
 */

export const flowZones = ["stress", "tension", "flow", "routine", "boredom"] as const;
export type FlowZone = (typeof flowZones)[number];

/** The flow section of the review settings: the score scale (1..scaleMax) and the zone boundaries. */
export type FlowSettings = { scaleMax: number; flowBand: number; stressBand: number };

/** The cluster default while the review settings have no flow section (docs/decisions/0920). */
export const defaultFlowSettings: FlowSettings = { scaleMax: 10, flowBand: 1, stressBand: 3 };

/** Only activities that take more than this share of time count (spec §9). */
export const countedShareAbove = 10;

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/** The review settings' `flow` JSON as settings; anything missing or inconsistent falls back to the default. */
export function flowSettingsFrom(raw: unknown): FlowSettings {
  const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const scaleMax = isInt(r.scaleMax) && r.scaleMax >= 4 && r.scaleMax <= 10 ? r.scaleMax : defaultFlowSettings.scaleMax;
  const flowBand = isInt(r.flowBand) ? r.flowBand : defaultFlowSettings.flowBand;
  const stressBand = isInt(r.stressBand) ? r.stressBand : defaultFlowSettings.stressBand;
  if (flowBand < 0 || stressBand <= flowBand || stressBand * 2 > scaleMax - 1) {
    const scaled = scaleMax === defaultFlowSettings.scaleMax ? defaultFlowSettings : bandsFor(scaleMax);
    return { ...scaled, scaleMax };
  }
  return { scaleMax, flowBand, stressBand };
}

/** Default bands for another scale: about a tenth and a third of its range. */
function bandsFor(scaleMax: number): FlowSettings {
  const flowBand = Math.max(0, Math.round((scaleMax - 1) / 9));
  return { scaleMax, flowBand, stressBand: Math.max(flowBand + 1, Math.round((scaleMax - 1) / 3)) };
}

export function zoneOf(scores: { challenge: number; skills: number }, settings: FlowSettings): FlowZone {
  const d = scores.challenge - scores.skills;
  if (Math.abs(d) <= settings.flowBand) return "flow";
  if (d > settings.stressBand) return "stress";
  if (d > 0) return "tension";
  if (d < -settings.stressBand) return "boredom";
  return "routine";
}

export type ScoredActivity = { sharePercent: number; challenge: number; skills: number };

export function isCounted(activity: { sharePercent: number }) {
  return activity.sharePercent > countedShareAbove;
}

export type ZoneShares = Record<FlowZone, number>;

const emptyShares = (): ZoneShares => ({ stress: 0, tension: 0, flow: 0, routine: 0, boredom: 0 });

/**
 * The share of time in each zone, in whole percents that add up to 100 (largest remainder), over the
 * activities that count (more than 10 % of time). `counted` is false when none counts: then all are 0.
 */
export function zoneShares(
  activities: readonly ScoredActivity[],
  settings: FlowSettings,
): { shares: ZoneShares; counted: boolean } {
  const raw = emptyShares();
  let total = 0;
  for (const a of activities) {
    if (!isCounted(a)) continue;
    raw[zoneOf(a, settings)] += a.sharePercent;
    total += a.sharePercent;
  }
  if (total === 0) return { shares: emptyShares(), counted: false };
  return { shares: roundToHundred(flowZones.map((z) => (raw[z] * 100) / total)), counted: true };
}

/** The average of several people's zone shares (a team's time per zone), again in whole percents adding up to 100. */
export function averageZoneShares(perPerson: readonly ZoneShares[]): ZoneShares | null {
  if (perPerson.length === 0) return null;
  return roundToHundred(flowZones.map((z) => perPerson.reduce((sum, s) => sum + s[z], 0) / perPerson.length));
}

function roundToHundred(exact: number[]): ZoneShares {
  const floors = exact.map(Math.floor);
  let missing = 100 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((v, i) => ({ i, rest: v - Math.floor(v) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (missing <= 0) break;
    floors[i] += 1;
    missing -= 1;
  }
  const shares = emptyShares();
  flowZones.forEach((z, i) => (shares[z] = floors[i]));
  return shares;
}

type Point = { x: number; y: number };

/**
 * The zones as polygons on the chart's square [lo, hi]² (x = skills, y = challenge), for the SVG. The
 * boundaries lie half a point beyond the bands, between the whole scores, so every score lands inside its zone.
 */
export function zonePolygons(settings: FlowSettings): { zone: FlowZone; points: Point[] }[] {
  const lo = 0.5;
  const hi = settings.scaleMax + 0.5;
  const f = settings.flowBand + 0.5;
  const s = settings.stressBand + 0.5;
  // Each zone is the square cut to  low < y − x ≤ high.
  const bands: Record<FlowZone, [number, number]> = {
    stress: [s, Infinity],
    tension: [f, s],
    flow: [-f, f],
    routine: [-s, -f],
    boredom: [-Infinity, -s],
  };
  const square: Point[] = [
    { x: lo, y: lo },
    { x: hi, y: lo },
    { x: hi, y: hi },
    { x: lo, y: hi },
  ];
  return flowZones
    .map((zone) => {
      const [low, high] = bands[zone];
      let points = square;
      if (low > -Infinity) points = clip(points, (p) => p.y - p.x - low);
      if (high < Infinity) points = clip(points, (p) => high - (p.y - p.x));
      return { zone, points };
    })
    .filter((z) => z.points.length >= 3);
}

/** Sutherland–Hodgman: keeps the part of a convex polygon where side(p) ≥ 0 (side is linear in p). */
function clip(polygon: Point[], side: (p: Point) => number): Point[] {
  const out: Point[] = [];
  polygon.forEach((current, i) => {
    const previous = polygon[(i + polygon.length - 1) % polygon.length];
    const a = side(previous);
    const b = side(current);
    if (b >= 0) {
      if (a < 0) out.push(intersect(previous, current, a, b));
      out.push(current);
    } else if (a >= 0) out.push(intersect(previous, current, a, b));
  });
  return out;
}

function intersect(p: Point, q: Point, a: number, b: number): Point {
  const t = a / (a - b);
  return { x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) };
}

/** Where a zone's label goes: the average of its corners. */
export function labelPoint(points: readonly Point[]): Point {
  return {
    x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
    y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
  };
}
