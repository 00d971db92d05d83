/**
 * Ambitions (my/growth, docs/decisions/1122): medewerker@demo.nl wants to grow towards team leader in her own
 * cluster; her growth page then shows the ambition beside her reviews and flow. Through the ambitions service.
 */
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
  const result = await saveAmbition(
    { ...noord, membershipId: input.people.membershipOf(demoUsers.medewerker, "noord") },
    {
      role: "Teamleider",
      positionId: input.positions.get(positionKey("noord", "Teamleider")) ?? null,
      text: demoAmbitionText,
    },
    tx,
  );
  if (!result.ok) throw new Error("demo ambition not saved");
}
