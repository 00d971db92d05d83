import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { databaseName, withDatabaseName } from "./tests/setup/databases";
import { workerBundle, workerNodeArgs } from "./scripts/worker-options";
import { e2ePortVariables } from "./tests/support/e2e-sso";
import { ephemeralPortRange, freePortSync, testPortRange } from "./tests/support/ports";

/*
 * This module is evaluated by the runner's main process and again by every worker process. Only the
 * main process (no TEST_WORKER_INDEX) builds the app and prepares the database, and it does so here,
 * while the config loads, because Playwright starts `webServer` before `globalSetup`. Values the
 * workers need travel through environment variables, which they inherit.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const isRunnerProcess = process.env.TEST_WORKER_INDEX === undefined;
/*
 * Ports (docs/decisions/0671). The web server's port is E2E_PORT when set (runs side by side), else a port
 * that is free now, below the ephemeral range, chosen here in the runner, just before Playwright starts the
 * servers; the workers inherit it. The SMTP server and the OpenID providers bind free ports themselves when
 * they start (another one if a port is taken) and print them; `wait` below stores them in the environment
 * (e2ePortVariables), for the web server's command line and for the workers.
 */
if (isRunnerProcess) process.env.E2E_PORT ||= String(freePortSync(appPortRange()));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

const baseDatabaseUrl = (process.env.E2E_BASE_DATABASE_URL ??= process.env.DATABASE_URL);
if (!baseDatabaseUrl) {
  throw new Error(
    "Set DATABASE_URL to a PostgreSQL database the end-to-end tests may create `<name>_e2e` next to " +
      "(for example postgres://postgres@127.0.0.1:5432/test), or run `npm test`, which starts a built-in PostgreSQL.",
  );
}
const e2eDatabaseUrl = (process.env.E2E_DATABASE_URL = withDatabaseName(
  baseDatabaseUrl,
  `${databaseName(baseDatabaseUrl)}_e2e`,
));
// Fixtures in the test workers (log-in by session row, reading data) use getDb(), which reads DATABASE_URL.
process.env.DATABASE_URL = e2eDatabaseUrl;
const dataDir = (process.env.E2E_DATA_DIR ??= path.join(root, ".test-results", "e2e-data"));
const chromium = (process.env.CHROMIUM_PATH ??= findChromium());
// The real SMTP server (tests/support/smtp-capture-server.ts) writes every message here; tests/e2e/mail.ts reads it.
const smtpDir = (process.env.E2E_SMTP_DIR = path.join(dataDir, "smtp"));
const sessionSecret = "e2e-session-secret-not-for-production";
// Tests that store SSO settings directly encrypt the client secret with the server's key (docs/decisions/0421).
process.env.SESSION_SECRET = sessionSecret;

