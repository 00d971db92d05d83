import { and, asc, eq, isNull } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, criteria, criteriaSetCriteria, criteriaSets } from "#db/schema";
import { demoClusters } from "../../seed/demo-data";

/** A fresh active set of two criteria per dimension in Zorggroep Noord, for the wizard's set choice. */
export async function createWizardSet() {
  const db = getDb();
  const [cluster] = await db.select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const ids = { accountId: cluster.accountId, clusterId: cluster.id };
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const book = await db
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteria)
    .where(and(eq(criteria.clusterId, cluster.id), isNull(criteria.archivedAt)))
    .orderBy(asc(criteria.dimension), asc(criteria.name));
  const chosen = [1, 2, 3].flatMap((d) => book.filter((c) => c.dimension === d).slice(0, 2));
  const [set] = await db
    .insert(criteriaSets)
    .values({ ...ids, name: `Wizardset ${stamp}`, flex: 1, visibleToTeamLeaders: true })
    .returning();
  await db.insert(criteriaSetCriteria).values(chosen.map((c) => ({ ...ids, setId: set.id, criterionId: c.id })));
  return { set, stamp };
}
