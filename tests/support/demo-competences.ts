/**
 * The seeded demo as the competence tests use it: Zorggroep Noord and Andere BV's cluster, every demo user
 * signed in (andere@demo.nl in Andere BV's cluster, the others in Noord), and the book's competences by key.
 */
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, competences, memberships, users } from "#db/schema";
import { demoClusters, demoUsers, type DemoUserKey } from "../../seed/demo-data";
import { sessionCookieFor } from "./session";

export async function clusterIdNamed(name: string): Promise<string> {
  const [row] = await getDb().select({ id: clusters.id }).from(clusters).where(eq(clusters.name, name));
  return row.id;
}

/** A competence of the default book in a cluster, by its key ("reporting", "leadership", …). */
export async function competenceIn(cluster: string, key: string): Promise<string> {
  const [row] = await getDb()
    .select({ id: competences.id })
    .from(competences)
    .where(and(eq(competences.clusterId, cluster), eq(competences.sourceKey, key)));
  return row.id;
}

/** Both clusters' ids, Demo BV's account id and a session cookie per demo user. */
export async function signInDemoUsers() {
  const noord = await clusterIdNamed(demoClusters.noord);
  const andere = await clusterIdNamed(demoClusters.andere);
  const cookies = {} as Record<DemoUserKey, string>;
  let accountId = "";
  for (const role of Object.keys(demoUsers) as DemoUserKey[]) {
    const cluster = role === "andere" ? andere : noord;
    const [m] = await getDb()
      .select({ userId: users.id, accountId: users.accountId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(sql`lower(${users.email})`, demoUsers[role]), eq(memberships.clusterId, cluster)));
    if (role === "hr") accountId = m.accountId;
    cookies[role] = (await sessionCookieFor({ userId: m.userId, accountId: m.accountId, clusterId: cluster })).cookie;
  }
  return { noord, andere, accountId, cookies };
}
