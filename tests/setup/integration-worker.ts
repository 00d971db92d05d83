/**
 * Runs before each integration test file, in its worker: gives the file a fresh copy of the migrated
 * template as `<db>_w<pool id>` and points DATABASE_URL (read lazily by getDb()) at it.
 */
import { afterAll, inject } from "vitest";
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
