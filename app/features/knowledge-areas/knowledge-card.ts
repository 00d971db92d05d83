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
 * So discrepancy = surplus − shortage. A row can show a shortage and a surplus at once: the places asked at a
 * level nobody has (shortageLevels) and the carriers below it (surplusLevels) — the card names both levels.
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
  /** The level of each unfilled place, and of each carrier who fills none; highest first. */
  shortageLevels: number[];
  surplusLevels: number[];
  /** Per level 1..3: places needed at that level, and carriers whose level is exactly that. */
  byLevel: { level: number; needed: number; available: number }[];
  /** Who carries the area, highest level first. */
  carriers: Carrier[];
  /** One person alone carries the area at the highest level it needs (or at all, when nothing is needed). */
  busFactorWarning: boolean;
};

export type TeamCardTotals = { needed: number; available: number; shortage: number; surplus: number };

/**
 * Fills the places greedily from the highest level down; with nested "at least" places this is optimal.
 * Answers the levels of the places left open and of the carriers left over, highest first.
 */
function fillPlaces(needed: Partial<Record<number, number>>, levels: number[]) {
  const remaining = [...levels].sort((a, b) => b - a);
  const open: number[] = [];
  for (const level of [...neededLevels].reverse()) {
    for (let place = 0; place < (needed[level] ?? 0); place++) {
      // The lowest carrier who qualifies: the better ones stay for another team's more demanding places.
      const at = remaining.findLastIndex((l) => l >= level);
      if (at === -1) open.push(level);
      else remaining.splice(at, 1);
    }
  }
  return { open, leftOver: remaining };
}

export function computeAreaCard(need: AreaNeed, levels: readonly MemberLevel[]): AreaCard {
  const carriers = levels
    .filter((l) => l.areaId === need.areaId && l.level >= 1)
    .map(({ membershipId, name, level }) => ({ membershipId, name, level }))
    .sort((a, b) => b.level - a.level || a.name.localeCompare(b.name));
  const needed = neededLevels.reduce((sum, level) => sum + (need.needed[level] ?? 0), 0);
  const available = carriers.length;
  const { open, leftOver } = fillPlaces(
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
    shortage: open.length,
    surplus: leftOver.length,
    shortageLevels: open,
    surplusLevels: leftOver,
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
 * Where one team's surplus can fill another team's shortage (the overview's purpose, issue #19): per area and
 * team with a shortage, the other teams with a carrier left over at or above the level of one of its open
 * places. A team's own surplus never fills its own shortage (the card already placed everyone it could), and
 * a basic carrier never fills an expert place. Areas by name, teams in the order given.
 */
export function surplusMatches(cards: readonly { teamName: string; areas: readonly AreaCard[] }[]): SurplusMatch[] {
  const matches: SurplusMatch[] = [];
  for (const card of cards) {
    for (const area of card.areas) {
      if (area.shortage === 0) continue;
      const lowestOpen = Math.min(...area.shortageLevels);
      const surplusTeams = cards
        .filter((other) => other !== card)
        .filter((other) =>
          other.areas.some((a) => a.areaId === area.areaId && a.surplusLevels.some((level) => level >= lowestOpen)),
        )
        .map((other) => other.teamName);
      if (surplusTeams.length === 0) continue;
      const same = matches.find((m) => m.areaId === area.areaId && m.surplusTeams.join() === surplusTeams.join());
      if (same) same.shortageTeams.push(card.teamName);
      else matches.push({ areaId: area.areaId, areaName: area.areaName, surplusTeams, shortageTeams: [card.teamName] });
    }
  }
  return matches.sort((a, b) => a.areaName.localeCompare(b.areaName));
}
