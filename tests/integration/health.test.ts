/**
 * /healthz and /readyz over HTTP (issue #38, decision 1510): alive always; ready only with a reachable
 * database, current migrations and pg-boss's schema; 503 with the reason otherwise. No session cookie.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { getSenderBoss, stopSenderBoss } from "#jobs/boss.server";
import { latestMigration, readiness } from "~/features/system/health.server";
import { startApp, type RunningApp } from "../support/app-server";

let app: RunningApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.close();
  await stopSenderBoss();
});

async function get(pathname: string) {
  const response = await fetch(`${app.url}${pathname}`);
  return { response, body: await response.text() };
}

describe("health endpoints", () => {
  it("/healthz answers 200 without a session, cookie or cache", async () => {
    const { response, body } = await get("/healthz");
    expect(response.status).toBe(200);
    expect(body).toBe("ok");
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("/readyz is 503 with the reason until the job queue's schema exists, then 200", async () => {
    const before = await get("/readyz");
    expect(before.response.status).toBe(503);
    expect(before.response.headers.get("retry-after")).toBe("5");
    expect(JSON.parse(before.body)).toMatchObject({
      ready: false,
      checks: { database: "ok", migrations: "ok", queue: expect.stringMatching(/^missing/) },
    });

    await getSenderBoss(); // installs pg-boss's schema, as the worker does on start
    const after = await get("/readyz");
    expect(after.response.status).toBe(200);
    expect(JSON.parse(after.body)).toEqual({ ready: true, checks: { database: "ok", migrations: "ok", queue: "ok" } });
    expect(after.response.headers.get("set-cookie")).toBeNull();
  });

  it("/readyz names a migration the database lacks", async () => {
    await getSenderBoss();
    const db = getDb();
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1e12::bigint
                          where created_at = ${latestMigration.when}`);
    try {
      const { response, body } = await get("/readyz");
      expect(response.status).toBe(503);
      expect(JSON.parse(body).checks.migrations).toBe(
        `behind: ${latestMigration.tag} is not applied (run npm run db:migrate)`,
      );
    } finally {
      await db.execute(sql`update drizzle.__drizzle_migrations set created_at = ${latestMigration.when}
                            where created_at = ${latestMigration.when - 1e12}`);
    }
  });

  it("an unreachable database is not ready: the reason, no hang", async () => {
    const url = process.env.DATABASE_URL!;
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/nothing";
    try {
      const result = await readiness();
      expect(result.ready).toBe(false);
      expect(result.checks.database).toMatch(/^unreachable: /);
      expect(result.checks.migrations).toBe("skipped");
    } finally {
      process.env.DATABASE_URL = url;
    }
  });
});
