/**
 * The knowledge card of one demo team (spec §1; docs/decisions/1081), through the knowledge area services:
 * in the first cluster of Demo BV, "Verpleegafdeling De Linde" (led by leider@demo.nl) has a finished card
 * with a shortage (medication), a surplus (wound care) and an area one person carries alone (palliative
 * care). The leader's second team has no card, so it can be set up by hand.
 */
import {
  getTeamNeeds,
  listKnowledgeAreas,
  saveMemberLevels,
  saveTeamNeeds,
} from "~/features/knowledge-areas/knowledge-setup.server";
import { listTeamMembers } from "~/features/knowledge-areas/knowledge-teams.server";
import type { SeedContext } from "../context";
import { demoTeams } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoTeams } from "./teams";

/** The demo team with a card, and its areas: people needed per level 1..3, and the members' levels in order of name. */
export const demoKnowledgeTeam = demoTeams.noord[0];
export const demoKnowledgeAreas = [
  {
    name: "Wondzorg",
    description: "Wonden beoordelen en verzorgen",
    needed: [2, 0, 1],
    levels: [3, 2, 1, 1, 0, 0, 0, 0],
  },
  {
    name: "Medicatiebeheer",
    description: "Medicatie klaarzetten, toedienen en controleren",
    needed: [0, 3, 0],
    levels: [2, 1, 0, 0, 0, 0, 0, 0],
  },
  {
    name: "Palliatieve zorg",
    description: "Zorg in de laatste levensfase",
    needed: [1, 1, 0],
    levels: [0, 0, 3, 0, 0, 0, 0, 0],
  },
  { name: "Dementiezorg", description: "Omgaan met onbegrepen gedrag", needed: [0, 0, 0], levels: [] },
] as const;

export async function seedKnowledgeAreas(
  { tx }: SeedContext,
  input: { tenants: DemoTenants; teams: DemoTeams },
): Promise<void> {
  const tenant = input.tenants.clusters.noord;
  const writer = { ...tenant, userId: null };
  const teamId = input.teams.get(demoKnowledgeTeam);
  if (!teamId) throw new Error(`Demo knowledge areas: no team ${demoKnowledgeTeam}`);
  // Each area is added by name as in step 2 of the setup, keeping the areas added before it on the card.
  for (const [i, area] of demoKnowledgeAreas.entries()) {
    const existing = await listKnowledgeAreas(tenant, tx);
    const needs = await getTeamNeeds(tenant, teamId, tx);
    const result = await saveTeamNeeds(
      writer,
      teamId,
      {
        areas: existing.map((a) => {
          const kept = demoKnowledgeAreas.find((d) => d.name === a.name)!;
          return {
            id: a.id,
            selected: needs.has(a.id),
            needed1: kept.needed[0],
            needed2: kept.needed[1],
            needed3: kept.needed[2],
          };
        }),
        newName: area.name,
        newDescription: area.description,
        newNeeded1: area.needed[0],
        newNeeded2: area.needed[1],
        newNeeded3: area.needed[2],
      },
      tx,
    );
    if (!result.ok) throw new Error(`Demo knowledge area ${area.name} (${i}): ${result.errorKey}`);
  }
  const areas = await listKnowledgeAreas(tenant, tx);
  const members = await listTeamMembers(tenant, [teamId], tx);
  const levels = demoKnowledgeAreas.flatMap((area) => {
    const areaId = areas.find((a) => a.name === area.name)!.id;
    return area.levels.flatMap((level, i) =>
      members[i] ? [{ membershipId: members[i].membershipId, areaId, level }] : [],
    );
  });
  await saveMemberLevels(writer, teamId, levels, tx);
}
