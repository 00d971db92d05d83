/**
 * Issue 33: `npm start` supervises its built-in PostgreSQL like its other processes. The server is killed
 * with SIGKILL (as the OOM killer would) and must answer again on the same URL, with the same data; a server
 * that keeps dying makes the supervisor give up (and `npm start` stop) instead of looping for ever.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { superviseEmbeddedPostgres, type SupervisedPostgres } from "../../scripts/supervised-postgres";

const fastRestart = { initialDelayMs: 100, maxDelayMs: 1_000, stableAfterMs: 60_000 };
let server: SupervisedPostgres | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dataDir) fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

function newDataDir(): string {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "supervised-pg-"));
  fs.chmodSync(parent, 0o755);
  return (dataDir = path.join(parent, "pg"));
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Polls until the server answers (the condition itself, no fixed sleep), for at most `ms`. */
async function answersWithin(url: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      await query(url, "select 1");
      return true;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return false;
}

function exitedWithin(pid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  return new Promise((resolve) => {
    const check = () => {
      try {
        process.kill(pid, 0);
      } catch {
        return resolve(true);
      }
      if (Date.now() > deadline) return resolve(false);
      setTimeout(check, 50);
    };
    check();
  });
}

describe("the built-in PostgreSQL under npm start's supervision", () => {
  it("is started again on the same URL and data after it is killed", async () => {
    const messages: string[] = [];
    server = await superviseEmbeddedPostgres(
      { dataDir: newDataDir(), persistent: true, database: "app", log: () => {} },
      { restart: fastRestart, log: (message) => messages.push(message) },
    );
    await query(server.url, "create table kept (value text); insert into kept values ('still here')");
    const firstPid = server.pid!;

    process.kill(firstPid, "SIGKILL");
    expect(await exitedWithin(firstPid, 10_000)).toBe(true);

    // The new server accepts connections a moment before the supervisor has it in hand: wait for both.
    await expect.poll(() => messages, { timeout: 60_000 }).toContain("The built-in PostgreSQL runs again.");
    expect(await answersWithin(server.url, 10_000)).toBe(true);
    expect(server.pid).not.toBe(firstPid);
    expect(await query<{ value: string }>(server.url, "select value from kept")).toEqual([{ value: "still here" }]);
  }, 120_000);

  it("gives up, and says so, when it keeps dying", async () => {
    let gaveUp = 0;
    const messages: string[] = [];
    server = await superviseEmbeddedPostgres(
      { dataDir: newDataDir(), persistent: true, log: () => {} },
      {
        restart: { ...fastRestart, maxCrashesInARow: 0 },
        onGiveUp: () => gaveUp++,
        log: (message) => messages.push(message),
      },
    );
    const pid = server.pid!;
    process.kill(pid, "SIGKILL");
    expect(await exitedWithin(pid, 10_000)).toBe(true);
    await expect.poll(() => gaveUp, { timeout: 10_000 }).toBe(1);
    expect(messages.at(-1)).toMatch(/giving up/);
    expect(server.pid).toBe(pid);
  }, 60_000);
});
