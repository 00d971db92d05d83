/** Small helpers the npm scripts share: running tools, and supervising long-running children. */
import { spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Path of an executable that an installed package provides (node_modules/.bin). */
export function bin(name: string): string {
  return path.join(projectRoot, "node_modules", ".bin", name);
}

/**
 * Node options for the processes a bench starts, from BENCH_NODE_ARGS (space-separated), e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where they spend their time; node refuses these in NODE_OPTIONS.
 */
export function benchNodeArgs(): string[] {
  return (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
}

/** Runs a command to completion with inherited output; resolves with its exit code (signals count as 1). */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, stdio: "inherit", ...options });
    child.once("error", reject);
    child.once("exit", (code) => resolve(code ?? 1));
  });
}

/** Newest modification time (ms) of the given files and of every file below the given directories. */
export function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (target: string) => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(target);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(target)) {
        if (entry !== "node_modules" && !entry.startsWith(".")) visit(path.join(target, entry));
      }
    } else {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const target of paths) visit(path.resolve(projectRoot, target));
  return newest;
}

/** Runs `remix build` unless build/index.js is newer than every input of the build. */
export async function buildIfStale(): Promise<void> {
  const output = path.join(projectRoot, "build", "index.js");
  const builtAt = fs.existsSync(path.join(projectRoot, "public", "build")) ? mtimeOrZero(output) : 0;
  const inputs = ["app", "db", "emails", "public/locales", "remix.config.js", "tailwind.config.ts"];
  if (builtAt > 0 && builtAt >= newestMtime(inputs)) return;
  console.log(builtAt ? "Sources changed since the last build: building…" : "No build yet: building…");
  const code = await run(bin("remix"), ["build"], { env: { ...process.env, NODE_ENV: "production" } });
  if (code !== 0) throw new Error(`remix build failed (exit code ${code})`);
}

function mtimeOrZero(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

type Cleanup = () => Promise<void> | void;

export type RestartPolicy = {
  /** Wait before the first restart; doubles with each crash in a row. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** A child that ran this long counts as healthy again: the next crash restarts after initialDelayMs. */
  stableAfterMs: number;
  /** Crashes in a row (none of them stable) after which the group gives up and stops. */
  maxCrashesInARow: number;
};

export const defaultRestartPolicy: RestartPolicy = {
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  stableAfterMs: 60_000,
  maxCrashesInARow: 10,
};

/**
 * The restart rule of a RestartPolicy: counts this crash (a run of `stableAfterMs` or longer starts the count
 * again) and answers the wait before the next start, or undefined when the crashes in a row are too many.
 */
export function restartDelay(
  policy: RestartPolicy,
  state: { crashesInARow: number },
  ranMs: number,
): number | undefined {
  state.crashesInARow = ranMs >= policy.stableAfterMs ? 1 : state.crashesInARow + 1;
  if (state.crashesInARow > policy.maxCrashesInARow) return undefined;
  return Math.min(policy.initialDelayMs * 2 ** (state.crashesInARow - 1), policy.maxDelayMs);
}

type Started = { command: string; args: string[]; env: NodeJS.ProcessEnv; crashesInARow: number };

/**
 * Keeps a few long-running children together. A child that exits on its own (a crash, `kill -9`) is
 * started again after a backoff (1 s, 2 s, 4 s … 30 s), while the others keep running; after
 * `maxCrashesInARow` crashes without a stable run the group gives up. On SIGINT/SIGTERM/SIGHUP all are
 * stopped (SIGTERM, then SIGKILL after a grace period), cleanups run, and this process exits.
 */
export class ProcessGroup {
  private children = new Map<string, ChildProcess>();
  private started = new Map<string, Started>();
  private restartTimers = new Set<NodeJS.Timeout>();
  private cleanups: Cleanup[] = [];
  private stopping = false;
  private readonly graceMs: number;
  private readonly restart: RestartPolicy;

  constructor(options: number | { graceMs?: number; restart?: Partial<RestartPolicy> } = {}) {
    const settings = typeof options === "number" ? { graceMs: options } : options;
    this.graceMs = settings.graceMs ?? 10_000;
    this.restart = { ...defaultRestartPolicy, ...settings.restart };
    let firstSignalAt = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      if (this.stopping) {
        // npm and tsx relay a terminal's Ctrl+C, so one press can arrive more than once.
        if (Date.now() - firstSignalAt < 2_000) return;
        console.log(`\n${signal} again: killing everything now.`);
        for (const child of this.living()) child.kill("SIGKILL");
        return;
      }
      firstSignalAt = Date.now();
      void this.stop(0);
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    process.on("SIGHUP", onSignal);
  }

  /** Registers work for the end, run in reverse order after every child has exited. */
  onStop(cleanup: Cleanup): void {
    this.cleanups.push(cleanup);
  }

  start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
    this.started.set(name, { command, args, env, crashesInARow: 0 });
    return this.spawnChild(name);
  }

  private spawnChild(name: string): ChildProcess {
    const spec = this.started.get(name)!;
    const child = spawn(spec.command, spec.args, { cwd: projectRoot, stdio: "inherit", env: spec.env });
    const startedAt = Date.now();
    this.children.set(name, child);
    child.once("error", (error) => {
      console.error(`${name} could not start: ${error.message}`);
      void this.stop(1);
    });
    child.once("exit", (code, signal) => {
      if (this.stopping) return;
      const how = signal ?? `exit code ${code}`;
      const delay = restartDelay(this.restart, spec, Date.now() - startedAt);
      if (delay === undefined) {
        console.error(`${name} stopped (${how}) ${spec.crashesInARow - 1} times in a row; stopping the rest.`);
        void this.stop(code || 1);
        return;
      }
      console.error(`${name} stopped (${how}); starting it again in ${Math.round(delay / 100) / 10} s.`);
      const timer = setTimeout(() => {
        this.restartTimers.delete(timer);
        if (!this.stopping) this.spawnChild(name);
      }, delay);
      this.restartTimers.add(timer);
    });
    return child;
  }

  get isStopping(): boolean {
    return this.stopping;
  }

  async stop(exitCode: number): Promise<never> {
    if (!this.stopping) {
      this.stopping = true;
      for (const timer of this.restartTimers) clearTimeout(timer);
      this.restartTimers.clear();
      const exits = this.living().map(
        (child) =>
          new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", () => resolve()))),
      );
      for (const child of this.living()) child.kill("SIGTERM");
      const timer = setTimeout(() => {
        for (const child of this.living()) child.kill("SIGKILL");
      }, this.graceMs);
      await Promise.all(exits);
      clearTimeout(timer);
      for (const cleanup of this.cleanups.reverse()) {
        try {
          await cleanup();
        } catch (error) {
          console.error(error);
        }
      }
      process.exit(exitCode);
    }
    return new Promise<never>(() => {});
  }

  private living(): ChildProcess[] {
    return [...this.children.values()].filter((child) => child.exitCode === null && child.signalCode === null);
  }
}
