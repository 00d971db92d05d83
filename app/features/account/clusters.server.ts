import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "#db/client.server";
import { clusterModules, clusters, roleAssignments, roleRights } from "#db/schema";
import type { RoleKey } from "#db/schema/teams";
import { defaultRoleRights } from "~/utils/default-role-rights";
import type { ModuleKey } from "~/utils/modules";
import { seedDefaultCompetenceBook } from "~/features/competences/competences.server";
import { seedDefaultCriteriaBook } from "~/features/criteria/criteria.server";
import type { Language } from "~/utils/i18n";

/**
 * Gives a membership a cluster-level role (on `db`: inside a transaction pass the transaction). Returns
 * the insert, so a caller that may repeat it chains `.onConflictDoNothing()`.
 */
export function insertClusterRole(
  db: DbOrTx,
  membership: { accountId: string; clusterId: string; membershipId: string },
  roleKey: RoleKey,
) {
  return db.insert(roleAssignments).values({ ...membership, roleKey, level: "cluster" });
}

/** Creates a cluster with its modules and the default role→rights mapping, in the caller's transaction. */
export async function createCluster(
  tx: DbOrTx,
  input: {
    accountId: string;
    name: string;
    parentId?: string | null;
    modules: readonly ModuleKey[];
    /** Language of the seeded criteria book; default nl. */
    language?: Language;
  },
) {
  const [cluster] = await tx
    .insert(clusters)
    .values({ accountId: input.accountId, name: input.name, parentId: input.parentId ?? null })
    .returning();
  if (input.modules.length > 0) {
    await tx
      .insert(clusterModules)
      .values(input.modules.map((moduleKey) => ({ accountId: input.accountId, clusterId: cluster.id, moduleKey })));
  }
  const rows = (Object.entries(defaultRoleRights) as [RoleKey, readonly string[]][]).flatMap(([roleKey, rights]) =>
    rights.map((rightKey) => ({ accountId: input.accountId, clusterId: cluster.id, roleKey, rightKey })),
  );
  if (rows.length > 0) await tx.insert(roleRights).values(rows);
  await seedDefaultCriteriaBook(tx, {
    accountId: input.accountId,
    clusterId: cluster.id,
    language: input.language ?? "nl",
  });
  await seedDefaultCompetenceBook(tx, {
    accountId: input.accountId,
    clusterId: cluster.id,
    language: input.language ?? "nl",
  });
  return cluster;
}

export async function listClustersOfAccount(db: DbOrTx, accountId: string) {
  return db
    .select({ id: clusters.id, name: clusters.name, parentId: clusters.parentId })
    .from(clusters)
    .where(and(eq(clusters.accountId, accountId), isNull(clusters.deletedAt)))
    .orderBy(clusters.name);
}
