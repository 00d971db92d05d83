/**
 * Runs before each integration test file, in its worker: gives the file a fresh copy of the migrated
 * template as `<db>_w<pool id>` and points DATABASE_URL (read lazily by getDb()) at it.
 */
import pg from "pg";
import { afterAll, afterEach, expect, inject } from "vitest";
import { closeDb } from "../../db/client.server";
import { databaseName, recreateDatabase } from "./databases";

const baseUrl = inject("baseDatabaseUrl");
const workerId = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "1";
process.env.DATABASE_URL = await recreateDatabase(
  baseUrl,
  `${databaseName(baseUrl)}_w${workerId}`,
  inject("templateDatabase"),
);

afterAll(async () => {
  await closeDb();
});

/**
 * A query sent on a client that is still executing another one (`Promise.all` over one transaction's
 * queries) is queued by pg 8 with a deprecation warning and will be refused by pg 9: one connection runs
 * one statement at a time, so it never was parallel. This fails the test (or, from a hook, the file) that
 * did it, with the statement, so the pattern cannot come back unnoticed.
 */
type BusyClient = { pipeline?: boolean; _activeQuery?: unknown; _queryQueue?: unknown[] };
const queriesOnBusyClient: string[] = [];
const sendQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as { query: unknown }).query = function (this: BusyClient, ...args: unknown[]) {
  if (!this.pipeline && (this._activeQuery || (this._queryQueue?.length ?? 0) > 0)) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === "string" ? first : (first?.text ?? "?");
    const where = expect.getState().currentTestName ?? "a hook";
    queriesOnBusyClient.push(`${where}: ${text.replace(/\s+/g, " ").slice(0, 160)}`);
  }
  return sendQuery.apply(this, args);
};

function failOnQueriesOnBusyClient() {
  if (queriesOnBusyClient.length === 0) return;
  const found = queriesOnBusyClient.splice(0);
  throw new Error(
    `Queries sent on a client still executing another (run them one after the other):\n${found.join("\n")}`,
  );
}

afterEach(failOnQueriesOnBusyClient);
afterAll(failOnQueriesOnBusyClient);
