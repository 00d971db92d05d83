/**
 * Ports for the test runs' own servers (docs/decisions/0671). Two rules keep a run from failing on a port:
 *
 * - Below the ephemeral range. The kernel hands ports from that range (`ip_local_port_range`, 32768–60999 on
 *   Linux) to every outgoing connection and to `listen(0)`; a port chosen there can be taken by any
 *   connection of any process before our server binds it. Ours come from 10000–19999 (or just below a lower
 *   ephemeral range), which nothing hands out by itself and which side-by-side runs with E2E_PORT do not use
 *   (their app ports are in the 3000s).
 * - Chosen when it is bound, and another one tried when it is taken: `listenOnFreePort` binds the server
 *   itself at a random port of that range and moves on after EADDRINUSE. Only where another process must bind
 *   (the web server, started by Playwright) is a port chosen a moment before, with `freePortSync`, which
 *   probes by binding.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

export type PortRange = { low: number; high: number };

/** Linux's default ephemeral range, for systems without /proc (other systems use 49152–65535, also above). */
const DEFAULT_EPHEMERAL: PortRange = { low: 32768, high: 60999 };

/** The kernel's ephemeral port range (`/proc/sys/net/ipv4/ip_local_port_range`). */
export function ephemeralPortRange(file = "/proc/sys/net/ipv4/ip_local_port_range"): PortRange {
  try {
    const [low, high] = fs.readFileSync(file, "utf8").trim().split(/\s+/).map(Number);
    if (Number.isInteger(low) && Number.isInteger(high) && low > 0 && low <= high) return { low, high };
  } catch {
    // No /proc: assume Linux's default.
  }
  return DEFAULT_EPHEMERAL;
}

/** Where the test servers' ports come from: 10000–19999, always below the ephemeral range. */
export function testPortRange(ephemeral: PortRange = ephemeralPortRange()): PortRange {
  const below = ephemeral.low - 1;
  if (below >= 10_000 + 999) return { low: 10_000, high: Math.min(19_999, below) };
  // An unusually low ephemeral range: whatever lies between the privileged ports and it.
  if (below >= 2_048) return { low: 1_024, high: below };
  throw new Error(
    `The ephemeral port range starts at ${ephemeral.low}: no room below it for the test servers' ports. ` +
      "Raise it (sysctl net.ipv4.ip_local_port_range).",
  );
}

/** A random port of `range`: random, so that two runs starting together seldom try the same one. */
export function randomPort(range: PortRange, random: () => number = Math.random): number {
  return range.low + Math.floor(random() * (range.high - range.low + 1));
}

/**
 * Binds a server with `listen(port)` at a random port of `range`, trying another one when the port is taken
 * (EADDRINUSE or EACCES), and returns the port it got. Any other error is thrown at once.
 */
export async function listenOnFreePort(
  listen: (port: number) => Promise<unknown>,
  {
    range = testPortRange(),
    attempts = 50,
    random,
  }: { range?: PortRange; attempts?: number; random?: () => number } = {},
): Promise<number> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const port = randomPort(range, random);
    try {
      await listen(port);
      return port;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "EADDRINUSE" && code !== "EACCES") throw error;
      lastError = error;
    }
  }
  throw new Error(`No free port in ${range.low}–${range.high} after ${attempts} attempts`, { cause: lastError });
}

/**
 * A port of `range` that was free a moment ago on 127.0.0.1 (probed by binding it), for a server another
 * process binds. Synchronous, for playwright.config.ts, which Playwright loads without awaiting.
 */
export function freePortSync(range: PortRange = testPortRange(), attempts = 50): number {
  const probe = `
    const net = require("node:net");
    const [low, high, attempts] = process.argv.slice(1).map(Number);
    let left = attempts;
    const next = () => {
      if (left-- <= 0) process.exit(2);
      const port = low + Math.floor(Math.random() * (high - low + 1));
      const server = net.createServer();
      server.once("error", next);
      server.listen(port, "127.0.0.1", () => server.close(() => { process.stdout.write(String(port)); process.exit(0); }));
    };
    next();`;
  let output: string;
  try {
    output = execFileSync(process.execPath, ["-e", probe, String(range.low), String(range.high), String(attempts)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
  } catch {
    throw new Error(`No free port in ${range.low}–${range.high} after ${attempts} attempts`);
  }
  return Number(output);
}
