/**
 * /metrics of a web process (docs/decisions/1512): the request metrics of server/app.ts, this process's
 * database pool (app/utils/metrics.server.ts, shared with the job worker), and what the whole installation holds in PostgreSQL — job queue depth per queue and the mail
 * outbox's backlog — read when Prometheus scrapes. Loopback or METRICS_TOKEN only (mayReadMetrics).
 *
 * With several web workers (cluster, server/index.ts) one scrape of the shared port reaches one worker: the
 * primary serves all workers' metrics added up on METRICS_PORT instead (clusterMetricsServer).
 */
import type http from "node:http";
import type { Request, Response } from "express";
import client from "prom-client";
import { queueDepths } from "../jobs/boss-internals.server";
import { getDb } from "../db/client.server";
import { outboxBacklog } from "../app/features/email/outbox.server";
import { logger } from "../app/utils/logger.server";
import {
  httpDuration,
  httpRequests,
  mayReadMetrics,
  METRICS_REFUSED,
  registry,
  serveMetrics,
} from "../app/utils/metrics.server";

let lastCollectError = 0;
function collectFailed(what: string, error: unknown) {
  if (Date.now() - lastCollectError < 60_000) return;
  lastCollectError = Date.now();
  logger.warn({ err: error }, `metrics: reading ${what} failed`);
}

// The installation's numbers: the same in every process, so a cluster's sum would be wrong; the largest is right.
new client.Gauge({
  name: "jobs_queue_depth",
  help: "Jobs per queue: waiting (created, retry, deferred) and active",
  labelNames: ["queue", "state"] as const,
  registers: [registry],
  aggregator: "max",
  async collect() {
    try {
      const depths = await queueDepths(getDb());
      this.reset();
      for (const depth of depths) this.set({ queue: depth.name, state: depth.state }, depth.count);
    } catch (error) {
      collectFailed("the queue depths", error);
    }
  },
});

// Both outbox gauges come from one query per scrape (prom-client collects the gauges side by side).
let backlog: { at: number; read: Promise<{ pending: number; oldestSeconds: number }> } | undefined;
function scrapedBacklog() {
  if (!backlog || Date.now() - backlog.at > 1_000) backlog = { at: Date.now(), read: outboxBacklog() };
  return backlog.read;
}

for (const [name, help, field] of [
  ["mail_outbox_pending", "E-mails in the outbox not sent yet", "pending"],
  ["mail_outbox_oldest_pending_seconds", "How long the oldest unsent e-mail has waited", "oldestSeconds"],
] as const) {
  new client.Gauge({
    name,
    help,
    registers: [registry],
    aggregator: "max",
    async collect() {
      try {
        this.set((await scrapedBacklog())[field]);
      } catch (error) {
        collectFailed("the outbox", error);
      }
    },
  });
}

/** Counts one answered request. */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  const labels = { method, route, status: String(status) };
  httpRequests.inc(labels);
  httpDuration.observe(labels, seconds);
}

export async function metricsRoute(req: Request, res: Response): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  if (!mayReadMetrics(req.headers, req.socket.remoteAddress)) {
    res.status(403).type("text/plain").send(METRICS_REFUSED);
    return;
  }
  res.type(registry.contentType).send(await registry.metrics());
}

/**
 * The cluster primary's metrics server (METRICS_PORT): every web worker's metrics, counters and histograms
 * added up, the installation's gauges once. Same access rule as /metrics.
 */
export function clusterMetricsServer(port: number, host: string): http.Server {
  const aggregator = new client.AggregatorRegistry();
  return serveMetrics(port, host, () => aggregator.clusterMetrics(), aggregator.contentType);
}
