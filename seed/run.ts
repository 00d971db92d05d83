/**
 * Demo data: the account Demo BV (two clusters, eight teams, about sixty employees) and a separate
 * account Andere BV. Deterministic: names, e-mail addresses and team places come from a seeded PRNG;
 * only dates are relative to today. Each module's demo data is one file in seed/demo/, run in the order
 * below inside one transaction (docs/decisions/0740).
 *
 *   tsx seed/run.ts   (npm run db:seed) migrates DATABASE_URL and seeds it when it has no accounts yet.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { inArray, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "#db/client.server";
import { runMigrations } from "#db/migrate";
import * as schema from "#db/schema";
import { accounts, users } from "#db/schema";
import { hashPassword } from "~/features/auth/password.server";
import { createRng, type SeedContext } from "./context";
import { seedAccountsAndClusters } from "./demo/accounts-and-clusters";
import { seedAudit } from "./demo/audit";
import { seedCalibration } from "./demo/calibration";
import { seedCompetences } from "./demo/competences";
import { seedContracts } from "./demo/contracts";
import { seedCriteriaSets } from "./demo/criteria-sets";
import { seedDialogs } from "./demo/dialogs";
import { seedDigestFrequencies } from "./demo/digests";
import { seedFlows } from "./demo/flows";
import { seedGrowth } from "./demo/growth";
import { seedImport } from "./demo/import";
import { seedImportConnectors } from "./demo/import-connectors";
import { seedKnowledgeAreas } from "./demo/knowledge-areas";
import { seedLicenceOrders } from "./demo/licence-orders";
import { seedPeerReviews } from "./demo/peer-reviews";
import { seedPlanning } from "./demo/planning";
import { seedPositions } from "./demo/positions";
import { seedRoles } from "./demo/roles";
import { seedSelfReviews } from "./demo/self-reviews";
import { seedTasks } from "./demo/tasks";
import { seedTeamGoals } from "./demo/team-goals";
import { seedTeamReviews } from "./demo/team-reviews";
import { seedTeams } from "./demo/teams";
import { seedUsers } from "./demo/users";
import { DEMO_PASSWORD, demoAccounts, demoUsers } from "./demo-data";

/** The demo modules in order: each takes what the earlier ones created. */
async function seedDemoModules(ctx: SeedContext): Promise<void> {
  const tenants = await seedAccountsAndClusters(ctx);
  const teams = await seedTeams(ctx, tenants);
  const positions = await seedPositions(ctx, tenants);
  const people = await seedUsers(ctx, tenants);
  await seedLicenceOrders(ctx, { tenants });
  await seedRoles(ctx, { tenants, teams, people });
  await seedContracts(ctx, { tenants, positions, people });
  await seedPlanning(ctx, { tenants, teams, positions, people });
  await seedImport(ctx, { tenants });
  const set = await seedCriteriaSets(ctx, tenants);
  await seedTeamReviews(ctx, { tenants, set, people });
  await seedCalibration(ctx, { tenants, people });
  await seedSelfReviews(ctx, { tenants, set, people });
  await seedPeerReviews(ctx, { tenants, set });
  await seedFlows(ctx, { tenants, people });
  await seedDialogs(ctx, { tenants, people });
  await seedTasks(ctx, { tenants, people });
  await seedDigestFrequencies(ctx, { tenants, people });
  await seedTeamGoals(ctx, { tenants, teams });
  await seedGrowth(ctx, { tenants, positions, people });
  await seedKnowledgeAreas(ctx, { tenants, teams });
  await seedCompetences(ctx, { tenants, people });
  await seedImportConnectors(ctx, { tenants, people });
  await seedAudit(ctx, { tenants, people });
}

const SEED_LOCK = 727275;
const RNG_SEED = 20260101;

async function withDatabase<T>(databaseUrl: string, fn: (db: Database) => Promise<T>) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    return await fn(drizzle(pool, { schema }));
  } finally {
    await pool.end();
  }
}

/** Seeds the demo in one transaction. Fails when the demo accounts or users already exist. */
export async function seedDemo(databaseUrl: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await withDatabase(databaseUrl, (db) =>
    db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      const existingUsers = await tx
        .select({ id: users.id })
        .from(users)
        .where(inArray(sql`lower(${users.email})`, Object.values(demoUsers)))
        .limit(1);
      const existingAccounts = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(inArray(accounts.name, Object.values(demoAccounts)))
        .limit(1);
      if (existingUsers.length > 0 || existingAccounts.length > 0) {
        throw new Error("The demo data already exists in this database.");
      }
      await seedDemoModules({ tx, passwordHash, now: new Date(), rng: createRng(RNG_SEED) });
    }),
  );
}

/** Seeds the demo only when the database has no accounts at all; returns whether it seeded. */
export async function seedDemoIfEmpty(databaseUrl: string): Promise<boolean> {
  return withDatabase(databaseUrl, async (db) => {
    const hasAccounts = async (q: Pick<typeof db, "select">) =>
      (await q.select({ id: accounts.id }).from(accounts).limit(1)).length > 0;
    if (await hasAccounts(db)) return false;
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    return db.transaction(async (tx) => {
      // Several starting processes: the first one seeds, the others find its accounts.
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      if (await hasAccounts(tx)) return false;
      await seedDemoModules({ tx, passwordHash, now: new Date(), rng: createRng(RNG_SEED) });
      return true;
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error("Set DATABASE_URL to the database to seed.");
    process.exit(1);
  }
  await runMigrations(url);
  const seeded = await seedDemoIfEmpty(url);
  console.log(
    seeded
      ? `Demo data seeded. Sign in as ${Object.values(demoUsers).join(", ")} with password ${DEMO_PASSWORD}.`
      : "The database already has accounts; demo data not seeded.",
  );
}
