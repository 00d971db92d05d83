/**
 * A PgBouncer in transaction pooling mode in front of the test's PostgreSQL (issue #38, docs/decisions/1592):
 * Debian's `pgbouncer` package, its own configuration in a temporary directory, on a free port. Run as the
 * postgres system user when the tests run as root (PgBouncer refuses root).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { freePortSync } from "./ports";

const BINARIES = ["/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"];

/** The installed pgbouncer, or undefined. */
export function pgbouncerBinary(): string | undefined {
  return BINARIES.find((file) => fs.existsSync(file));
}

export type PgBouncer = {
  url: string;
  stop: () => Promise<void>;
  output: () => string;
  /** Transactions PgBouncer has carried to `database` since it started (its admin console's SHOW STATS). */
  transactions: (database: string) => Promise<number>;
};

/** Starts PgBouncer for `directUrl`'s server and answers the same database's URL through it. */
export async function startPgBouncer(directUrl: string): Promise<PgBouncer> {
  const binary = pgbouncerBinary();
  if (!binary) throw new Error("pgbouncer is not installed (apt-get install -y pgbouncer)");
  const direct = new URL(directUrl);
  const user = decodeURIComponent(direct.username || "postgres");
  const port = freePortSync();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pgbouncer-"));
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, "userlist.txt"), `"${user}" ""\n`, { mode: 0o644 });
  fs.writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${direct.hostname} port=${direct.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      // Two web processes and two workers, each with its pool: more clients than server connections, as in production.
      "max_client_conn = 400",
      "default_pool_size = 20",
      // pg's client sets these at connect; PgBouncer passes them through only when told to ignore them.
      "ignore_startup_parameters = extra_float_digits,options,statement_timeout,idle_in_transaction_session_timeout",
      // The admin console (SHOW STATS): what the test reads to see that the traffic really went through it.
      `admin_users = ${user}`,
      "logfile =",
      "pidfile =",
    ].join("\n") + "\n",
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = spawn(binary, [...(asRoot ? ["-u", "postgres"] : []), path.join(dir, "pgbouncer.ini")], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitForPort(port, () => output, child);
  const url = new URL(directUrl);
  url.port = String(port);
  return {
    url: url.toString(),
    output: () => output,
    transactions: async (database) => {
      const admin = new URL(url);
      admin.pathname = "/pgbouncer";
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ database: string; total_xact_count: string }>("SHOW STATS");
        return Number(rows.find((row) => row.database === database)?.total_xact_count ?? 0);
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGINT");
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, output: () => string, child: ChildProcess) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`pgbouncer stopped (exit code ${child.exitCode}):\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.once("connect", () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`pgbouncer did not listen on ${port}:\n${output()}`);
}

/** Whether `pgbouncer` answers `--version` (for a skip message naming what is missing). */
export function pgbouncerVersion(): string | undefined {
  const binary = pgbouncerBinary();
  if (!binary) return undefined;
  return execFileSync(binary, ["--version"], { encoding: "utf8" }).split("\n")[0];
}

/**
 * How the started processes of `npm run test:processes` reach the database (issue #38, decision 1952): directly, or
 * with PROCESSES_THROUGH=pgbouncer (`npm run test:processes:pgbouncer`) through a PgBouncer in transaction pooling
 * mode, as in tests/pgbouncer/: queries unnamed, LISTEN and the migrations' lock on the direct URL. The test itself
 * reads and holds locks on the direct URL, as an operator's psql would.
 */
export async function processesDatabase(): Promise<{
  env: Record<string, string>;
  /** PgBouncer's transactions to the test's database so far; 0 when the processes connect directly. */
  carried: () => Promise<number>;
  stop: () => Promise<void>;
}> {
  const direct = process.env.DATABASE_URL!;
  if (process.env.PROCESSES_THROUGH !== "pgbouncer") {
    return { env: { DATABASE_URL: direct }, carried: async () => 0, stop: async () => undefined };
  }
  const bouncer = await startPgBouncer(direct);
  return {
    env: { DATABASE_URL: bouncer.url, DATABASE_DIRECT_URL: direct, DB_PREPARED_STATEMENTS: "off" },
    carried: () => bouncer.transactions(new URL(direct).pathname.slice(1)),
    stop: () => bouncer.stop(),
  };
}

/** Whether this run's processes go through PgBouncer (PROCESSES_THROUGH=pgbouncer). */
export const throughPgBouncer = () => process.env.PROCESSES_THROUGH === "pgbouncer";
