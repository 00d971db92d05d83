import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@playwright/test";
import { databaseName, withDatabaseName } from "./tests/setup/databases";
import { e2eIdpUrls, e2ePorts } from "./tests/support/e2e-sso";

/*
 * This module is evaluated by the runner's main process and again by every worker process. Only the
 * main process (no TEST_WORKER_INDEX) builds the app and prepares the database, and it does so here,
 * while the config loads, because Playwright starts `webServer` before `globalSetup`. Values the
 * workers need travel through environment variables, which they inherit.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.join(root, "node_modules", ".bin", "tsx");
const port = Number(process.env.E2E_PORT ?? 3123);
const baseURL = `http://127.0.0.1:${port}`;
// Side services on ports derived from E2E_PORT, so parallel runs with their own E2E_PORT do not clash.
const sidePorts = e2ePorts(port);
const isRunnerProcess = process.env.TEST_WORKER_INDEX === undefined;

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
  // Check before the database is dropped: a busy port most likely means another run on the same database.
  const busy = [port, ...Object.values(sidePorts)].find((candidate) => !portIsFree(candidate));
  if (busy !== undefined) {
    throw new Error(
      `Port ${busy} is in use, probably by another end-to-end run (which would share ${databaseName(e2eDatabaseUrl)}). ` +
        "Wait for it, or set E2E_PORT (and a different DATABASE_URL) to run side by side.",
    );
  }
  if (!fs.existsSync(path.join(root, "build", "index.js"))) {
    console.log("No build/index.js: running remix build first.");
    execFileSync(path.join(root, "node_modules", ".bin", "remix"), ["build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  execFileSync(tsx, ["tests/setup/e2e-global.ts"], { cwd: root, stdio: "inherit", env: process.env });
  process.env.E2E_PREPARED = "1";
}

const serverEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(port),
  DATABASE_URL: e2eDatabaseUrl,
  SESSION_SECRET: sessionSecret,
  DATA_DIR: dataDir,
  // Mail goes over SMTP as in production; the outbox without SMTP is covered by tests/integration/email.test.ts.
  SMTP_URL: `smtp://127.0.0.1:${sidePorts.smtp}`,
  // Test-only: Entra ID's authority is the local provider (honoured for loopback URLs only).
  SSO_AZURE_AUTHORITY: e2eIdpUrls(port).azureAuthority,
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".test-results/e2e-artifacts",
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  workers: 2,
  // Generous: a test signs in through argon2 and axe scans whole pages; a slow machine must not fail a correct test.
  timeout: 60_000,
  expect: { timeout: 5_000 },
  reporter: [["list"], ["json", { outputFile: ".test-results/e2e.json" }]],
  use: {
    baseURL,
    locale: "nl-NL",
    timezoneId: "Europe/Amsterdam",
    trace: "retain-on-failure",
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
    // axe runs inside the page, so the accessibility checks need JavaScript in the browser under test;
    // web-workers drives a server process, not a browser, so once is enough.
    {
      name: "no-js",
      use: { browserName: "chromium", javaScriptEnabled: false },
      testIgnore: /(accessibility|web-workers)\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      name: "smtp",
      command: `"${tsx}" tests/support/smtp-capture-server.ts`,
      cwd: root,
      env: { SMTP_CAPTURE_PORT: String(sidePorts.smtp), SMTP_CAPTURE_DIR: smtpDir },
      port: sidePorts.smtp,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      name: "oidc",
      command: `"${tsx}" tests/support/oidc-server.ts`,
      cwd: root,
      env: { E2E_PORT: String(port) },
      port: sidePorts.azureIdp,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      name: "web",
      command: `"${tsx}" server/index.ts`,
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
      command: `"${tsx}" jobs/worker.ts`,
      cwd: root,
      env: serverEnv,
      stdout: "ignore",
      stderr: "pipe",
      gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    },
  ],
});

function portIsFree(candidate: number): boolean {
  const probe = `require("net").createServer().once("error", () => process.exit(1)).listen(${candidate}, "127.0.0.1", () => process.exit(0))`;
  try {
    execFileSync(process.execPath, ["-e", probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function findChromium(): string {
  for (const name of ["chromium", "chromium-browser"]) {
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
