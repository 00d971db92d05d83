/**
 * Ambitions (my/growth, docs/decisions/1122): medewerker@demo.nl wants to grow towards team leader in her own
 * cluster and in reporting (a competence of the default book, docs/decisions/1342); her growth page then
 * shows the ambition, with that competence's gap, beside her reviews and flow. Through the ambitions service.
 */
import { and, eq } from "drizzle-orm";
import { competences } from "#db/schema";
import { saveAmbition } from "~/features/growth/ambitions.server";
import type { SeedContext } from "../context";
import { demoUsers } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import { positionKey, type DemoPositions } from "./positions";
import type { DemoPeople } from "./users";

/** The demo ambition's explanation; tests assert on it. */
export const demoAmbitionText =
  "Over twee jaar wil ik een eigen team leiden. Ik begin met het inwerken van nieuwe collega's en volg de leergang leidinggeven.";

export async function seedGrowth(
  { tx }: SeedContext,
  input: { tenants: DemoTenants; positions: DemoPositions; people: DemoPeople },
): Promise<void> {
  const noord = input.tenants.clusters.noord;
  // The cluster's default competence book exists from its creation (its rows carry the default key).
  const [reporting] = await tx
    .select({ id: competences.id })
    .from(competences)
    .where(and(eq(competences.clusterId, noord.clusterId), eq(competences.sourceKey, "reporting")));
  const result = await saveAmbition(
    { ...noord, membershipId: input.people.membershipOf(demoUsers.medewerker, "noord") },
    {
      role: "Teamleider",
      positionId: input.positions.get(positionKey("noord", "Teamleider")) ?? null,
      competenceId: reporting?.id ?? null,
      text: demoAmbitionText,
    },
    { competencesOn: true },
    tx,
  );
  if (!result.ok) throw new Error("demo ambition not saved");
}
