/**
 * The web server's entry: in production one worker process per CPU core (WEB_CONCURRENCY), each
 * running server/web.ts; in development, or with WEB_CONCURRENCY=1, server/web.ts in this process.
 * Workers share nothing in memory that matters: sessions, login throttles and jobs live in PostgreSQL
 * (docs/decisions/0010).
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import { sessionSecret } from "../app/utils/env.server";

function webConcurrency(): number {
  const configured = Number(process.env.WEB_CONCURRENCY);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return process.env.NODE_ENV === "production" ? os.availableParallelism() : 1;
}

const workers = webConcurrency();

if (cluster.isPrimary && workers > 1) {
  // Every worker must sign cookies with the same secret: settle it (or create it in DATA_DIR) once, here.
  process.env.SESSION_SECRET = sessionSecret();
  superviseWorkers(workers);
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
    console.error(`web worker ${worker.process.pid} stopped (${signal ?? `exit code ${code}`})`);
    if (recentCrashes.length > count * 3) {
      console.error("web workers keep stopping: giving up.");
      process.exit(1);
    }
    fork();
  });

  const stop = () => {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    setTimeout(() => process.exit(0), 6_000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
