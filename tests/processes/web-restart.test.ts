/**
 * Issue #38: one of two web processes is restarted (SIGTERM, then a new one) while a load generator keeps
 * signed-in requests going to both, the way a balancer does: round robin over the processes its health check
 * finds ready — /readyz polled every PROBE_EVERY_MS, a 503, an error or no answer within PROBE_TIMEOUT_MS takes
 * a process out, a 200 puts it (back) in — and a refused connection (nothing was sent) tried on another one.
 * The stopped process keeps its listener open for SHUTDOWN_DELAY_MS while /readyz says "draining" (1810), so
 * the balancer's check takes it out before it stops accepting: no request may fail, none may even be refused;
 * an answer is 200, or a clean 503 with Retry-After. A fresh connection per request, as a balancer without
 * keep-alive to its backends; `npm run test:processes` (1771).
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { getSenderBoss, stopSenderBoss } from "#jobs/boss.server";
import { sessionSecret } from "~/utils/env.server";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { processesDatabase, throughPgBouncer } from "../support/pgbouncer";
import { killStarted, startWeb, waitFor, type Started } from "../support/started-processes";

type Upstream = {
  name: string;
  base: string;
  /** In the balancer: its last health check answered 200. */
  ready: boolean;
  /** How the balancer last took it out. */
  takenOut?: "health check" | "refused connection";
  ok: number;
  refused: number;
};
type Failure = { upstream: string; what: string };

// The balancer's health check: as a real one's (out after two failed probes in a row, in after one good one),
// faster than a production setting (docs/deploy.md).
const PROBE_EVERY_MS = 250;
// A process under this test's load (and a busy machine's) can take seconds for /readyz's queries.
const PROBE_TIMEOUT_MS = 5_000;
const UNHEALTHY_AFTER = 2;
// A draining process answers /readyz 503 without a query, so two failed probes take well under a second: the
// check has taken it out before its listener closes. The production default.
const SHUTDOWN_DELAY_MS = 5_000;
const env: Record<string, string> = {
  SESSION_SECRET: sessionSecret(),
  SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
  SHUTDOWN_TIMEOUT_MS: "10000",
};
const upstreams: Upstream[] = [];
const failures: Failure[] = [];
let cookie: string;
let running = true;
let database: Awaited<ReturnType<typeof processesDatabase>>;

