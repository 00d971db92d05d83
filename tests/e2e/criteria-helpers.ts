import { getDb } from "#db/client.server";
import { createAccount, createClusterFor, createTeam, createUserWithMembership } from "../factories";

/** An HR admin in a cluster of their own: these tests change criteria, sets and settings freely. */
export async function hrInFreshCluster(prefix: string) {
  const db = getDb();
  const account = await createAccount(db);
  const cluster = await createClusterFor(db, account.id);
  const team = await createTeam(db, { accountId: account.id, clusterId: cluster.id, name: "Team Zonnebloem" });
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const { user } = await createUserWithMembership(db, {
    accountId: account.id,
    clusterId: cluster.id,
    email: `${prefix}-${stamp}@e2e.demo.nl`,
    roles: [{ role: "cluster_admin" }],
  });
  return { user, cluster, team };
}
