/**
 * Prometheus metrics (prom-client, docs/decisions/1512): the metric objects every process shares — requests,
 * jobs, imports, and this process's database pool (its connections and how long checkouts waited, 1966) — and
 * who may read them. The web process adds what it reads from the database at scrape time (server/metrics.ts);
 * the job worker serves its own on WORKER_METRICS_PORT (jobs/worker.ts).
 *
 * The server and the Remix build load this file as two module copies, both registering on prom-client's one
 * default registry: each metric is taken from the registry when the other copy made it first.
 */
import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import client from "prom-client";
import { onPoolWait, poolStats } from "#db/client.server";
import { isLoopbackAddress } from "./peer.server";

export const registry = client.register;

function counter<L extends string>(name: string, help: string, labelNames: readonly L[]): client.Counter<L> {
  return (
    (registry.getSingleMetric(name) as client.Counter<L> | undefined) ?? new client.Counter({ name, help, labelNames })
  );
}

function histogram<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  buckets: number[],
): client.Histogram<L> {
  return (
    (registry.getSingleMetric(name) as client.Histogram<L> | undefined) ??
    new client.Histogram({ name, help, labelNames, buckets })
  );
}

/** A gauge read when Prometheus scrapes (`collect`), made once across both module copies. */
function gauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  collect: (this: client.Gauge<L>) => void,
): client.Gauge<L> {
  return (
    (registry.getSingleMetric(name) as client.Gauge<L> | undefined) ??
    new client.Gauge({ name, help, labelNames, registers: [registry], collect })
  );
}

const DEFAULTS = Symbol.for("teamontwikkeling.metrics-defaults");
const flags = globalThis as { [DEFAULTS]?: boolean };
if (!flags[DEFAULTS]) {
  flags[DEFAULTS] = true;
  // Process CPU, memory, event loop lag, GC, handles.
  client.collectDefaultMetrics({ register: registry });
}

const requestLabels = ["method", "route", "status"] as const;

/** Requests by method, route pattern (never the URL) and status. */
export const httpRequests = counter(
  "http_requests_total",
  "HTTP requests answered, by method, route pattern and status",
  requestLabels,
);

export const httpDuration = histogram(
  "http_request_duration_seconds",
  "Time from request to the last byte of the answer, by method, route pattern and status",
  requestLabels,
  [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);

/** Jobs run by the worker, by queue and outcome (completed, failed). */
export const jobDuration = histogram(
  "jobs_duration_seconds",
  "Run time of a job's handler, by queue and outcome",
  ["queue", "outcome"],
  [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
);

export const jobFailures = counter(
  "jobs_failed_total",
  "Job runs that failed (pg-boss retries them while retries are left), by queue",
  ["queue"],
);

/** Personnel imports, from the upload or a connector, by how they ended. */
export const importDuration = histogram(
  "personnel_import_duration_seconds",
  "Run time of a personnel import job, by source (upload, connector) and outcome",
  ["source", "outcome"],
  [0.5, 1, 5, 15, 30, 60, 120, 300, 600, 1800],
);

/** This process's primary pool (web and worker alike): connections by state and the pool's size. */
gauge(
  "db_pool_connections",
  "This process's database pool: connections by state (total, idle), queries waiting for one, and its size",
  ["state"],
  function () {
    const stats = poolStats() ?? { total: 0, idle: 0, waiting: 0, max: 0 };
    this.set({ state: "total" }, stats.total);
    this.set({ state: "idle" }, stats.idle);
    this.set({ state: "waiting" }, stats.waiting);
    this.set({ state: "max" }, stats.max);
  },
);

/** How long each query or transaction waited for a connection of this process's pools (db/client.server.ts). */
export const dbPoolWait = histogram(
  "db_pool_wait_seconds",
  "Time a query or transaction waited for a connection from this process's pool (primary or replica)",
  ["pool"],
  [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
);
onPoolWait((pool, seconds) => dbPoolWait.observe({ pool }, seconds));

/** Runs `work` and records its duration in `histogram` with the labels, the outcome added from its result. */
export async function timed<T>(
  histogram: client.Histogram<"source" | "outcome">,
  source: string,
  work: () => Promise<T>,
  outcomeOf: (result: T) => string = String,
): Promise<T> {
  const end = histogram.startTimer({ source });
  try {
    const result = await work();
    end({ outcome: outcomeOf(result) });
    return result;
  } catch (error) {
    end({ outcome: "error" });
    throw error;
  }
}

/**
 * Who may read /metrics: a request whose socket peer is this machine and that no proxy forwarded (a proxy on
 * this machine would make every visitor look local), or one with `Authorization: Bearer <METRICS_TOKEN>`.
 */
export function mayReadMetrics(
  headers: Record<string, string | string[] | undefined>,
  socketAddress: string | undefined,
  token: string | undefined = process.env.METRICS_TOKEN,
): boolean {
  const authorization = headers.authorization;
  if (token && typeof authorization === "string") {
    const given = Buffer.from(authorization);
    const wanted = Buffer.from(`Bearer ${token}`);
    if (given.length === wanted.length && timingSafeEqual(given, wanted)) return true;
  }
  const forwarded = headers["x-forwarded-for"] !== undefined || headers.forwarded !== undefined;
  return isLoopbackAddress(socketAddress) && !forwarded;
}

export const METRICS_REFUSED = "Metrics: from this machine or with the METRICS_TOKEN bearer only.";

/**
 * A metrics server on its own port (the job worker's WORKER_METRICS_PORT, the cluster primary's METRICS_PORT):
 * GET /metrics as `read` renders it, for whoever mayReadMetrics; GET /healthz answers "ok".
 */
export function serveMetrics(
  port: number,
  host: string,
  read: () => Promise<string>,
  contentType: string = registry.contentType,
): http.Server {
  const server = http.createServer((req, res) => {
    if (req.url === "/healthz") {
      res.writeHead(200, { "Content-Type": "text/plain", "Cache-Control": "no-store" }).end("ok");
      return;
    }
    if (req.url !== "/metrics") {
      res.writeHead(404).end();
      return;
    }
    if (!mayReadMetrics(req.headers, req.socket.remoteAddress)) {
      res.writeHead(403, { "Content-Type": "text/plain" }).end(METRICS_REFUSED);
      return;
    }
    read()
      .then((text) => res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(text))
      .catch(() => res.writeHead(500).end());
  });
  server.listen(port, host);
  return server;
}
