/**
 * The demo criteria set of the first Demo BV cluster, through the criteria-sets service: three criteria
 * per dimension from the cluster's default book (createCluster seeded it), for all its teams.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { criteria, teams } from "#db/schema";
import { createSet } from "~/features/criteria/criteria-sets.server";
import type { Dimension } from "~/features/criteria/scales";
import type { SeedContext } from "../context";
import { demoReviewNames } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";

export type DemoCriteriaSet = {
  id: string;
  flex: number;
  basic: boolean;
  criteria: { id: string; dimension: Dimension }[];
};

export async function seedCriteriaSets({ tx }: SeedContext, tenants: DemoTenants): Promise<DemoCriteriaSet> {
  const tenant = tenants.clusters.noord;
  const book = await tx
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteria)
    .where(and(eq(criteria.clusterId, tenant.clusterId), isNull(criteria.archivedAt)))
    .orderBy(asc(criteria.dimension), asc(criteria.sourceKey));
  const chosen = ([1, 2, 3] as const).flatMap((d) =>
    book
      .filter((c) => c.dimension === d)
      .slice(0, 3)
      .map((c) => ({ id: c.id, dimension: d as Dimension })),
  );
  const clusterTeams = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.clusterId, tenant.clusterId))
    .orderBy(asc(teams.name));
  const input = {
    name: demoReviewNames.set,
    description: "Drie criteria per dimensie; teamleiders mogen er per dimensie één toevoegen.",
    flex: 1,
    basic: false,
    isActive: true,
    visibleToTeamLeaders: true,
    criterionIds: chosen.map((c) => c.id),
    teamIds: clusterTeams.map((t) => t.id),
  };
  const result = await createSet(tenant, input, tx);
  if (!result.ok) throw new Error(`Demo criteria set: ${result.errorKey}`);
  return { id: result.id, flex: input.flex, basic: input.basic, criteria: chosen };
}
