/** Database preparation shared by `npm start` and `npm run dev`. */
import path from "node:path";
import { runMigrations } from "../db/migrate";
import { seedDemoIfEmpty } from "../seed/run";
import { superviseEmbeddedPostgres } from "./supervised-postgres";

export type PreparedDatabase = { url: string; embedded: boolean; stop(): Promise<void> };

/**
 * DATABASE_URL when set, otherwise a persistent, supervised embedded PostgreSQL in DATA_DIR/pg;
 * then pending migrations and, in an empty database, the demo data.
 */
export async function prepareDatabase(
  dataDir: string,
  { onDatabaseGaveUp }: { onDatabaseGaveUp?: () => void } = {},
): Promise<PreparedDatabase> {
  let prepared: PreparedDatabase;
  if (process.env.DATABASE_URL) {
    prepared = { url: process.env.DATABASE_URL, embedded: false, stop: async () => {} };
  } else {
    const pgDir = path.join(dataDir, "pg");
    console.log(`No DATABASE_URL: starting the built-in PostgreSQL (data in ${pgDir}).`);
    // Restarted when it dies, like the web server and the worker (scripts/supervised-postgres.ts).
    const server = await superviseEmbeddedPostgres(
      { dataDir: pgDir, persistent: true },
      { onGiveUp: onDatabaseGaveUp },
    );
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
