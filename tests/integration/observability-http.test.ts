/**
 * Request ids, the access log's route patterns and /metrics over HTTP (issue #38, decisions 1511, 1512, 1966): the
 * web process's, and the job worker's on WORKER_METRICS_PORT (a real worker process) with the same pool series.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, poolStats } from "#db/client.server";
import { stopSenderBoss } from "#jobs/boss.server";
import { enqueue } from "#jobs/enqueue.server";
import { personalDataExportQueue } from "~/features/privacy/personal-data-exports.server";
import { withLogContext } from "~/utils/logger.server";
import { startApp, type RunningApp } from "../support/app-server";
import { freePortSync } from "../support/ports";
import { killStarted, startWorkerProcess, waitFor } from "../support/started-processes";

let app: RunningApp;
const token = "metrics-token-for-the-test";

beforeAll(async () => {
  process.env.METRICS_TOKEN = token;
  app = await startApp();
});

afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  await app?.close();
  killStarted();
  await stopSenderBoss();
});

describe("request ids", () => {
  it("keeps a sane incoming X-Request-Id, replaces anything else, and answers with it", async () => {
    const kept = await fetch(`${app.url}/login`, { headers: { "X-Request-Id": "lb-4f2a9c01.req" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-4f2a9c01.req");
    const replaced = await fetch(`${app.url}/login`, { headers: { "X-Request-Id": 'x" {"level":"fatal"}' } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const made = await fetch(`${app.url}/login`);
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("travels into the jobs enqueued while it is current, as the payload's requestId", async () => {
    const id = await withLogContext({ requestId: "req-carried-0001" }, () =>
      enqueue("observability-test", { thing: 1 }),
    );
    const outside = await enqueue("observability-test", { thing: 2 });
    const { rows } = await getDb().execute<{ id: string; data: Record<string, unknown> }>(
      sql`select id, data from pgboss.job where name = 'observability-test' order by created_on`,
    );
    expect(rows.find((row) => row.id === id)?.data).toEqual({ thing: 1, requestId: "req-carried-0001" });
    expect(rows.find((row) => row.id === outside)?.data).toEqual({ thing: 2 });
  });
});

/** GET requests counted for a route pattern (and status, any when left out) in a /metrics answer. */
function requestCount(text: string, route: string, status = "\\d+"): number {
  const line = new RegExp(`^http_requests_total\\{method="GET",route="${route}",status="${status}"\\} (\\d+)$`, "gm");
  return [...text.matchAll(line)].reduce((sum, match) => sum + Number(match[1]), 0);
}

async function requests(route: string, status?: string): Promise<number> {
  return requestCount(await (await fetch(`${app.url}/metrics`)).text(), route, status);
}

