import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

type Holder = { pool: pg.Pool; db: Database; url: string };
// One pool per process, kept across Remix dev rebuilds.
const globalHolder = globalThis as unknown as { __appDb?: Holder };

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (npm start sets it when it starts the embedded PostgreSQL)");
  return url;
}

export function getDb(): Database {
  const url = databaseUrl();
  if (!globalHolder.__appDb || globalHolder.__appDb.url !== url) {
    const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? 10) });
    globalHolder.__appDb = { pool, url, db: drizzle(pool, { schema }) };
  }
  return globalHolder.__appDb.db;
}

/**
 * Runs a hot query as a named prepared statement (node-postgres prepares it once per connection and
 * then skips parsing and planning). `text` must be the same for every call with this name.
 */
export async function queryPrepared<T extends pg.QueryResultRow>(
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  getDb();
  const result = await globalHolder.__appDb!.pool.query<T>({ name, text, values });
  return result.rows;
}

export async function closeDb(): Promise<void> {
  const holder = globalHolder.__appDb;
  globalHolder.__appDb = undefined;
  await holder?.pool.end();
}

export { schema };
