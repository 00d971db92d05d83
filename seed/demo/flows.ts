/**
 * Flow measurements (issue #18): medewerker@demo.nl has two, about four months apart, that show a
 * change; the other members of leider@demo.nl's teams have one each, so his team view has zones.
 * Through the flow service (createFlowMeasurement joins the transaction), dated in the past.
 */
import { createFlowMeasurement } from "~/features/flow/flows.server";
import type { ActivityInput } from "~/features/flow/flow-form";
import { addDays, createRng, type SeedContext } from "../context";
import { demoUsers, leiderTeams } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoPeople } from "./users";

const activity = (
  name: string,
  sharePercent: number,
  challenge: number,
  skills: number,
  capability: number,
  energy: number,
): ActivityInput => ({ name, sharePercent, challenge, skills, capability, energy });

/** medewerker@demo.nl, four months ago: stretched by new tasks, bored by paperwork. */
const medewerkerBefore = [
  activity("Zorg aan cliënten", 45, 7, 6, 7, 8),
  activity("Rapportage en overdracht", 20, 3, 7, 6, 3),
  activity("Teamoverleg", 15, 8, 4, 5, 4),
  activity("Nieuwe collega's inwerken", 12, 8, 6, 6, 6),
  activity("Medicatie uitzetten", 8, 5, 8, 8, 5),
];
/** …and two weeks ago: more of the time in flow. */
const medewerkerNow = [
  activity("Zorg aan cliënten", 50, 7, 7, 8, 8),
  activity("Rapportage en overdracht", 15, 4, 7, 7, 4),
  activity("Teamoverleg", 15, 6, 5, 6, 6),
  activity("Nieuwe collega's inwerken", 15, 8, 7, 7, 7),
  activity("Medicatie uitzetten", 5, 5, 8, 8, 5),
];

const otherActivities = [
  "Zorg aan cliënten",
  "Rapportage en overdracht",
  "Teamoverleg",
  "Familiegesprekken",
  "Roosterwerk",
  "Scholing volgen",
];

export async function seedFlows(
  { tx, now }: SeedContext,
  input: { tenants: DemoTenants; people: DemoPeople },
): Promise<void> {
  // Its own PRNG, so that the shared one (and every name after this module) stays the same.
  const rng = createRng(1818);
  const noord = input.tenants.clusters.noord;
  const measure = async (email: string, activities: ActivityInput[], daysAgo: number) => {
    const membershipId = input.people.membershipOf(email, "noord");
    const result = await createFlowMeasurement({ ...noord, membershipId }, activities, tx, {
      at: addDays(now, -daysAgo),
    });
    if (!result.ok) throw new Error(`demo flow of ${email} not created`);
  };
  await measure(demoUsers.medewerker, medewerkerBefore, 125);
  await measure(demoUsers.medewerker, medewerkerNow, 14);

  const led = new Set<string>(leiderTeams);
  const members = input.people.people.filter(
    (p) =>
      p.email !== demoUsers.medewerker &&
      p.memberships.some(
        (m) =>
          m.cluster === "noord" &&
          !m.deleted &&
          m.roles.some((r) => r.role === "team_member" && r.team && led.has(r.team)),
      ),
  );
  for (const person of members) {
    const names = [...otherActivities].sort(() => rng.next() - 0.5).slice(0, 4);
    const shares = [40, 25, 20, 15];
    const activities = names.map((name, i) => {
      const skills = rng.int(3, 9);
      return activity(
        name,
        shares[i],
        Math.min(10, Math.max(1, skills + rng.int(-4, 4))),
        skills,
        rng.int(4, 9),
        rng.int(2, 9),
      );
    });
    await measure(person.email, activities, rng.int(10, 60));
  }
}
