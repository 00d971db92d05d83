/**
 * Demo BV (two clusters, every module on the account) and Andere BV (one cluster), the tenants every
 * other demo module writes into.
 */
import { accountModules, accounts } from "#db/schema";
import { createCluster } from "~/features/account/clusters.server";
import { moduleKeys } from "~/utils/modules";
import { addDays, isoDate, type ClusterIds, type SeedContext } from "../context";
import { demoAccounts, demoClusterModules, demoClusters, type DemoAccountKey, type DemoClusterKey } from "../demo-data";

export type DemoTenants = {
  accounts: Record<DemoAccountKey, string>;
  clusters: Record<DemoClusterKey, ClusterIds>;
};

/** Which account each demo cluster belongs to; clusters are created in this order. */
const clusterAccounts: Record<DemoClusterKey, DemoAccountKey> = {
  noord: "demo",
  zuid: "demo",
  andere: "andere",
};

export async function seedAccountsAndClusters({ tx, now }: SeedContext): Promise<DemoTenants> {
  // No service creates a licensed account with company details: registration makes trial accounts.
  const [demo] = await tx
    .insert(accounts)
    .values({
      name: demoAccounts.demo,
      licenceStatus: "active",
      licensedTeams: 20,
      licensedEmployees: 150,
      // The running licence year began a month ago (seed/demo/licence-orders.ts holds its order).
      licenceExpiresAt: addDays(now, 335),
      address: "Stationsplein 12",
      zip: "9726 AE",
      city: "Groningen",
      country: "NL",
      vatNumber: "NL859672145B01",
      iban: "NL91ABNA0417164300",
      bic: "ABNANL2A",
      chamberOfCommerce: "68750110",
      phone: "050-3123456",
      invoiceDate: isoDate(addDays(now, 365 - 30)),
    })
    .returning({ id: accounts.id });
  const [andere] = await tx
    .insert(accounts)
    .values({
      name: demoAccounts.andere,
      licenceStatus: "active",
      licensedTeams: 5,
      licensedEmployees: 25,
      licenceExpiresAt: addDays(now, 200),
      address: "Oudegracht 210",
      zip: "3511 NR",
      city: "Utrecht",
      country: "NL",
      vatNumber: "NL812345678B01",
      iban: "NL20INGB0001234567",
      bic: "INGBNL2A",
      chamberOfCommerce: "30123456",
      phone: "030-2345678",
    })
    .returning({ id: accounts.id });
  const accountIds = { demo: demo.id, andere: andere.id };
  await tx
    .insert(accountModules)
    .values([
      ...moduleKeys.map((moduleKey) => ({ accountId: demo.id, moduleKey, active: true })),
      ...demoClusterModules.andere.map((moduleKey) => ({ accountId: andere.id, moduleKey, active: true })),
    ]);

  const clusters = {} as Record<DemoClusterKey, ClusterIds>;
  for (const key of Object.keys(clusterAccounts) as DemoClusterKey[]) {
    const accountId = accountIds[clusterAccounts[key]];
    const cluster = await createCluster(tx, { accountId, name: demoClusters[key], modules: demoClusterModules[key] });
    clusters[key] = { accountId, clusterId: cluster.id };
  }
  return { accounts: accountIds, clusters };
}
