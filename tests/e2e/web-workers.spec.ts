import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD } from "../../seed/demo-data";

/**
 * The production server as `npm start` runs it: one web worker per core (docs/decisions/0010). Without
 * SESSION_SECRET the primary settles one secret for all workers, so a session cookie works whichever
 * worker a connection reaches (the test checks that two distinct worker processes answered); SIGTERM
 * stops the primary and every worker.
 */
const port = Number(process.env.E2E_PORT ?? 3123) + 22000;
const base = `http://127.0.0.1:${port}`;

/**
 * One request on its own connection, kept open afterwards (the agent pools it), so that the process that
 * accepted it can be looked up; `localPort` is the client side of that connection.
 */
function get(
  agent: http.Agent,
  pathname: string,
  cookie: string,
): Promise<{ status: number; body: string; localPort: number }> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}${pathname}`, { agent, headers: { cookie } }, (response) => {
      let body = "";
      const localPort = response.socket.localPort ?? 0;
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body, localPort }));
    });
    request.on("error", reject);
  });
}

/** The processes whose parent is `pid`: the cluster's workers. */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // /proc/<pid>/stat: "pid (name) state ppid ..."; the name may hold spaces, so split after ")".
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/**
 * Which process holds the server side of the connection from client port `clientPort`: the socket's
 * inode from /proc/net/tcp (local port = the server's, remote port = the client's), then the process
 * with that socket among its open files (Linux only, as the test machines are).
 */
function processServing(clientPort: number, candidates: number[]): number | undefined {
  const hexPort = (portNumber: number) => portNumber.toString(16).toUpperCase().padStart(4, "0");
  const line = fs
    .readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .map((row) => row.trim().split(/\s+/))
    .find((fields) => fields[1]?.endsWith(`:${hexPort(port)}`) && fields[2]?.endsWith(`:${hexPort(clientPort)}`));
  if (!line) return undefined;
  const socket = `socket:[${line[9]}]`;
  return candidates.find((pid) => {
    try {
      return fs.readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          return fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === socket;
        } catch {
          return false;
        }
      });
    } catch {
      return false;
    }
  });
}

async function waitForHealth() {
  // Two worker processes boot here (tsx compiles on start): up to a minute on a busy machine.
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
    // SIGTERM: both workers keep listening this long (the balancer's notice, 1810), then stop.
    SHUTDOWN_DELAY_MS: "300",
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

    // Eight connections at once: the primary hands new connections in turn to the workers that listen.
    // The health check answers as soon as one worker listens, so a batch may still reach one worker only:
    // batches go on until two distinct worker processes have answered (or the time runs out).
    const workers = childrenOf(server.pid!);
    expect(workers).toHaveLength(2);
    const answeredBy = new Set<number>();
    const deadline = Date.now() + 30_000;
    let agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    try {
      while (answeredBy.size < 2 && Date.now() < deadline) {
        const pages = await Promise.all(Array.from({ length: 8 }, () => get(agent, "/dashboard", cookie)));
        for (const page of pages) {
          expect(page.status).toBe(200);
          expect(page.body).toContain('data-testid="current-cluster"');
          const pid = processServing(page.localPort, workers);
          expect(pid, "the worker that accepted the connection").toBeDefined();
          answeredBy.add(pid!);
        }
        // New connections for the next batch.
        agent.destroy();
        agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
        if (answeredBy.size < 2) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // Both workers answered signed-in pages with the session of one sign-in.
      expect([...answeredBy].sort()).toEqual([...workers].sort());
    } finally {
      agent.destroy();
    }
  } finally {
    server.kill("SIGTERM");
  }
  expect(await exited).toBe(0);
  await expect(fetch(`${base}/healthcheck`)).rejects.toThrow();
});
