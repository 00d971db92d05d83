/**
 * Who wants e-mail digests in the demo (docs/decisions/1261): medewerker@demo.nl every week, leider@demo.nl
 * every two weeks, hr@demo.nl every four weeks; every other membership of the demo accounts none (their
 * addresses are made up, and the outbox should show the demo users' mail). Each of the three has news:
 * tasks (seed/demo/tasks.ts), reviews waiting for them and dialog actions (medewerker and leider). So
 * one run of the schedule (`npm run digests`) puts one digest of each frequency in the outbox.
 */
import { eq, inArray } from "drizzle-orm";
import { memberships } from "#db/schema";
import type { SeedContext } from "../context";
import { demoUsers } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoPeople } from "./users";

export const demoDigestFrequencies = {
  medewerker: "weekly",
  leider: "biweekly",
  hr: "fourweekly",
} as const;

export async function seedDigestFrequencies(
  { tx }: SeedContext,
  input: { tenants: DemoTenants; people: DemoPeople },
): Promise<void> {
  const clusterIds = Object.values(input.tenants.clusters).map((c) => c.clusterId);
  await tx.update(memberships).set({ updatesFrequency: "none" }).where(inArray(memberships.clusterId, clusterIds));
  for (const [who, frequency] of Object.entries(demoDigestFrequencies)) {
    const id = input.people.membershipOf(demoUsers[who as keyof typeof demoDigestFrequencies], "noord");
    await tx.update(memberships).set({ updatesFrequency: frequency }).where(eq(memberships.id, id));
  }
}
