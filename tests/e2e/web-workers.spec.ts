import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD } from "#db/seed-data";

/**
 * The production server as `npm start` runs it: one web worker per core (docs/decisions/0010). Without
 * SESSION_SECRET the primary settles one secret for all workers, so a session cookie works whichever
 * worker a connection reaches; SIGTERM stops the primary and every worker.
 */
const port = Number(process.env.E2E_PORT ?? 3123) + 22000;
const base = `http://127.0.0.1:${port}`;

/** One request on a fresh connection: the cluster hands new connections to the workers in turn. */
function get(pathname: string, cookie: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${pathname}`, { agent: false, headers: { cookie } }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

async function waitForHealth() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/healthcheck`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not start");
}

test("two web workers share one session secret, and SIGTERM stops them all", async () => {
  test.setTimeout(90_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "web-workers-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    WEB_CONCURRENCY: "2",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
  };
  delete env.SESSION_SECRET;
  // Node itself with tsx's loader, so that SIGTERM reaches our primary and not tsx's own signal relay.
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { env, stdio: "ignore" });
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  try {
    await waitForHealth();
    expect(fs.readFileSync(path.join(dataDir, "session-secret"), "utf8")).toMatch(/^[0-9a-f]{64}$/);

    const login = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams({ email: "hr@demo.nl", password: DEMO_PASSWORD, redirectTo: "" }),
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const pages = await Promise.all(Array.from({ length: 8 }, () => get("/dashboard", cookie)));
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(page.body).toContain('data-testid="current-cluster"');
    }
  } finally {
    server.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
  await expect(fetch(`${base}/healthcheck`)).rejects.toThrow();
});