if (isRunnerProcess && !process.env.E2E_PREPARED) {
  // Before the database is dropped: one run at a time per database.
  lockDatabase(e2eDatabaseUrl);
  if (!fs.existsSync(path.join(root, "build", "index.js"))) {
    console.log("No build/index.js: running remix build first.");
    execFileSync(path.join(root, "node_modules", ".bin", "remix"), ["build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  // The job worker runs from its bundle, as in production (decision 1416): rebuilt every run (about a second).
  execFileSync(tsx, ["scripts/worker-build.ts"], { cwd: root, stdio: "inherit", env: process.env });
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  execFileSync(tsx, ["tests/setup/e2e-global.ts"], { cwd: root, stdio: "inherit", env: process.env });
  process.env.E2E_PREPARED = "1";
}

/*
 * The web server's and the worker's log lines (stdout and stderr) go to files, which `scripts/check-e2e-logs.ts`
 * reads after the run for personal data and secrets (decision 1591); warnings and errors (stderr) are also
 * passed on to the runner's output through `tee`, as before.
 */
const logDir = path.join(dataDir, "logs");
if (isRunnerProcess) fs.mkdirSync(logDir, { recursive: true });
const logTo = (name: string) => {
  const file = path.join(logDir, `${name}.log`);
  return `2>&1 >>"${file}" | tee -a "${file}" >&2`;
};

const serverEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(port),
  DATABASE_URL: e2eDatabaseUrl,
  SESSION_SECRET: sessionSecret,
  DATA_DIR: dataDir,
  // The connector tests' fake HR systems listen on 127.0.0.1, which connectors refuse elsewhere (decision 1225).
  CONNECTOR_ALLOW_LOOPBACK: "1",
  // No balancer to tell: the run's end stops the web server without SHUTDOWN_DELAY_MS's wait (1810).
  SHUTDOWN_DELAY_MS: "0",
};
/*
 * Set on the command line, from the ports the side services announced (the shell fails when one is missing):
 * mail goes over SMTP as in production (the outbox without SMTP is covered by tests/integration/email.test.ts);
 * test-only, Entra ID's authority is the local provider (honoured for loopback URLs only; e2eIdpUrls).
 */
const sideServiceEnv =
  `SMTP_URL="smtp://127.0.0.1:\${${e2ePortVariables.smtp}:?}" ` +
  `SSO_AZURE_AUTHORITY="http://127.0.0.1:\${${e2ePortVariables.azureIdp}:?}/ms"`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".test-results/e2e-artifacts",
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  // One worker more than the machine has cores (three on the two-core machines): a test spends much of its
  // time waiting for the server or the browser, and a third worker took the suite from 11.1 to 8.8 minutes
  // here (decision 1470, round two). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || os.availableParallelism() + 1,
  // Generous: a test signs in through argon2 and axe scans whole pages; a slow machine must not fail a correct test.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: ".test-results/e2e.json" }]],
  use: {
    baseURL,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    // Off unless asked for (E2E_TRACE=retain-on-failure): recording a trace of every test cost about a quarter
    // of the suite's CPU time on two cores, for traces that are thrown away when the test passes (decision 1900).
    trace: traceMode(),
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { browserName: "chromium", javaScriptEnabled: true } },
    // axe runs inside the page, so the accessibility check (one file, decision 1470) needs JavaScript;
    // web-workers drives a server process, not a browser, so once is enough; page-walk and
    // browser-errors force JavaScript on, so they would only run twice.
    {
      name: "no-js",
      use: { browserName: "chromium", javaScriptEnabled: false },
      testIgnore: /(accessibility|web-workers|page-walk|browser-errors)\.spec\.ts$/,
      // Tests that only read what the server answers (guards, who sees what) need no second run without
      // JavaScript; every form keeps its JavaScript-off test.
      grepInvert: /@js-only/,
    },
  ],
  webServer: [
    {
      name: "smtp",
      command: `"${tsx}" tests/support/smtp-capture-server.ts`,
      cwd: root,
      env: { SMTP_CAPTURE_DIR: smtpDir },
      wait: { stdout: new RegExp(`${e2ePortVariables.smtp}=(?<${e2ePortVariables.smtp}>\\d+)`) },
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      name: "oidc",
      command: `"${tsx}" tests/support/oidc-server.ts`,
      cwd: root,
      env: { E2E_PORT: String(port) },
      wait: {
        stdout: new RegExp(
          `${e2ePortVariables.azureIdp}=(?<${e2ePortVariables.azureIdp}>\\d+) ` +
            `${e2ePortVariables.surfIdp}=(?<${e2ePortVariables.surfIdp}>\\d+)`,
        ),
      },
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      name: "web",
      command: `{ ${sideServiceEnv} "${tsx}" server/index.ts ${logTo("web")}; }`,
      cwd: root,
      env: serverEnv,
      url: `${baseURL}/healthcheck`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
    {
      name: "worker",
      // The worker as production runs it: its bundle (built above) with its node options.
      command: `{ ${sideServiceEnv} "${process.execPath}" ${workerNodeArgs.join(" ")} "${workerBundle}" ${logTo("worker")}; }`,
      cwd: root,
      env: serverEnv,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
  ],
});

/** E2E_TRACE chooses Playwright's trace mode; a failing test still leaves its screenshot and error. */
function traceMode() {
  const modes = ["off", "on", "retain-on-failure", "on-first-retry", "retain-on-first-failure"] as const;
  const asked = process.env.E2E_TRACE ?? "off";
  const mode = modes.find((candidate) => candidate === asked);
  if (!mode) throw new Error(`E2E_TRACE=${asked}: use one of ${modes.join(", ")}`);
  return mode;
}

/**
 * Where the web server's port comes from when E2E_PORT is not set: below the ephemeral range, and for now
 * low enough that tests/e2e/web-workers.spec.ts's second server (E2E_PORT + 22000) stays below it too.
 */
function appPortRange() {
  const range = testPortRange();
  const webWorkersHigh = ephemeralPortRange().low - 1 - 22_000;
  return webWorkersHigh >= range.low + 100 ? { low: range.low, high: Math.min(range.high, webWorkersHigh) } : range;
}

/**
 * One end-to-end run at a time per database: the run drops and recreates `<db>_e2e`. The lock is a file
 * in the temporary directory holding the runner's process id; a lock whose process is gone is taken over.
 */
function lockDatabase(databaseUrl: string) {
  const name = databaseName(databaseUrl);
  const { hostname, port: databasePort } = new URL(databaseUrl);
  const lockFile = path.join(
    os.tmpdir(),
    `teamontwikkeling-e2e-${encodeURIComponent(hostname)}-${databasePort || 5432}-${name}.lock`,
  );
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      process.once("exit", () => {
        if (fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.rmSync(lockFile, { force: true });
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(fs.readFileSync(lockFile, "utf8"));
      if (holder && holder !== process.pid && processIsAlive(holder)) {
        throw new Error(
          `Another end-to-end run (process ${holder}) is using ${name}. Wait for it, or give this run its own ` +
            "DATABASE_URL to run side by side.",
        );
      }
      fs.rmSync(lockFile, { force: true }); // left by a run that is gone
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function findChromium(): string {
  // Debian's headless shell first: the tests run headless, and the full browser's headless mode costs about a
  // third more time per test on two cores (the browser UI's own renderers).
  for (const name of ["chromium-headless-shell", "chromium", "chromium-browser"]) {
    try {
      const found = execFileSync("which", [name], { encoding: "utf8" }).trim();
      if (found) return found;
    } catch {
      // Try the next name.
    }
  }
  throw new Error(
    "No Chromium found for the end-to-end tests (Playwright cannot download browsers here). " +
      "Install Debian's build with `apt-get install -y chromium` (as root), or set CHROMIUM_PATH to a Chromium binary.",
  );
}
