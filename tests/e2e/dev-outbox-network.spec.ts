import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

/**
 * Issue #12 item 1: the development outbox holds password-reset links, so it must never be readable from
 * another machine. The production server (as `npm start` runs it without SMTP_URL) is started here on all
 * interfaces, as someone who set HOST=0.0.0.0 would; a request to the machine's own network address comes
 * from a non-loopback peer and is refused, even when it claims to be forwarded for 127.0.0.1.
 */
const port = (projectName: string) => Number(process.env.E2E_PORT ?? 3123) + 23000 + (projectName === "js" ? 0 : 1);

function ownNetworkAddress(): string {
  const address = Object.values(os.networkInterfaces())
    .flat()
    .find((candidate) => candidate && candidate.family === "IPv4" && !candidate.internal);
  if (!address) throw new Error("this machine has no non-loopback IPv4 address to test from");
  return address.address;
}

function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

/** Up to 60 s: at the start of a full run the machine is busiest, and the server starts cold (tsx). */
async function waitForHealth(base: string) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/healthcheck`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("the server did not start");
}

test("the outbox answers this machine only, never another address", { tag: "@js-only" }, async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const serverPort = port(testInfo.project.name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-network-"));
  fs.mkdirSync(path.join(dataDir, "outbox"));
  fs.writeFileSync(
    path.join(dataDir, "outbox", "2026-01-01-password-reset.eml"),
    "To: medewerker@demo.nl\r\nSubject: Wachtwoord herstellen\r\n\r\nhttp://localhost/password-reset/SECRET-CODE\r\n",
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    WEB_CONCURRENCY: "1",
    HOST: "0.0.0.0",
    PORT: String(serverPort),
    DATA_DIR: dataDir,
    DEV_OUTBOX: "1",
    SHUTDOWN_DELAY_MS: "0",
  };
  delete env.SMTP_URL;
  delete env.TRUST_PROXY;
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], { env, stdio: "ignore" });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  try {
    const loopback = `http://127.0.0.1:${serverPort}`;
    await waitForHealth(loopback);

    const remote = `http://${ownNetworkAddress()}:${serverPort}`;
    for (const pathname of ["/dev/outbox", "/dev/outbox/2026-01-01-password-reset.eml"]) {
      const refused = await get(`${remote}${pathname}`, { "X-Forwarded-For": "127.0.0.1" });
      expect(refused.status, pathname).toBe(404);
      expect(refused.body).not.toContain("SECRET-CODE");
    }

    // A browser on this machine sees the list and opens the message.
    await page.goto(`${loopback}/dev/outbox`);
    await page.getByRole("link", { name: "2026-01-01-password-reset.eml" }).click();
    await expect(page.locator("body")).toContainText("SECRET-CODE");
  } finally {
    server.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
