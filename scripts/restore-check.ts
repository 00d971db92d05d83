/**
 * `npm run restore-check [-- dump-file]`: proves a backup restores (docs/deploy.md, "Backup and restore").
 *
 * Without a dump file it first dumps DATABASE_URL (`pg_dump -Fc`, as the nightly backup does) to a temporary
 * file, so one run checks the whole cycle. The dump is restored with `pg_restore --no-owner` into a fresh
 * database next to DATABASE_URL's (`<name>_restore_check`, dropped first), the migrations run on it (a dump of an
 * older release is brought up to this one), and the smoke check asks what /readyz asks (database, migrations
 * current, job queue) and counts the rows of the main tables in both. Exit code 0 when all holds; the copy is
 * dropped unless RESTORE_CHECK_KEEP=1. Needs pg_dump/pg_restore of the server's major version or newer.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { runMigrations } from "../db/migrate";
import { databaseName, dropDatabase, recreateDatabase, redact } from "../tests/setup/databases";

const sourceUrl = process.env.DATABASE_URL;
if (!sourceUrl) {
  console.error("Set DATABASE_URL to the database whose backup is checked (the copy is made next to it).");
  process.exit(2);
}
const given = process.argv[2];
const checkName = `${databaseName(sourceUrl)}_restore_check`;
const started = Date.now();
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** Tables whose row counts must match between the source and the restored copy. */
const countedTables = ["accounts", "clusters", "users", "memberships", "teams", "reviews", "email_outbox", "imports"];

async function counts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result: Record<string, number> = {};
    for (const table of countedTables) {
      const { rows } = await client.query<{ n: string }>(
        `select count(*)::text as n from ${client.escapeIdentifier(table)}`,
      );
      result[table] = Number(rows[0].n);
    }
    return result;
  } finally {
    await client.end();
  }
}

let dumpFile = given;
let tempDir: string | undefined;
let ok = false;
try {
  if (!dumpFile) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "restore-check-"));
    dumpFile = path.join(tempDir, "backup.dump");
    const at = Date.now();
    execFileSync("pg_dump", ["--format=custom", "--file", dumpFile, sourceUrl], { stdio: "inherit" });
    console.log(`dumped ${redact(sourceUrl)}: ${(fs.statSync(dumpFile).size / 1e6).toFixed(1)} MB in ${seconds(at)}`);
  }

  let at = Date.now();
  const checkUrl = await recreateDatabase(sourceUrl, checkName);
  execFileSync("pg_restore", ["--no-owner", "--exit-on-error", "--dbname", checkUrl, dumpFile], { stdio: "inherit" });
  console.log(`restored into ${checkName} in ${seconds(at)}`);

  at = Date.now();
  await runMigrations(checkUrl);
  console.log(`migrations applied in ${seconds(at)}`);

  // The smoke check: what a load balancer's /readyz asks, on the copy.
  process.env.DATABASE_URL = checkUrl;
  const { readiness } = await import("../app/features/system/health.server");
  const { closeDb } = await import("../db/client.server");
  const ready = await readiness();
  await closeDb();
  console.log(`readiness: ${JSON.stringify(ready.checks)}`);

  const [source, copy] = [await counts(sourceUrl), await counts(checkUrl)];
  const differing = countedTables.filter((table) => source[table] !== copy[table]);
  console.log(`rows: ${countedTables.map((table) => `${table} ${copy[table]}`).join(", ")}`);
  // A given dump may be older than the database it came from: then only the copy's own numbers are shown.
  if (differing.length > 0 && !given) console.error(`rows differ from the source in: ${differing.join(", ")}`);
  ok = ready.ready && (given !== undefined || differing.length === 0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
} finally {
  if (process.env.RESTORE_CHECK_KEEP !== "1") await dropDatabase(sourceUrl, checkName).catch(() => {});
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
}
console.log(`restore check ${ok ? "passed" : "FAILED"} in ${seconds(started)}`);
process.exit(ok ? 0 : 1);
