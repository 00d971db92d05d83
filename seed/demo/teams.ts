/** The demo teams (demo-data.ts), through the teams service. */
import { createTeam } from "~/features/teams/teams.server";
import type { SeedContext } from "../context";
import { demoTeams, type DemoClusterKey } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";

/** Team name → id; team names are unique over the whole demo. */
export type DemoTeams = Map<string, string>;

export async function seedTeams({ tx }: SeedContext, tenants: DemoTenants): Promise<DemoTeams> {
  const ids: DemoTeams = new Map();
  for (const key of Object.keys(demoTeams) as DemoClusterKey[]) {
    for (const name of demoTeams[key]) {
      const result = await createTeam(tenants.clusters[key], { name }, tx);
      if (!result.ok) throw new Error(`Demo team ${name}: ${result.errorKey}`);
      ids.set(name, result.id);
    }
  }
  return ids;
}
