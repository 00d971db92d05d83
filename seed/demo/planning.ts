/**
 * Workforce planning demo data (docs/decisions/1550): Zorggroep Noord's needs for three positions —
 * Verzorgende IG, Verpleegkundige and Wijkverpleegkundige — in the teams where they work, now, in a year and
 * in five years, each with a reason. Some needs exceed what the contracts give, so hr@ and admin@ see gaps;
 * leider@ leads De Linde and Thuiszorg Groningen-Stad and sees those two. Two contracts of De Linde end
 * within the year (beyond the workforce tab's 90 days), so the 1-year horizon has leavers.
 */
import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import { contracts, planningNeeds, roleAssignments } from "#db/schema";
import { addDays, isoDate, type SeedContext } from "../context";
import { demoTeams, demoUsers } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import { positionKey, type DemoPositions } from "./positions";
import type { DemoTeams } from "./teams";
import type { DemoPeople } from "./users";

type Need = { team: string; position: string; employees: [number, number, number]; fte: [number, number, number] };

const [linde, thuiszorgStad, anker, assen] = demoTeams.noord;
const needs: readonly Need[] = [
  { team: linde, position: "Verzorgende IG", employees: [4, 5, 6], fte: [3.2, 4, 4.8] },
  { team: linde, position: "Verpleegkundige", employees: [2, 2, 3], fte: [1.6, 1.8, 2.4] },
  { team: thuiszorgStad, position: "Wijkverpleegkundige", employees: [2, 3, 4], fte: [1.8, 2.6, 3.4] },
  { team: thuiszorgStad, position: "Verzorgende IG", employees: [2, 2, 3], fte: [1.6, 1.6, 2.4] },
  { team: anker, position: "Verpleegkundige", employees: [1, 2, 2], fte: [0.8, 1.6, 1.6] },
  { team: assen, position: "Wijkverpleegkundige", employees: [2, 2, 3], fte: [1.6, 1.8, 2.7] },
];
const horizons = ["current", "1y", "5y"] as const;
const reasons = {
  current: "Bezetting volgens het rooster",
  "1y": "Meer cliënten met complexe zorg verwacht",
  "5y": "Vergrijzing in de regio: meer zorgvraag",
};

export async function seedPlanning(
  { tx, now }: SeedContext,
  input: { tenants: DemoTenants; teams: DemoTeams; positions: DemoPositions; people: DemoPeople },
): Promise<void> {
  const cluster = input.tenants.clusters.noord;
  await tx.insert(planningNeeds).values(
    needs.flatMap((need) =>
      horizons.map((horizon, i) => ({
        ...cluster,
        teamId: input.teams.get(need.team)!,
        positionId: input.positions.get(positionKey("noord", need.position))!,
        horizon,
        employees: need.employees[i],
        fte: need.fte[i].toFixed(2),
        reason: reasons[horizon],
      })),
    ),
  );
  // Two members of De Linde whose contract ends within the year: their team's 1-year column shows them leaving.
  const lindeMembers = tx
    .select({ id: roleAssignments.membershipId })
    .from(roleAssignments)
    .where(and(eq(roleAssignments.teamId, input.teams.get(linde)!), eq(roleAssignments.roleKey, "team_member")));
  const ending = await tx
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        inArray(contracts.membershipId, lindeMembers),
        // Not the demo users' own contracts (their profiles stay as documented).
        notInArray(contracts.membershipId, [input.people.membershipOf(demoUsers.medewerker, "noord")]),
      ),
    )
    .orderBy(asc(contracts.startDate), asc(contracts.id))
    .limit(2);
  for (const [i, row] of ending.entries()) {
    await tx
      .update(contracts)
      .set({ endDate: isoDate(addDays(now, 150 + 90 * i)) })
      .where(eq(contracts.id, row.id));
  }
}
