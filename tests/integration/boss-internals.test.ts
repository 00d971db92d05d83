/**
 * jobs/boss-internals.server.ts on a real database with pg-boss's own schema: every statement the application
 * writes against pg-boss's tables. When pg-boss is upgraded (tests/unit/boss-internals-version.test.ts), this
 * file says which of them still work.
 */
import { sql } from "drizzle-orm";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  anyLiveJob,
  bossSchemaVersion,
  jobStates,
  liveJobExists,
  queueDepths,
  reclaimLapsedJobs,
  renewJobLeases,
} from "#jobs/boss-internals.server";
import { bossSchema } from "#jobs/boss.server";

let boss: PgBoss;
let queue: string;
let queues = 0;

beforeAll(async () => {
  // No supervision or clock: nothing but these tests changes the jobs. Archiving is asked for below.
  boss = new PgBoss({
    connectionString: process.env.DATABASE_URL,
    schema: bossSchema,
    supervise: false,
    schedule: false,
    archiveCompletedAfterSeconds: 1,
  });
  await boss.start();
}, 60_000);

// Each test its own queue: no test sees another's jobs.
beforeEach(async () => {
  queue = `boss-internals-${++queues}`;
  await boss.createQueue(queue, { name: queue, retryLimit: 2 });
});

afterAll(async () => {
  await boss?.stop({ graceful: false });
});

/** Sends a job with `key` in its payload and starts it, as a worker would. */
async function startedJob(key: string) {
  const id = (await boss.send(queue, { key }))!;
  const [job] = await boss.fetch(queue, { batchSize: 1 });
  expect(job.id).toBe(id);
  return id;
}

async function row(id: string) {
  const { rows } = await getDb().execute<{ state: string; expire_seconds: number; retry_count: number }>(
    sql`select state, extract(epoch from expire_in)::float8 as expire_seconds, retry_count
          from ${sql.raw(`"${bossSchema}".job`)} where id = ${id}`,
  );
  return rows[0];
}

const isLive = async (key: string) => {
  const { rows } = await getDb().execute<{ live: boolean }>(
    sql`select ${liveJobExists(queue, "key", sql`${key}`)} as live`,
  );
  return rows[0].live;
};

describe("pg-boss internals", () => {
  it("renews a running job's lease: its run so far plus the lease, never past the queue's longest run", async () => {
    const id = await startedJob("lease");
    await renewJobLeases(boss.getDb(), queue, [{ id, longestRunSeconds: 600 }], 30);
    const renewed = await row(id);
    expect(renewed.state).toBe("active");
    expect(renewed.expire_seconds).toBeGreaterThanOrEqual(30);
    expect(renewed.expire_seconds).toBeLessThan(90);
    await renewJobLeases(boss.getDb(), queue, [{ id, longestRunSeconds: 5 }], 30);
    expect((await row(id)).expire_seconds).toBe(5);
  });

  it("puts a job whose lease lapsed back in the queue as a retry, and leaves live leases alone", async () => {
    const lapsed = await startedJob("lapsed");
    const held = await startedJob("held");
    // A lease of no time at all has lapsed at once; the other job holds a fresh one.
    await renewJobLeases(boss.getDb(), queue, [{ id: lapsed, longestRunSeconds: 0 }], 30);
    await renewJobLeases(boss.getDb(), queue, [{ id: held, longestRunSeconds: 600 }], 30);
    expect(await reclaimLapsedJobs(boss.getDb(), [queue])).toEqual([{ name: queue, id: lapsed }]);
    expect((await row(lapsed)).state).toBe("retry");
    expect((await row(held)).state).toBe("active");
  });

  it("never takes a lapsed job its caller says it is running itself", async () => {
    const mine = await startedJob("mine");
    await renewJobLeases(boss.getDb(), queue, [{ id: mine, longestRunSeconds: 0 }], 30);
    expect(await reclaimLapsedJobs(boss.getDb(), [queue], [mine])).toEqual([]);
    expect((await row(mine)).state).toBe("active");
    expect(await reclaimLapsedJobs(boss.getDb(), [queue])).toEqual([{ name: queue, id: mine }]);
  });

  it("tells a live job from a finished one, in a query and from the job's states, archived ones included", async () => {
    const id = (await boss.send(queue, { key: "live" }))!;
    expect(await isLive("live")).toBe(true);
    expect(await isLive("never-sent")).toBe(false);
    expect(await jobStates(getDb(), queue, "key", "live")).toEqual(["created"]);
    expect(anyLiveJob(["created"])).toBe(true);

    const [job] = await boss.fetch(queue, { batchSize: 1 });
    expect(job.id).toBe(id);
    expect(await isLive("live")).toBe(true);
    await boss.complete(queue, id);
    expect(await isLive("live")).toBe(false);
    expect(await jobStates(getDb(), queue, "key", "live")).toEqual(["completed"]);
    expect(anyLiveJob(["completed", "failed"])).toBe(false);

    // pg-boss moves completed jobs to its archive; the states still come back from there.
    await getDb().execute(
      sql`update ${sql.raw(`"${bossSchema}".job`)} set completed_on = now() - interval '1 hour' where id = ${id}`,
    );
    await boss.archive();
    expect(await row(id)).toBeUndefined();
    expect(await jobStates(getDb(), queue, "key", "live")).toEqual(["completed"]);
    expect(await jobStates(getDb(), queue, "key", "never-sent")).toEqual([]);
  });

  it("reads pg-boss's schema version and the waiting and running jobs per queue", async () => {
    expect(await bossSchemaVersion(getDb())).toBeGreaterThan(0);
    await startedJob("running");
    await boss.send(queue, { key: "waiting" });
    await boss.send(queue, { key: "waiting too" });
    const depths = (await queueDepths(getDb())).filter((depth) => depth.name === queue);
    expect(depths.sort((a, b) => a.state.localeCompare(b.state))).toEqual([
      { name: queue, state: "active", count: 1 },
      { name: queue, state: "waiting", count: 2 },
    ]);
  });
});
