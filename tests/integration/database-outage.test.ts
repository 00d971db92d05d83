/**
 * Issue #12 item 16: a PostgreSQL restart must give 503s in the user's language, never a crashed
 * process, and pages come back as soon as the database does. The app runs on its own embedded
 * PostgreSQL here, which the test stops and starts again (same data, same port) while requests keep
 * coming.
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "#db/client.server";
import { runMigrations } from "#db/migrate";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "../../scripts/embedded-postgres";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { startApp, type RunningApp } from "../support/app-server";
import { sessionCookieFor } from "../support/session";

let dataDir: string;
let port: number;
let database: EmbeddedPostgres | undefined;
let app: RunningApp;
let cookie: string;
const savedUrl = process.env.DATABASE_URL;
const crashes: unknown[] = [];
const countCrash = (error: unknown) => void crashes.push(error);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address() as net.AddressInfo;
      probe.close(() => resolve(address.port));
    });
  });
}

const startDatabase = () =>
  startEmbeddedPostgres({ dataDir, persistent: true, port, database: "outage", log: () => {} });

beforeAll(async () => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "h2-outage-")), "data");
  fs.chmodSync(path.dirname(dataDir), 0o755);
  port = await freePort();
  database = await startDatabase();
  await runMigrations(database.url);
  await closeDb();
  process.env.DATABASE_URL = database.url;

  const db = getDb();
  const account = await createAccount(db);
  const cluster = await createClusterFor(db, account.id);
  const { user } = await createUserWithMembership(db, { accountId: account.id, clusterId: cluster.id });
  ({ cookie } = await sessionCookieFor({ userId: user.id, accountId: account.id, clusterId: cluster.id }));
  app = await startApp();
  // Without a listener for pool errors, an idle connection that the restart cuts throws here.
  process.on("uncaughtException", countCrash);
}, 120_000);

afterAll(async () => {
  process.off("uncaughtException", countCrash);
  await app?.close();
  await closeDb();
  await database?.stop();
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  process.env.DATABASE_URL = savedUrl;
});

/** `startedAt`: when the request went out; `at`: when its answer was read. */
type Answer = { status: number; retryAfter: string | null; body: string; startedAt: number; at: number };

async function get(pathname: string): Promise<Answer> {
  const startedAt = Date.now();
  const response = await fetch(`${app.url}${pathname}`, {
    headers: { cookie, "accept-language": "de-DE,de;q=0.9" },
    redirect: "manual",
  });
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: await response.text(),
    startedAt,
    at: Date.now(),
  };
}

/**
 * Requests `pathname` back to back (4 at a time) until `done()`. `answers` fills as they come; `all` gives every
 * answer, in the order they were read, once the last request is answered.
 */
function load(pathname: string, done: () => boolean): { answers: Answer[]; all: Promise<Answer[]> } {
  const answers: Answer[] = [];
  const all = Promise.all(
    Array.from({ length: 4 }, async () => {
      while (!done()) {
        answers.push(await get(pathname));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }),
  ).then(() => [...answers].sort((a, b) => a.at - b.at));
  return { answers, all };
}

/** Waits until `condition()` holds: a test waits for what it needs, not for a guessed time. */
async function until(condition: () => boolean, what: string, timeoutMs = 30_000) {
  for (const deadline = Date.now() + timeoutMs; !condition();) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a PostgreSQL restart under load", () => {
  it("answers 503 with Retry-After in the user's language while the database is down, then 200 again", async () => {
    // Ten requests at once leave ten idle connections in the pool, for the restart to cut.
    const warm = await Promise.all(Array.from({ length: 10 }, () => get("/dashboard")));
    expect(warm.map((a) => a.status)).toEqual(Array(10).fill(200));

    let finished = false;
    const { answers, all: allAnswers } = load("/dashboard", () => finished);
    // The load runs: answers come back from the live database.
    await until(() => answers.filter((a) => a.status === 200).length >= 4, "answers before the stop");
    await database!.stop();
    const stoppedAt = Date.now();
    // Down until more than five requests sent during the outage were answered.
    await until(() => answers.filter((a) => a.startedAt > stoppedAt + 100).length > 5, "answers during the outage");
    database = await startDatabase();
    const restartedAt = Date.now();
    // Up until requests sent after the first answer from the restarted database are answered too.
    await until(() => {
      const back = answers.find((a) => a.at > restartedAt && a.status === 200);
      return back !== undefined && answers.filter((a) => a.startedAt > back.at).length >= 8;
    }, "answers after the restart");
    finished = true;
    const all = await allAnswers;

    expect(crashes.map(String)).toEqual([]);
    const statuses = new Set(all.map((a) => a.status));
    expect([...statuses].sort()).toEqual([200, 503]);

    // Requests sent while the database was down (one sent before the stop may still end in a 200
    // on a loaded machine, so the start time counts, not the answer's).
    const during = all.filter((a) => a.startedAt > stoppedAt + 100 && a.at < restartedAt);
    expect(during.length).toBeGreaterThan(5);
    expect(during.every((a) => a.status === 503)).toBe(true);
    const outage = during[0];
    expect(Number(outage.retryAfter)).toBeGreaterThan(0);
    expect(outage.body).toContain('<html lang="de"');
    expect(outage.body).toContain("vorübergehend nicht erreichbar");

    // Back once the database is (without restarting the app), and staying back. How fast is no test's
    // business (a timed bound failed on a loaded machine at 1.5 s; the recovery measured 0.24 s).
    const firstBack = all.find((a) => a.at > restartedAt && a.status === 200);
    expect(firstBack).toBeDefined();
    expect(all.filter((a) => a.startedAt > firstBack!.at).every((a) => a.status === 200)).toBe(true);
    expect((await get("/dashboard")).status).toBe(200);
  }, 60_000);

  it("answers a resource route (the JSON API) with 503 too, not 500, while the database is down", async () => {
    const before = await get("/api/reviews");
    expect(before.status).not.toBe(503);
    await database!.stop();
    try {
      const during = await get("/api/reviews");
      expect(during.status).toBe(503);
      expect(Number(during.retryAfter)).toBeGreaterThan(0);
      expect(JSON.parse(during.body)).toEqual({ error: "databaseUnavailable" });
    } finally {
      database = await startDatabase();
    }
    expect((await get("/api/reviews")).status).toBe(before.status);
    expect(crashes.map(String)).toEqual([]);
  }, 60_000);
});
