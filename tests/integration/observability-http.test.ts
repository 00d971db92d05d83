/**
 * Request ids, the access log's route patterns and /metrics over HTTP (issue #38, decisions 1511, 1512).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { stopSenderBoss } from "#jobs/boss.server";
import { enqueue } from "#jobs/enqueue.server";
import { withLogContext } from "~/utils/logger.server";
import { startApp, type RunningApp } from "../support/app-server";

let app: RunningApp;
const token = "metrics-token-for-the-test";

beforeAll(async () => {
  process.env.METRICS_TOKEN = token;
  app = await startApp();
});

afterAll(async () => {
  delete process.env.METRICS_TOKEN;
  await app?.close();
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
});
