/**
 * Runs before each integration test file, in its worker: gives the file a fresh copy of the migrated
 * template as `<db>_w<pool id>_<random>` and points DATABASE_URL (read lazily by getDb()) at it. The
 * previous file's database is dropped in the background: a DROP DATABASE waits for a checkpoint (about two
 * seconds a file), which no file needs to wait for. The run's teardown drops whatever is left (`<db>_w…`).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, afterEach, expect, inject } from "vitest";
import { closeDb } from "../../db/client.server";
import { stopSenderBoss } from "../../jobs/boss.server";
import { databaseName, dropDatabase, recreateDatabase } from "./databases";

const baseUrl = inject("baseDatabaseUrl");
const workerId = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "1";
const fileDatabase = `${databaseName(baseUrl)}_w${workerId}_${randomBytes(4).toString("hex")}`;
process.env.DATABASE_URL = await recreateDatabase(baseUrl, fileDatabase, inject("templateDatabase"));
const worker = globalThis as { __previousFileDatabase?: string };
if (worker.__previousFileDatabase) void dropDatabase(baseUrl, worker.__previousFileDatabase).catch(() => undefined);
worker.__previousFileDatabase = fileDatabase;

afterAll(async () => {
  // The next file in this worker gets a new database of the same name: nothing may stay connected to this one.
  await stopSenderBoss();
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
