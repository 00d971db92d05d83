/**
 * How many web worker processes to fork, and how many database connections each may hold
 * (docs/decisions/0610). Node 20's os.availableParallelism() counts the host's CPUs even in a container
 * limited to one or two; the limit is in the cgroup's CPU quota, read here.
 */
import fs from "node:fs";
import path from "node:path";

/** Never more web workers than this by default: past it, memory and connections grow, throughput not. */
export const MAX_DEFAULT_WEB_WORKERS = 8;
/** node-postgres pool size per process when nothing limits it (db/client.server.ts). */
export const DEFAULT_POOL_SIZE = 10;
/** Connections a web worker holds besides its pool: the pg-boss sender (jobs/boss.server.ts, max 2). */
export const SENDER_CONNECTIONS = 2;
/**
 * Connections the web server leaves to others: PostgreSQL's superuser_reserved_connections (3), the job
 * worker (its pool of 10 and pg-boss's 5) and a few for migrations, psql and backups.
 */
export const RESERVED_CONNECTIONS = 25;
/** PostgreSQL's default max_connections, assumed when the server cannot be asked. */
export const DEFAULT_MAX_CONNECTIONS = 100;

function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

/** `dir` and each parent up to `top`, innermost first (a quota anywhere above limits us too). */
function upTo(top: string, relative: string): string[] {
  top = path.resolve(top);
  let current = path.resolve(top, `./${relative}`);
  if (current !== top && !current.startsWith(`${top}${path.sep}`)) current = top;
  const dirs = [current];
  while (current !== top) dirs.push((current = path.dirname(current)));
  return dirs;
}

function positive(value: number): number | undefined {
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/**
 * The CPUs this process may use by its cgroup's CPU quota (e.g. 1.5), or undefined when there is no
 * quota. Reads cgroup v2 `cpu.max` ("max 100000" or "150000 100000") and cgroup v1
 * `cpu.cfs_quota_us` / `cpu.cfs_period_us` (quota -1: none), in the process's own cgroup (from
 * /proc/self/cgroup) and every cgroup above it; the smallest quota wins. `root` is "/" except in tests.
 */
export function cgroupCpuLimit(root = "/"): number | undefined {
  const cgroupRoot = path.join(root, "sys/fs/cgroup");
  const lines = (readText(path.join(root, "proc/self/cgroup")) ?? "0::/").split("\n").filter(Boolean);
  const limits: number[] = [];

  // cgroup v2: one line "0::/path"; the unified hierarchy is mounted at /sys/fs/cgroup.
  const unified = lines.find((line) => line.startsWith("0::"));
  if (unified) {
    for (const dir of upTo(cgroupRoot, unified.slice(3))) {
      const [quota, period] = (readText(path.join(dir, "cpu.max")) ?? "").trim().split(/\s+/);
      const limit = quota && quota !== "max" ? positive(Number(quota) / Number(period || 100_000)) : undefined;
      if (limit) limits.push(limit);
    }
  }

  // cgroup v1: "N:cpu,cpuacct:/path", mounted at /sys/fs/cgroup/cpu,cpuacct (or /cpu).
  for (const line of lines) {
    const [, controllers = "", cgroupPath = "/"] = line.split(":");
    if (!controllers.split(",").includes("cpu")) continue;
    for (const mount of [controllers, "cpu,cpuacct", "cpu"]) {
      // In a container without a cgroup namespace the path names the host's hierarchy, while the
      // mount shows the container's own cgroup: walking up to the mount covers both.
      for (const dir of upTo(path.join(cgroupRoot, mount), cgroupPath)) {
        const quota = Number(readText(path.join(dir, "cpu.cfs_quota_us")));
        const period = Number(readText(path.join(dir, "cpu.cfs_period_us")));
        const limit = quota > 0 && period > 0 ? quota / period : undefined;
        if (limit) limits.push(limit);
      }
    }
  }
  return limits.length > 0 ? Math.min(...limits) : undefined;
}

/**
 * Default web worker count: one per CPU the process may use (a fractional quota rounds up, as Go
 * does: 1.5 CPUs lets two processes run part of the time), at most MAX_DEFAULT_WEB_WORKERS.
 */
export function defaultWebWorkers(availableParallelism: number, cpuLimit: number | undefined): number {
  const cpus = cpuLimit === undefined ? availableParallelism : Math.min(availableParallelism, Math.ceil(cpuLimit));
  return Math.max(1, Math.min(cpus, MAX_DEFAULT_WEB_WORKERS));
}

export type ConnectionPlan = {
  workers: number;
  poolSize: number;
  /** Connections all web workers together may open: workers × (poolSize + SENDER_CONNECTIONS). */
  connections: number;
  budget: number;
  /** Set when the configured numbers do not fit the budget. */
  warning?: string;
};

/**
 * Fits workers × (pool + sender) into max_connections − RESERVED_CONNECTIONS. The pool shrinks first
 * (a worker renders on its CPU; a few connections keep it busy), down to 2; then the worker count.
 * Numbers set explicitly (WEB_CONCURRENCY, DB_POOL_SIZE) are kept, with a warning if they do not fit.
 */
export function planConnections(options: {
  workers: number;
  maxConnections: number;
  configuredWorkers?: number;
  configuredPoolSize?: number;
}): ConnectionPlan {
  const budget = Math.max(options.maxConnections - RESERVED_CONNECTIONS, 1);
  const perWorker = (pool: number) => pool + SENDER_CONNECTIONS;
  let workers = options.configuredWorkers ?? options.workers;
  let poolSize = options.configuredPoolSize ?? DEFAULT_POOL_SIZE;

  if (options.configuredPoolSize === undefined) {
    poolSize = Math.max(2, Math.min(DEFAULT_POOL_SIZE, Math.floor(budget / workers) - SENDER_CONNECTIONS));
  }
  if (options.configuredWorkers === undefined) {
    workers = Math.max(1, Math.min(workers, Math.floor(budget / perWorker(poolSize))));
  }
  const connections = workers * perWorker(poolSize);
  const warning =
    connections > budget
      ? `${workers} web workers × (pool ${poolSize} + ${SENDER_CONNECTIONS}) = ${connections} connections, ` +
        `more than the ${budget} that max_connections ${options.maxConnections} leaves after ${RESERVED_CONNECTIONS} reserved`
      : undefined;
  return { workers, poolSize, connections, budget, warning };
}

/** A positive integer from the environment, or undefined. */
export function positiveIntegerEnv(value: string | undefined): number | undefined {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : undefined;
}

/**
 * PostgreSQL's max_connections: DB_MAX_CONNECTIONS when set (e.g. this machine's share when several
 * run against one database), else asked of the server, else PostgreSQL's default.
 */
export async function maxConnections(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const configured = positiveIntegerEnv(env.DB_MAX_CONNECTIONS);
  if (configured) return configured;
  if (!env.DATABASE_URL) return DEFAULT_MAX_CONNECTIONS;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: env.DATABASE_URL, connectionTimeoutMillis: 5_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ max_connections: string }>("show max_connections");
    return positiveIntegerEnv(rows[0]?.max_connections) ?? DEFAULT_MAX_CONNECTIONS;
  } catch {
    return DEFAULT_MAX_CONNECTIONS;
  } finally {
    await client.end().catch(() => {});
  }
}
