/** The positions (functies) of each demo cluster, through the positions service. */
import { createPosition } from "~/features/positions/positions.server";
import type { SeedContext } from "../context";
import type { DemoClusterKey } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";

type PositionDef = { name: string; code: string; levels: number; parent?: string };

/** The positions of both Demo BV clusters; a parent comes before its children. */
const careDefs: readonly PositionDef[] = [
  { name: "Locatiemanager", code: "LOC", levels: 3 },
  { name: "Teamleider", code: "TL", levels: 3, parent: "Locatiemanager" },
  { name: "Verpleegkundige", code: "VPK", levels: 3 },
  { name: "Wijkverpleegkundige", code: "WVK", levels: 3, parent: "Verpleegkundige" },
  { name: "Verzorgende IG", code: "VIG", levels: 3 },
  { name: "Helpende Zorg & Welzijn", code: "HZW", levels: 2 },
  { name: "Fysiotherapeut", code: "FYS", levels: 3 },
  { name: "Ergotherapeut", code: "ERG", levels: 2 },
  { name: "Activiteitenbegeleider", code: "ACB", levels: 2 },
  { name: "Planner", code: "PLN", levels: 2 },
  { name: "HR-adviseur", code: "HRA", levels: 3 },
  { name: "Medewerker Facilitair", code: "FAC", levels: 2 },
];

/** The positions of Andere BV, in this order. */
export const andereTitles = ["Klantadviseur", "Teamleider", "Planner"] as const;
const andereCodes = ["KA", "TL", "PLN"];

const positionDefs: Record<DemoClusterKey, readonly PositionDef[]> = {
  noord: careDefs,
  zuid: careDefs,
  andere: andereTitles.map((name, i) => ({ name, code: andereCodes[i], levels: 2 })),
};

/** `${cluster key}|${position name}` → id. */
export type DemoPositions = Map<string, string>;
export const positionKey = (cluster: DemoClusterKey, name: string) => `${cluster}|${name}`;

export async function seedPositions({ tx }: SeedContext, tenants: DemoTenants): Promise<DemoPositions> {
  const ids: DemoPositions = new Map();
  for (const key of Object.keys(positionDefs) as DemoClusterKey[]) {
    for (const def of positionDefs[key]) {
      const parentId = def.parent ? ids.get(positionKey(key, def.parent))! : null;
      const input = { name: def.name, code: def.code, levels: def.levels, parentId };
      const result = await createPosition(tenants.clusters[key], input, tx);
      if (!result.ok) throw new Error(`Demo position ${def.name}: ${result.errorKey}`);
      ids.set(positionKey(key, def.name), result.id);
    }
  }
  return ids;
}
