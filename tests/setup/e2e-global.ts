/**
 * Prepares the end-to-end database: `<db>_e2e` dropped and created again, migrated, demo data seeded.
 *
 * Playwright starts its webServer entries BEFORE globalSetup, so this cannot be a globalSetup: the web
 * server and worker would meet a missing database. playwright.config.ts runs this file as a script in
 * the runner's main process while loading the config, i.e. before any server starts.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runMigrations } from "../../db/migrate";
import { seedDemo } from "../../seed/run";
import { databaseName, recreateDatabase, redact } from "./databases";

export async function prepareE2eDatabase(baseUrl: string, name: string): Promise<string> {
  const url = await recreateDatabase(baseUrl, name);
  await runMigrations(url);
  await seedDemo(url);
  return url;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const baseUrl = process.env.E2E_BASE_DATABASE_URL;
  const url = process.env.E2E_DATABASE_URL;
  if (!baseUrl || !url) {
    console.error("Set E2E_BASE_DATABASE_URL and E2E_DATABASE_URL (playwright.config.ts does).");
    process.exit(2);
  }
  try {
    await prepareE2eDatabase(baseUrl, databaseName(url));
    console.log(`E2E database ready: ${redact(url)}`);
    process.exit(0);
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
}
