/**
 * Vitest global set-up of the integration project: migrates a template database once per run.
 * Without DATABASE_URL it starts a throw-away embedded PostgreSQL for the run.
 */
import type { TestProject } from "vitest/node";
import { runMigrations } from "../../db/migrate";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../scripts/embedded-postgres";
import { databaseName, dropDatabase, recreateDatabase } from "./databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** The server/database the run was given; worker databases are created next to it. */
    baseDatabaseUrl: string;
    /** Name of the migrated template database every test file copies. */
    templateDatabase: string;
  }
}

/**
 * Both integration projects (vitest.config.ts: the shared-module one and the isolated one) name this file;
 * the run prepares one template, and the first project's teardown is the one that cleans up.
 */
const prepared = globalThis as { __integrationTemplate?: Promise<{ baseUrl: string; templateDatabase: string }> };

export default async function setup(project: TestProject) {
  if (prepared.__integrationTemplate) {
    const { baseUrl, templateDatabase } = await prepared.__integrationTemplate;
    project.provide("baseDatabaseUrl", baseUrl);
    project.provide("templateDatabase", templateDatabase);
    return async () => undefined;
  }
  let settle!: (value: { baseUrl: string; templateDatabase: string }) => void;
  let fail!: (error: unknown) => void;
  prepared.__integrationTemplate = new Promise((resolve, reject) => ((settle = resolve), (fail = reject)));
  let embedded: EmbeddedPostgres | undefined;
  let baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    embedded = await startEmbeddedPostgres({ persistent: false });
    baseUrl = embedded.url;
  }
  const templateDatabase = `${databaseName(baseUrl)}_tpl`;
  try {
    const templateUrl = await recreateDatabase(baseUrl, templateDatabase);
    await runMigrations(templateUrl);
  } catch (error) {
    await embedded?.stop();
    fail(error);
    throw error;
  }
  settle({ baseUrl, templateDatabase });
  project.provide("baseDatabaseUrl", baseUrl);
  project.provide("templateDatabase", templateDatabase);

  return async () => {
    if (embedded) {
      await embedded.stop();
      return;
    }
    // Keep the server tidy; the worker databases are dropped by name pattern below.
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect().catch(() => undefined);
    try {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${databaseName(baseUrl).replace(/[\\%_]/g, "\\$&")}\\_w%`],
      );
      for (const { datname } of rows) await dropDatabase(baseUrl, datname);
    } catch {
      // Cleaning up is a courtesy; the next run drops them anyway.
    } finally {
      await client.end().catch(() => undefined);
    }
    await dropDatabase(baseUrl, templateDatabase).catch(() => undefined);
  };
}