beforeAll(async () => {
  database = await processesDatabase();
  Object.assign(env, database.env);
  // /readyz wants pg-boss's schema, which a worker (or a sender, as here) installs.
  await getSenderBoss();
  const [a, b] = await Promise.all([startWeb(env), startWeb(env)]);
  upstreams.push(upstream("a", a.base), upstream("b", b.base));
  started.a = a.started;
  const db = getDb();
  const account = await createAccount(db);
  const cluster = await createClusterFor(db, account.id);
  const { user } = await createUserWithMembership(db, {
    accountId: account.id,
    clusterId: cluster.id,
    roles: [{ role: "cluster_admin" }],
  });
  const signedIn = await fetch(`${a.base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: user.email, password: DEMO_PASSWORD, redirectTo: "/dashboard" }),
  });
  expect(signedIn.status).toBe(302);
  cookie = signedIn.headers.get("set-cookie")!.split(";")[0];
}, 180_000);

afterAll(async () => {
  running = false;
  killStarted();
  await stopSenderBoss();
  await database?.stop();
});

const started: { a?: Started } = {};

function upstream(name: string, base: string): Upstream {
  return { name, base, ready: false, ok: 0, refused: 0 };
}

type Answer = { status: number; retryAfter?: string } | { error: string; code?: string };

/** One GET on a new connection; the answer's status, or the socket's error (ETIMEDOUT after `timeoutMs`). */
function get(base: string, path: string, timeoutMs?: number): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.get(`${base}${path}`, { agent: false, headers: { Cookie: cookie } }, (response) => {
      response.resume();
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, retryAfter: response.headers["retry-after"] as string }),
      );
      response.on("error", (error) => resolve({ error: error.message }));
    });
    request.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.message, code: error.code }));
    if (timeoutMs)
      request.setTimeout(timeoutMs, () =>
        request.destroy(Object.assign(new Error(`no answer in ${timeoutMs} ms`), { code: "ETIMEDOUT" })),
      );
  });
}

/**
 * The balancer's health check of one process, until the test ends: a /readyz 200 puts it in; a 503, an error or
 * no answer in time, UNHEALTHY_AFTER times in a row, takes it out.
 */
async function healthCheck(target: Upstream) {
  let failedInARow = 0;
  while (running) {
    const answer = await get(target.base, "/readyz", PROBE_TIMEOUT_MS);
    if ("status" in answer && answer.status === 200) {
      failedInARow = 0;
      target.ready = true;
    } else if (++failedInARow >= UNHEALTHY_AFTER && target.ready) {
      target.ready = false;
      target.takenOut = "health check";
    }
    await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
  }
}

let turn = 0;
let failedOpen = 0;
/** A balancer's loop: the next ready process; a refused connection goes to another; everything else counts. */
async function client() {
  while (running) {
    let ready = upstreams.filter((u) => u.ready);
    if (ready.length === 0) {
      // Every process failing its check (a very busy machine): send to all that listen rather than to none,
      // as balancers fail open (ALB, Envoy's panic mode).
      failedOpen++;
      ready = upstreams.filter((u) => u.takenOut !== "refused connection");
    }
    const target = ready[turn++ % ready.length];
    const answer = await get(target.base, "/dashboard");
    if ("error" in answer) {
      if (answer.code === "ECONNREFUSED") {
        // Nothing reached the process: the balancer takes it out and sends the request elsewhere.
        if (target.ready) target.takenOut = "refused connection";
        target.ready = false;
        target.refused++;
      } else failures.push({ upstream: target.name, what: `${answer.code ?? ""} ${answer.error}` });
    } else if (answer.status === 200) target.ok++;
    else if (answer.status === 503 && answer.retryAfter) target.ok++;
    else failures.push({ upstream: target.name, what: `status ${answer.status}` });
  }
}

describe("a web process restarted under load", () => {
  it("loses no request: the balancer's check takes it out first, the other takes the load, the new one joins", async () => {
    const [a, b] = upstreams;
    const checks = upstreams.map((u) => healthCheck(u));
    await waitFor(() => a.ready && b.ready, "both processes ready", 60_000);
    const clients = Array.from({ length: 6 }, () => client());
    await waitFor(() => a.ok >= 20 && b.ok >= 20, "requests answered by both processes", 60_000);

    // SIGTERM to the web process itself, as an orchestrator signals the app's process (started as node with tsx as a
    // loader, not tsx's command, whose relay let the process die by the signal under load: 1771).
    const signalled = Date.now();
    const aBefore = a.ok;
    process.kill(started.a!.child.pid!, "SIGTERM");
    await waitFor(() => !a.ready, "the balancer to take the stopping process out", 30_000);
    const outAfter = Date.now() - signalled;
    const answeredWhileLeaving = a.ok - aBefore;
    expect(await started.a!.exited).toBe(0);
    const output = started.a!.output();
    expect(output).toMatch(/web server stopping \(SIGTERM\)/);
    const closedAfter = Number(/listener closed after (\d+) ms/.exec(output)?.[1]);
    const stoppedAfter = Number(/web server stopped after (\d+) ms/.exec(output)?.[1]);
    expect(closedAfter).toBeGreaterThanOrEqual(SHUTDOWN_DELAY_MS);
    const bBefore = b.ok;
    await waitFor(() => b.ok >= bBefore + 20, "the other process to carry the load", 60_000);

    const restarted = await startWeb(env);
    const a2 = upstream("a2", restarted.base);
    upstreams.push(a2);
    checks.push(healthCheck(a2));
    await waitFor(() => a2.ready, "the restarted process to be ready", 60_000);
    await waitFor(() => a2.ok >= 20, "the restarted process to answer requests", 60_000);
    running = false;
    await Promise.all([...clients, ...checks]);
    console.log(
      `web restart: out of the balancer ${outAfter} ms after SIGTERM, ${answeredWhileLeaving} requests answered ` +
        `meanwhile; listener closed after ${closedAfter} ms, stopped after ${stoppedAfter} ms; ` +
        `answered a ${a.ok}, b ${b.ok}, a2 ${a2.ok}; failed ${failures.length}; sent while none was ready ${failedOpen}`,
    );

    // Nothing failed anywhere, and the stopping process left by the health check, not by a refused connection:
    // its listener stayed open until the balancer had stopped sending, so no connection waited in its backlog.
    expect(failures).toEqual([]);
    expect(a.takenOut).toBe("health check");
    expect(a.refused + b.refused + a2.refused).toBe(0);
  }, 300_000);

  it.runIf(throughPgBouncer())("went through PgBouncer: the web processes' transactions", async () => {
    expect(await database.carried()).toBeGreaterThan(100);
  });
});
