/**
 * Real processes for the integration tests of issue #38 (graceful-shutdown, many-processes): spawned with tsx as loader in
 * production mode, JSON logs collected, killed at the end of the file.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { projectRoot } from "../../scripts/processes";

export type Started = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

const children: ChildProcess[] = [];

export function start(args: string[], env: Record<string, string>): Started {
  // Node itself with tsx as a loader, not tsx's command: that one relays a SIGTERM to the node process it runs and
  // SIGKILLs it when the child does not acknowledge within 30 ms, which a loaded machine missed (CI on 2026-11-29:
  // a worker killed before it could log "worker stopping"). Here the signal reaches the process under test.
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: projectRoot,
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "info", LOG_FORMAT: "json", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group: killStarted ends it and anything it started together.
    detached: true,
  });
  children.push(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitFor<T>(
  read: () => T | undefined | Promise<T | undefined>,
  what: string | (() => string),
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const waitForOutput = (started: Started, pattern: RegExp, timeoutMs = 60_000) =>
  waitFor(
    () => pattern.exec(started.output()) ?? undefined,
    () => `${pattern} in:\n${started.output()}`,
    timeoutMs,
  );

/** A web process (tests/support/web-process.ts: the app from the sources, the real drain) on a free port. */
export async function startWeb(env: Record<string, string> = {}): Promise<{ started: Started; base: string }> {
  const started = start(["--import", "./tests/support/ignore-css.mjs", "tests/support/web-process.ts"], env);
  // Built from the sources (tsx): on a busy 2-core machine two at once have taken over a minute.
  const port = Number((await waitForOutput(started, /listening on port (\d+)/, 120_000))[1]);
  return { started, base: `http://127.0.0.1:${port}` };
}

/** A job worker (jobs/worker.ts), once it has started. */
export async function startWorkerProcess(env: Record<string, string> = {}): Promise<Started> {
  const started = start(["jobs/worker.ts"], env);
  await waitForOutput(started, /worker started \(pid \d+\)/);
  return started;
}

/** Kills whatever these helpers started and still runs. */
export function killStarted(): void {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
