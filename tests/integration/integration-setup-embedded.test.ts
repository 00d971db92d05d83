/**
 * `npm run test:integration` must work on a fresh clone without DATABASE_URL, like `npm test`: the
 * integration project's global set-up then starts a throw-away embedded PostgreSQL, migrates a template
 * database in it and removes it all again. This runs that set-up as vitest does, with DATABASE_URL unset.
 */
import pg from "pg";
import { afterEach, expect, test } from "vitest";
import type { TestProject } from "vitest/node";
import setup from "../setup/integration-global";
import { withDatabaseName } from "../setup/databases";

const savedUrl = process.env.DATABASE_URL;
afterEach(() => {
  if (savedUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = savedUrl;
});

test("without DATABASE_URL the integration set-up starts its own PostgreSQL with a migrated template", async () => {
  delete process.env.DATABASE_URL;
  const provided = new Map<string, string>();
  const project = { provide: (key: string, value: string) => provided.set(key, value) };

  const teardown = await setup(project as unknown as TestProject);
  const baseUrl = provided.get("baseDatabaseUrl");
  const template = provided.get("templateDatabase");
  expect(baseUrl).toMatch(/^postgres(ql)?:\/\/.*127\.0\.0\.1:\d+\//);
  expect(baseUrl).not.toBe(savedUrl);

  const client = new pg.Client({ connectionString: withDatabaseName(baseUrl!, template!) });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_name in ('accounts', 'users', 'reviews') order by 1",
    );
    expect(rows.map((row) => row.name)).toEqual(["accounts", "reviews", "users"]);
  } finally {
    await client.end();
  }

  await teardown();
  const afterStop = new pg.Client({ connectionString: baseUrl, connectionTimeoutMillis: 2_000 });
  await expect(afterStop.connect()).rejects.toThrow();
}, 120_000);
