import { neededLevels } from "./knowledge-scale";

/**
 * The knowledge card's arithmetic (spec §3 "Knowledge area and card": available, needed, discrepancy,
 * shortage, surplus; docs/decisions/1081). Pure and client-safe.
 *
 * A team's need in an area is a number of places per level: "2 people with at least basic, 1 expert".
 * Members fill the places, the most demanding first; a member fills a place when their level is at
 * least the place's level, and fills one place at most.
 * - needed: the number of places;
 * - available: the members who carry the area (level 1 or more);
 * - discrepancy: available − needed (negative: too few people);
 * - shortage: places nobody fills (also when there are enough people, but not at the right level);
 * - surplus: carriers who fill no place — knowledge another team may borrow.
 * So discrepancy = surplus − shortage.
 */

export type AreaNeed = { areaId: string; areaName: string; needed: Partial<Record<number, number>> };
export type MemberLevel = { membershipId: string; name: string; areaId: string; level: number };

export type Carrier = { membershipId: string; name: string; level: number };

export type AreaCard = {
  areaId: string;
  areaName: string;
  needed: number;
  available: number;
  discrepancy: number;
  shortage: number;
  surplus: number;
  /** Per level 1..3: places needed at that level, and carriers whose level is exactly that. */
  byLevel: { level: number; needed: number; available: number }[];
  /** Who carries the area, highest level first. */
  carriers: Carrier[];
  /** One person alone carries the area at the highest level it needs (or at all, when nothing is needed). */
  busFactorWarning: boolean;
};

export type TeamCardTotals = { needed: number; available: number; shortage: number; surplus: number };

/** Fills the places greedily from the highest level down; with nested "at least" places this is optimal. */
function filledPlaces(needed: Partial<Record<number, number>>, levels: number[]): number {
  const remaining = [...levels].sort((a, b) => b - a);
  let filled = 0;
  for (const level of [...neededLevels].reverse()) {
    for (let place = 0; place < (needed[level] ?? 0); place++) {
      const at = remaining.findIndex((l) => l >= level);
      if (at === -1) break;
      // Every member who qualifies for this place also qualifies for the later, less demanding ones: any will do.
      remaining.splice(at, 1);
      filled++;
    }
  }
  return filled;
}

export function computeAreaCard(need: AreaNeed, levels: readonly MemberLevel[]): AreaCard {
  const carriers = levels
    .filter((l) => l.areaId === need.areaId && l.level >= 1)
    .map(({ membershipId, name, level }) => ({ membershipId, name, level }))
    .sort((a, b) => b.level - a.level || a.name.localeCompare(b.name));
  const needed = neededLevels.reduce((sum, level) => sum + (need.needed[level] ?? 0), 0);
  const available = carriers.length;
  const filled = filledPlaces(
    need.needed,
    carriers.map((c) => c.level),
  );
  const highestNeeded = [...neededLevels].reverse().find((level) => (need.needed[level] ?? 0) > 0) ?? 1;
  return {
    areaId: need.areaId,
    areaName: need.areaName,
    needed,
    available,
    discrepancy: available - needed,
    shortage: needed - filled,
    surplus: available - filled,
    byLevel: neededLevels.map((level) => ({
      level,
      needed: need.needed[level] ?? 0,
      available: carriers.filter((c) => c.level === level).length,
    })),
    carriers,
    busFactorWarning: carriers.filter((c) => c.level >= highestNeeded).length === 1,
  };
}

export function computeTeamCard(needs: readonly AreaNeed[], levels: readonly MemberLevel[]) {
  const areas = needs.map((need) => computeAreaCard(need, levels));
  const totals: TeamCardTotals = areas.reduce(
    (sum, a) => ({
      needed: sum.needed + a.needed,
      available: sum.available + a.available,
      shortage: sum.shortage + a.shortage,
      surplus: sum.surplus + a.surplus,
    }),
    { needed: 0, available: 0, shortage: 0, surplus: 0 },
  );
  return { areas, totals };
}

export type SurplusMatch = { areaId: string; areaName: string; surplusTeams: string[]; shortageTeams: string[] };

/**
 * Where one team's surplus can fill another's shortage (the overview's purpose, issue #19): per area the
 * teams with a surplus and the teams with a shortage, for areas that have both. Teams by name, in order given.
 */
export function surplusMatches(cards: readonly { teamName: string; areas: readonly AreaCard[] }[]): SurplusMatch[] {
  const byArea = new Map<string, SurplusMatch>();
  for (const card of cards) {
    for (const area of card.areas) {
      const match = byArea.get(area.areaId) ?? {
        areaId: area.areaId,
        areaName: area.areaName,
        surplusTeams: [],
        shortageTeams: [],
      };
      if (area.surplus > 0) match.surplusTeams.push(card.teamName);
      if (area.shortage > 0) match.shortageTeams.push(card.teamName);
      byArea.set(area.areaId, match);
    }
  }
  return [...byArea.values()]
    .filter((m) => m.surplusTeams.length > 0 && m.shortageTeams.length > 0)
    .sort((a, b) => a.areaName.localeCompare(b.areaName));
}
