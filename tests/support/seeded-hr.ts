import type { SQL } from "drizzle-orm";
import { getDb } from "#db/client.server";
import type { TenantContext } from "~/utils/tenant.server";
import { seedDemo } from "../../seed/run";
import { contextFor } from "./reviews";
import { demoSessions } from "./session";

/**
 * The seeded demo with hr@demo.nl signed in to Noord: the context, cookie and cluster the kept-figures tests read
 * their pages as (each compares a kept answer with one read straight).
 */
export async function seededHr(): Promise<{ ctx: TenantContext; cookie: string; clusterId: string }> {
  await seedDemo(process.env.DATABASE_URL!);
  const { hr } = await demoSessions();
  return { ctx: await contextFor(hr.cookie), cookie: hr.cookie, clusterId: hr.clusterId };
}

/** The `id` of a query's first row (undefined without rows). */
export const firstId = async (query: SQL) => (await getDb().execute<{ id: string }>(query)).rows[0]?.id;
