import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, memberships, users } from "#db/schema";
import { createSession } from "~/utils/session.server";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { BASE } from "./http";

/** A real session row and its signed cookie, as a sign-in would create them. */
export async function sessionCookieFor(input: { userId: string; accountId: string; clusterId: string | null }) {
  const { setCookie, session } = await createSession(new Request(BASE + "/login"), {
    userId: input.userId,
    accountId: input.accountId,
    currentClusterId: input.clusterId,
  });
  return { cookie: setCookie.split(";")[0], sessionId: session.id };
}

/** A seeded user signed in to one of their clusters (by the cluster's name): cookie, tenant and membership. */
export async function signInTo(email: string, clusterName: string) {
  const [row] = await getDb()
    .select({ userId: users.id, accountId: users.accountId, clusterId: clusters.id, membershipId: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(clusters, eq(clusters.id, memberships.clusterId))
    .where(and(eq(users.email, email), eq(clusters.name, clusterName)));
  const { cookie } = await sessionCookieFor(row);
  return { cookie, accountId: row.accountId, clusterId: row.clusterId, membershipId: row.membershipId };
}

/** The demo users the integration tests act as, each signed in to their own cluster (after seedDemo). */
export async function demoSessions() {
  return {
    hr: await signInTo(demoUsers.hr, demoClusters.noord),
    leider: await signInTo(demoUsers.leider, demoClusters.noord),
    medewerker: await signInTo(demoUsers.medewerker, demoClusters.noord),
    andere: await signInTo(demoUsers.andere, demoClusters.andere),
  };
}