describe("/metrics", () => {
  it("counts requests by route pattern and status, never by URL, and shows pool, queues and outbox", async () => {
    // The registry is the process's: other files in this worker may have counted the same routes before.
    const before = {
      reset: await requests("/password-reset/:code"),
      user: await requests("/personnel/user/:id", "302"),
    };
    // Read to the end: a request is counted when its answer has been sent.
    for (const path of [
      "/password-reset/secret-token-abc?next=secret-query-xyz",
      "/personnel/user/6f1c2d9e-1111-4222-8333-944455556666",
      "/healthz",
    ]) {
      await (await fetch(`${app.url}${path}`, { redirect: "manual" })).text();
    }
    const response = await fetch(`${app.url}/metrics`);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(requestCount(text, "/password-reset/:code")).toBe(before.reset + 1);
    expect(requestCount(text, "/personnel/user/:id", "302")).toBe(before.user + 1);
    // Probes are not traffic: /healthz and /readyz answer before the request metrics and the access log.
    expect(text).not.toMatch(/route="\/healthz"/);
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/login",status="200"\}/,
    );
    expect(text).not.toContain("secret-token-abc");
    expect(text).not.toContain("secret-query-xyz");
    expect(text).not.toContain("6f1c2d9e");
    expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
    expect(text).toMatch(/db_pool_wait_seconds_count\{pool="primary"\} [1-9]\d*/);
    expect(text).toMatch(/jobs_queue_depth\{queue="observability-test",state="waiting"\} 2/);
    expect(text).toMatch(/mail_outbox_pending \d+/);
    expect(text).toMatch(/process_cpu_seconds_total/);
  });

  it("answers only this machine unforwarded, or the METRICS_TOKEN bearer", async () => {
    const forwarded = await fetch(`${app.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
    expect(forwarded.status).toBe(403);
    const wrong = await fetch(`${app.url}/metrics`, {
      headers: { "X-Forwarded-For": "203.0.113.9", Authorization: "Bearer nope" },
    });
    expect(wrong.status).toBe(403);
    const right = await fetch(`${app.url}/metrics`, {
      headers: { "X-Forwarded-For": "203.0.113.9", Authorization: `Bearer ${token}` },
    });
    expect(right.status).toBe(200);
    expect(right.headers.get("set-cookie")).toBeNull();
  });

  it("times how long queries wait for a pool connection: a query behind a full pool shows in the histogram", async () => {
    const max = poolStats()!.max;
    // Warm: every connection of the pool opened once, so that the checkouts below take idle ones.
    await (
      await holdAll(max, Promise.resolve())
    ).done;
    const before = waitSeries(await (await fetch(`${app.url}/metrics`)).text());

    let release!: () => void;
    const holders = await holdAll(max, new Promise<void>((resolve) => (release = resolve)));
    // Drizzle's query runs when awaited or then'd: start it now.
    const waiting = getDb()
      .execute(sql`select 1 as answer`)
      .then((result) => result.rows);
    await waitFor(() => poolStats()!.waiting >= 1, "a query waiting for a connection");
    // Held on purpose: the query must wait measurably (150 ms) before a connection comes back.
    const heldFrom = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 150));
    // The query waited at least from heldFrom until a connection is given back, after this.
    const heldMs = performance.now() - heldFrom;
    release();
    await holders.done;
    await waiting;

    const after = waitSeries(await (await fetch(`${app.url}/metrics`)).text());
    expect(after.count).toBeGreaterThan(before.count);
    // At least one checkout (the waiting query's) took longer than 100 ms, and the sum holds its wait.
    expect(after.count - after.within100ms).toBeGreaterThan(before.count - before.within100ms);
    expect(after.sum - before.sum).toBeGreaterThanOrEqual(heldMs / 1000);
  });
});

/** Checks out every connection of the pool, each in a transaction held until `held`; resolves once all are out. */
async function holdAll(max: number, held: Promise<void>) {
  let out = 0;
  const done = Promise.all(
    Array.from({ length: max }, () =>
      getDb().transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        out += 1;
        await held;
      }),
    ),
  );
  await waitFor(() => out === max, "every connection checked out");
  return { done };
}

/** The primary pool's wait histogram in a /metrics answer: count, sum and the bucket up to 100 ms. */
function waitSeries(text: string) {
  const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  return {
    count: value(/^db_pool_wait_seconds_count\{pool="primary"\} (\S+)$/m),
    sum: value(/^db_pool_wait_seconds_sum\{pool="primary"\} (\S+)$/m),
    within100ms: value(/^db_pool_wait_seconds_bucket\{le="0\.1",pool="primary"\} (\S+)$/m),
  };
}

describe("the job worker's metrics (WORKER_METRICS_PORT)", () => {
  it("serves the database pool's gauges and wait histogram, from this machine only", async () => {
    const port = freePortSync();
    await startWorkerProcess({ WORKER_METRICS_PORT: String(port) });
    const url = `http://127.0.0.1:${port}/metrics`;
    // A job that reads the database through the worker's pool (an export request that does not exist: nothing to do).
    await enqueue(personalDataExportQueue, { exportId: crypto.randomUUID() });
    const text = await waitFor(async () => {
      const answer = await (await fetch(url)).text();
      return /^jobs_duration_seconds_count\{(?=[^}]*queue="personal-data-export")(?=[^}]*outcome="completed")[^}]*\} 1$/m.test(
        answer,
      )
        ? answer
        : undefined;
    }, "the job's run in the worker's metrics");
    expect(text).toMatch(/^db_pool_wait_seconds_count\{pool="primary"\} [1-9]\d*$/m);
    expect(text).toMatch(/^db_pool_connections\{state="max"\} [1-9]\d*$/m);
    expect(text).toMatch(/^db_pool_connections\{state="waiting"\} \d+$/m);
    expect(text).toMatch(/^db_pool_wait_seconds_bucket\{le="\+Inf",pool="primary"\} [1-9]/m);
    expect((await fetch(url, { headers: { "X-Forwarded-For": "203.0.113.9" } })).status).toBe(403);
  });
});
