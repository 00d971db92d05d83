/**
 * How long a web process takes to stop (docs/decisions/1513, 1810), read by the workers' drain
 * (server/shutdown.ts) and by the cluster primary, which waits for them. Kept apart from the drain so the
 * primary loads no app code.
 */
import { positiveIntegerEnv } from "./web-concurrency";

export type ShutdownTimings = { delayMs: number; timeoutMs: number };

/**
 * - SHUTDOWN_DELAY_MS: how long the listener stays open after SIGTERM while /readyz already answers 503.
 *   Default 5 000 in production (a balancer probing every 1–2 s that takes a process out after two failures),
 *   0 elsewhere (development and tests have no balancer).
 * - SHUTDOWN_TIMEOUT_MS: how long requests in flight then get before their connections are cut. Default 10 000.
 */
export function shutdownTimings(env: NodeJS.ProcessEnv = process.env): ShutdownTimings {
  const delay = env.SHUTDOWN_DELAY_MS?.trim();
  return {
    delayMs: delay === "0" ? 0 : (positiveIntegerEnv(delay) ?? (env.NODE_ENV === "production" ? 5_000 : 0)),
    timeoutMs: positiveIntegerEnv(env.SHUTDOWN_TIMEOUT_MS) ?? 10_000,
  };
}
