/**
 * Goals and ambitions of the demo teams (spec §3 "Team goal"), through the team goals service: Demo BV's
 * teams have goals and ambitions, one of them archived; Andere BV's team has one, so a foreign goal exists
 * for the tenancy checks. Periods are this year and next, relative to the seed's `now`.
 */
import { and, eq, isNull } from "drizzle-orm";
import { reviews } from "#db/schema";
import { archiveTeamGoal, createTeamGoal, type GoalInput } from "~/features/team-goals/team-goals.server";
import type { SeedContext } from "../context";
import { demoTeams, type DemoClusterKey } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoTeams } from "./teams";

type GoalDef = Omit<GoalInput, "periodStart" | "periodEnd"> & {
  /** Years from this year: the period runs from 1 January of `from` to 31 December of `to`. */
  from: number;
  to: number;
  archived?: boolean;
  /** Linked to the team's review in every demo round (docs/decisions/1340). */
  linkRounds?: boolean;
};

const goal = (text: string, rest: Partial<GoalDef> = {}): GoalDef => ({
  kind: "goal",
  text,
  growthStrategy: "",
  measuredBy: "",
  additionalText: "",
  from: 0,
  to: 0,
  ...rest,
});

/** Team → its goals and ambitions, in the order they are added. Tests assert on these texts. */
export const demoTeamGoals: Partial<Record<string, readonly GoalDef[]>> = {
  [demoTeams.noord[0]]: [
    goal("Elke bewoner heeft een vaste contactpersoon", {
      linkRounds: true,
      growthStrategy: "Eerst-verantwoordelijken per gang, met een wekelijks kort overleg.",
      measuredBy: "Cliënttevredenheid (CQ-index) minstens 8,0",
      additionalText: "Afgesproken in het teamoverleg van januari.",
    }),
    goal("Minder verzuim door vaste roosters", {
      growthStrategy: "Roosters zes weken vooruit, ruilen via de planner.",
      measuredBy: "Verzuim onder 5 %",
    }),
    goal("Wij zijn het lerende team van de locatie", {
      kind: "ambition",
      growthStrategy: "Intervisie elke maand, en elk jaar één scholing per medewerker.",
      measuredBy: "Iedereen heeft een ontwikkelplan",
      to: 1,
    }),
    goal("Overdracht volledig digitaal", {
      growthStrategy: "Alle overdrachten in het ECD.",
      measuredBy: "Geen papieren overdracht meer",
      from: -1,
      to: -1,
      archived: true,
    }),
  ],
  [demoTeams.noord[1]]: [
    goal("Reistijd tussen cliënten omlaag", {
      growthStrategy: "Wijken opnieuw indelen met de planner.",
      measuredBy: "Gemiddelde reistijd onder 12 minuten",
    }),
    goal("Zelfroosterend team", { kind: "ambition", measuredBy: "Het team maakt zijn eigen rooster", to: 1 }),
  ],
  [demoTeams.noord[2]]: [
    goal("Revalidanten sneller naar huis", {
      growthStrategy: "Multidisciplinair overleg twee keer per week.",
      measuredBy: "Gemiddelde opnameduur korter dan 30 dagen",
    }),
  ],
  [demoTeams.zuid[0]]: [
    goal("Meer tijd voor de cliënt", {
      growthStrategy: "Administratie bundelen aan het eind van de dienst.",
      measuredBy: "Tijd bij de cliënt per dienst",
    }),
  ],
  [demoTeams.andere[0]]: [goal("Klanten binnen een werkdag antwoorden", { measuredBy: "Reactietijd" })],
};

const clusterOfTeam = new Map<string, DemoClusterKey>(
  (Object.keys(demoTeams) as DemoClusterKey[]).flatMap((key) => demoTeams[key].map((name) => [name, key] as const)),
);

export async function seedTeamGoals(
  { tx, now }: SeedContext,
  input: { tenants: DemoTenants; teams: DemoTeams },
): Promise<void> {
  const year = now.getFullYear();
  for (const [teamName, goals] of Object.entries(demoTeamGoals)) {
    const teamId = input.teams.get(teamName);
    const cluster = clusterOfTeam.get(teamName);
    if (!teamId || !cluster || !goals) throw new Error(`Demo team goals: no team ${teamName}`);
    const writer = { ...input.tenants.clusters[cluster], userId: null };
    // The demo rounds are seeded before the goals: the team's review in each, for goals that link them.
    const teamReviews = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.teamId, teamId), eq(reviews.type, "team"), isNull(reviews.deletedAt)));
    for (const { from, to, archived, linkRounds, ...fields } of goals) {
      const result = await createTeamGoal(
        writer,
        teamId,
        {
          ...fields,
          periodStart: `01-01-${year + from}`,
          periodEnd: `31-12-${year + to}`,
          reviewIds: linkRounds ? teamReviews.map((r) => r.id) : [],
        },
        tx,
      );
      if (!result.ok) throw new Error(`Demo team goal "${fields.text}": ${result.errorKey}`);
      if (archived) await archiveTeamGoal(writer, result.id, { teamId }, tx);
    }
  }
}
