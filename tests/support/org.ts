import { type sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { contracts, positions } from "#db/schema";
import { createAccount, createClusterFor, createUserWithMembership, uniqueSuffix } from "../factories";
import { sessionCookieFor } from "./session";

/** An account with one cluster and a cluster admin signed in: the world most organisation tests need. */
export async function orgWorld(options: { accountAdmin?: boolean } = {}) {
  const db = getDb();
  const account = await createAccount(db);
  const cluster = await createClusterFor(db, account.id);
  const admin = await createUserWithMembership(db, {
    accountId: account.id,
    clusterId: cluster.id,
    roles: [{ role: "cluster_admin" }],
    isAccountAdmin: options.accountAdmin ?? false,
  });
  const { cookie } = await sessionCookieFor({ userId: admin.user.id, accountId: account.id, clusterId: cluster.id });
  return { account, cluster, admin, cookie };
}

export async function employeeIn(world: { account: { id: string }; cluster: { id: string } }, lastName?: string) {
  return createUserWithMembership(getDb(), {
    accountId: world.account.id,
    clusterId: world.cluster.id,
    lastName: lastName ?? `Medewerker ${uniqueSuffix()}`,
  });
}

export async function positionIn(world: { account: { id: string }; cluster: { id: string } }, name?: string) {
  const [row] = await getDb()
    .insert(positions)
    .values({ accountId: world.account.id, clusterId: world.cluster.id, name: name ?? `Functie ${uniqueSuffix()}` })
    .returning();
  return row;
}

export async function contractFor(
  world: { account: { id: string }; cluster: { id: string } },
  membershipId: string,
  positionId: string,
  fte: string,
) {
  const [row] = await getDb()
    .insert(contracts)
    .values({
      accountId: world.account.id,
      clusterId: world.cluster.id,
      membershipId,
      positionId,
      startDate: "2020-01-01",
      endDate: "2099-12-31",
      fte,
    })
    .returning();
  return row;
}

export async function countRows(query: ReturnType<typeof sql>): Promise<number> {
  const result = await getDb().execute<{ n: number }>(query);
  return Number(result.rows[0].n);
}

/** A form POST with repeated fields for arrays (checkbox lists). */
export function postForm(path: string, fields: Record<string, string | string[]>, cookie: string): Request {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(key, item);
  return new Request("http://localhost" + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: body.toString(),
  });
}
