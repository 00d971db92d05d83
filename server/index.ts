/**
 * The web server's entry: in production one worker process per CPU the container may use (at most 8,
 * WEB_CONCURRENCY overrides), each running server/web.ts; in development, or with WEB_CONCURRENCY=1,
 * server/web.ts in this process. Workers share nothing in memory that matters: sessions, login
 * throttles and jobs live in PostgreSQL (docs/decisions/0010). Workers × pool size stay within
 * PostgreSQL's max_connections (docs/decisions/0610).
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { sessionSecret } from "../app/utils/env.server";
import { logger } from "../app/utils/logger.server";
import { exitUnlessPatchesApplied } from "./check-patches";
import { shutdownTimings } from "./shutdown-timings";
import {
  cgroupCpuLimit,
  defaultWebWorkers,
  maxConnections,
  planConnections,
  positiveIntegerEnv,
  SENDER_CONNECTIONS,
} from "./web-concurrency";

// A patch silently off (npm install --ignore-scripts) would drop the react-dom buffer reset: refuse to start.
if (cluster.isPrimary) exitUnlessPatchesApplied();

const configuredWorkers = positiveIntegerEnv(process.env.WEB_CONCURRENCY);

function webConcurrency(): number {
  if (configuredWorkers) return configuredWorkers;
  return process.env.NODE_ENV === "production" ? defaultWebWorkers(os.availableParallelism(), cgroupCpuLimit()) : 1;
}

const workers = cluster.isPrimary ? webConcurrency() : 1;

if (cluster.isPrimary && workers > 1) {
  // Every worker must sign cookies with the same secret: settle it (or create it in DATA_DIR) once, here.
  process.env.SESSION_SECRET = sessionSecret();
  const max = await maxConnections();
  const plan = planConnections({
    workers,
    maxConnections: max,
    configuredWorkers,
    configuredPoolSize: positiveIntegerEnv(process.env.DB_POOL_SIZE),
  });
  // Forked workers inherit the environment: db/client.server.ts sizes its pool from it.
  process.env.DB_POOL_SIZE = String(plan.poolSize);
  logger.info(
    `web server: ${plan.workers} workers × (pool ${plan.poolSize} + ${SENDER_CONNECTIONS} for jobs) = ` +
      `${plan.connections} database connections of the ${plan.budget} that max_connections ${max} leaves`,
  );
  if (plan.warning) logger.warn(`web server: ${plan.warning}; set WEB_CONCURRENCY or DB_POOL_SIZE lower.`);
  superviseWorkers(plan.workers);
  // One scrape of the shared port reaches one worker: the primary serves all workers' metrics (decision 1512).
  const metricsPort = positiveIntegerEnv(process.env.METRICS_PORT);
  if (metricsPort) {
    const { clusterMetricsServer } = await import("./metrics");
    clusterMetricsServer(metricsPort, process.env.METRICS_HOST ?? "127.0.0.1");
  }
} else {
  await import("./web");
}

/** Forks the workers, replaces one that crashes (unless they keep crashing) and stops them all on a signal. */
function superviseWorkers(count: number) {
  let stopping = false;
  const recentCrashes: number[] = [];
  const fork = () => cluster.fork();
  for (let i = 0; i < count; i++) fork();

  cluster.on("exit", (worker: Worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    recentCrashes.push(now);
    while (recentCrashes.length > 0 && now - recentCrashes[0] > 60_000) recentCrashes.shift();
    logger.error(`web worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`})`);
    if (recentCrashes.length > count * 3) {
      logger.error("web workers keep stopping: giving up.");
      process.exit(1);
    }
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    // The signal as received: SIGTERM makes the workers wait SHUTDOWN_DELAY_MS for the balancer, SIGINT not.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    if (stopping) return;
    stopping = true;
    // Each worker closes its listener within SHUTDOWN_DELAY_MS and finishes its requests within
    // SHUTDOWN_TIMEOUT_MS (server/shutdown.ts); then a little for its pool.
    const { delayMs, timeoutMs } = shutdownTimings();
    setTimeout(() => process.exit(0), delayMs + timeoutMs + 3_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
