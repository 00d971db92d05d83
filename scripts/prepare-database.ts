/** Database preparation shared by `npm start` and `npm run dev`. */
import path from "node:path";
import { runMigrations } from "../db/migrate";
import { seedDemoIfEmpty } from "../seed/run";
import { startEmbeddedPostgres } from "./embedded-postgres";

export type PreparedDatabase = { url: string; embedded: boolean; stop(): Promise<void> };

/**
 * DATABASE_URL when set, otherwise a persistent embedded PostgreSQL in DATA_DIR/pg;
 * then pending migrations and, in an empty database, the demo data.
 */
export async function prepareDatabase(dataDir: string): Promise<PreparedDatabase> {
  let prepared: PreparedDatabase;
  if (process.env.DATABASE_URL) {
    prepared = { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  } else {
    const pgDir = path.join(dataDir, "pg");
    console.log(`No DATABASE_URL: starting the built-in PostgreSQL (data in ${pgDir}).`);
    const server = await startEmbeddedPostgres({ dataDir: pgDir, persistent: true });
    prepared = { url: server.url, embedded: true, stop: server.stop };
  }
  try {
    await runMigrations(prepared.url);
    if (await seedDemoIfEmpty(prepared.url)) console.log("The database was empty: demo data loaded.");
  } catch (error) {
    await prepared.stop();
    throw error;
  }
  return prepared;
}
