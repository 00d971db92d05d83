import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { logger } from "../app/utils/logger.server";

export type Database = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

type Holder = { pool: pg.Pool; db: Database; url: string };
/** Which of this process's pools: the primary's (getDb) or the read replica's (getReadDb). */
export type PoolName = "primary" | "replica";
type WaitListener = (pool: PoolName, seconds: number) => void;
// One pool per process (and one for the read replica), kept across Remix dev rebuilds; the wait listener on the
// same global, as the server and the Remix build load this module as two copies.
const globalHolder = globalThis as unknown as { __appDb?: Holder; __replicaDb?: Holder; __poolWait?: WaitListener };

function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (npm start sets it when it starts the embedded PostgreSQL)");
  return url;
}

/**
 * True for errors that mean "the database cannot be reached right now" rather than "this query is
 * wrong": refused or dropped connections, connect timeouts, and PostgreSQL shutting down, starting up
 * or out of connections. Looks through Drizzle's wrapper (`cause`) and Node's AggregateError (`errors`).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 5) return false;
  const { code, message, cause, errors } = error as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
  if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

const UNAVAILABLE_CODES = new Set([
  // Node sockets
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down),
  // too_many_connections; class 08 (connection exceptions) is matched by prefix.
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

// node-postgres reports a dropped socket or a connect timeout with a message, without a code.
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /is not queryable/];

let lastPoolErrorLog = 0;

/**
 * A pool's idle connection that the database drops (a restart, a failover) emits `error` on the pool,
 * and a checked-out one on its client: without listeners that crashes the process. The pool removes
 * the broken connection itself and opens a new one on the next query; we only log, at most once a second.
 */
function logPoolError(error: Error) {
  const now = Date.now();
  if (now - lastPoolErrorLog < 1_000) return;
  lastPoolErrorLog = now;
  const code = (error as { code?: string }).code;
  logger.error(`[db] connection lost${code ? ` (${code})` : ""}: ${error.message}`);
}

/**
 * Who hears how long each checkout of a connection took — from asking the pool until it handed over an idle
 * connection, a new one, or one another query gave back (or gave up: the connect timeout): the metrics'
 * histogram (app/utils/metrics.server.ts, decision 1966). One listener per process.
 */
export function onPoolWait(listener: WaitListener): void {
  globalHolder.__poolWait = listener;
}

type Checkout = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * Times every checkout: pg.Pool's `query` checks out through `connect` too, and Drizzle's transactions call it
 * directly, so wrapping `connect` on the instance sees both.
 */
function timeCheckouts(pool: pg.Pool, name: PoolName) {
  const connect = pool.connect.bind(pool) as (callback?: Checkout) => Promise<pg.PoolClient> | void;
  const heard = (started: number) => globalHolder.__poolWait?.(name, (performance.now() - started) / 1000);
  pool.connect = ((callback?: Checkout) => {
    const started = performance.now();
    if (callback)
      return connect((error, client, done) => {
        heard(started);
        callback(error, client, done);
      });
    return (connect() as Promise<pg.PoolClient>).then(
      (client) => {
        heard(started);
        return client;
      },
      (error: unknown) => {
        heard(started);
        throw error;
      },
    );
  }) as typeof pool.connect;
}

function openHolder(url: string, name: PoolName): Holder {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DB_POOL_SIZE ?? 10),
    // While the database is unreachable a request waits at most this long for a connection, then
    // fails (and the page answers 503) instead of hanging.
    connectionTimeoutMillis: 10_000,
  });
  pool.on("error", logPoolError);
  pool.on("connect", (client) => client.on("error", logPoolError));
  timeCheckouts(pool, name);
  return { pool, url, db: drizzle(pool, { schema }) };
}

export function getDb(): Database {
  const url = databaseUrl();
  if (!globalHolder.__appDb || globalHolder.__appDb.url !== url) globalHolder.__appDb = openHolder(url, "primary");
  return globalHolder.__appDb.db;
}

/**
 * The node-postgres client a transaction of `getDb()` runs on, for a library that sends its own SQL and must send
 * it inside the transaction: pg-boss's `send({ db })` (`transactionWithJob`, jobs/enqueue.server.ts, decision
 * 1991). Drizzle has no API for it: it is the transaction's `session.client` (drizzle-orm 0.45,
 * node-postgres/session.js), internal to Drizzle, so this is the one place that reaches it.
 * tests/integration/database.test.ts fails when an upgrade of Drizzle moves it.
 */
export function transactionClient(tx: Tx): pg.ClientBase {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  // A pool here would run each statement on any connection, outside the transaction.
  if (!(client instanceof pg.Client))
    throw new Error("transactionClient: Drizzle no longer keeps its transaction's client at tx.session.client");
  return client;
}

/**
 * The database for heavy reads that may lag a moment behind the primary — analytics and exports (issue #38,
 * decision 1772): the read replica at DATABASE_REPLICA_URL when it is set, else the primary. Never for a read
 * that must see what this request just wrote, nor for writes (a replica refuses them).
 */
export function getReadDb(): Database {
  const url = process.env.DATABASE_REPLICA_URL;
  if (!url) return getDb();
  if (!globalHolder.__replicaDb || globalHolder.__replicaDb.url !== url)
    globalHolder.__replicaDb = openHolder(url, "replica");
  return globalHolder.__replicaDb.db;
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
  const result = await globalHolder.__appDb!.pool.query<T>(
    preparedStatements() ? { name, text, values } : { text, values },
  );
  return result.rows;
}

/**
 * Named prepared statements live on one server connection. PgBouncer in transaction mode before 1.21 (Debian 12
 * ships 1.18) hands each transaction another one: there DB_PREPARED_STATEMENTS=off runs every query unnamed.
 */
function preparedStatements(): boolean {
  return process.env.DB_PREPARED_STATEMENTS !== "off";
}

/** Statement names by SQL text; capped so that endless query shapes cannot pile up in PostgreSQL. */
const preparedNames = new Map<string, string>();
const dialect = new PgDialect();
export const MAX_PREPARED_SHAPES = 200;

/**
 * Runs a Drizzle `sql` query as a named prepared statement, named after its text: a hot query with a
 * few shapes (filters present or not) gets one statement per shape, which PostgreSQL parses and plans
 * once per connection. Past MAX_PREPARED_SHAPES shapes, further ones run unnamed. Rows come back as
 * PostgreSQL returns them, as with `db.execute`.
 */
export async function executePrepared<T extends pg.QueryResultRow>(query: SQL): Promise<T[]> {
  getDb();
  const { sql: text, params } = dialect.sqlToQuery(query);
  let name = preparedNames.get(text);
  if (name === undefined && preparedNames.size < MAX_PREPARED_SHAPES && preparedStatements()) {
    name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 24)}`;
    preparedNames.set(text, name);
  }
  const result = await globalHolder.__appDb!.pool.query<T>(
    name ? { name, text, values: params } : { text, values: params },
  );
  return result.rows;
}

/**
 * This process's primary pool: connections open, idle, and queries waiting for one (the metrics; how long they
 * waited: onPoolWait); undefined before first use.
 */
export function poolStats(): { total: number; idle: number; waiting: number; max: number } | undefined {
  const pool = globalHolder.__appDb?.pool;
  if (!pool) return undefined;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

export async function closeDb(): Promise<void> {
  const holders = [globalHolder.__appDb, globalHolder.__replicaDb];
  globalHolder.__appDb = undefined;
  globalHolder.__replicaDb = undefined;
  await Promise.all(holders.map((holder) => holder?.pool.end()));
}

export { schema };
