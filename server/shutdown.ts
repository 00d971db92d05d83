/**
 * Graceful stop of a web process (docs/decisions/1513, 1810). On SIGTERM:
 *
 * 1. /readyz says "draining" (503) at once, but the listener stays open for `delayMs`
 *    (SHUTDOWN_DELAY_MS): the balancer's readiness probe sees the failure and stops sending, while requests
 *    it still sends meanwhile are answered normally, with `Connection: close`. Closing the listener at once
 *    reset connections the kernel had already queued (the listen backlog).
 * 2. The listener closes; requests in flight finish — at most `timeoutMs` (SHUTDOWN_TIMEOUT_MS), then their
 *    connections are cut — and kept-alive connections close as soon as they are idle.
 * 3. `close()` (job sender, database pool) runs and the process exits: 0 when every request finished, 1 when
 *    some had to be cut.
 *
 * SIGINT (Ctrl+C at a terminal, no balancer to tell) skips the delay, and so does a second signal during it.
 */
import type { Server, ServerResponse } from "node:http";
import { logger } from "../app/utils/logger.server";
import { markDraining } from "./health";

export type Drain = (reason: string, options?: { delay?: boolean }) => void;

export function drainOnSignal(
  server: Server,
  {
    timeoutMs,
    delayMs = 0,
    close,
    exit = (code) => process.exit(code),
  }: {
    timeoutMs: number;
    delayMs?: number;
    close: () => Promise<void>;
    exit?: (code: number) => void;
  },
): Drain {
  let draining = false;
  let started = 0;
  let delayTimer: NodeJS.Timeout | undefined;
  // Answers not yet begun: when draining starts, they say Connection: close (the client goes elsewhere next).
  const unanswered = new Set<ServerResponse>();
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  // Before the app's own listener: an answer it sends at once (/healthz) still says Connection: close.
  server.prependListener("request", (_req, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    unanswered.add(res);
    res.once("close", () => unanswered.delete(res));
  });

  const closeListener = () => {
    delayTimer = undefined;
    logger.info(`web server: listener closed after ${Date.now() - started} ms; finishing requests in flight`);
    let exitCode = 0;
    const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
    const cutOff = setTimeout(() => {
      logger.warn(`web server: requests still running after ${timeoutMs} ms; closing their connections`);
      exitCode = 1;
      server.closeAllConnections();
    }, timeoutMs);
    server.close(() => {
      clearInterval(idleSweep);
      clearTimeout(cutOff);
      void close()
        .catch((error: unknown) => logger.warn({ err: error }, "web server: closing its connections failed"))
        .finally(() => {
          logger.info(`web server stopped after ${Date.now() - started} ms`);
          exit(exitCode);
        });
    });
    server.closeIdleConnections();
  };

  const drain: Drain = (reason, { delay = true } = {}) => {
    if (draining) {
      // A second signal while the balancer is being told: stop waiting.
      if (delayTimer) {
        clearTimeout(delayTimer);
        logger.info(`web server: ${reason} while waiting; closing the listener now`);
        closeListener();
      }
      return;
    }
    draining = true;
    started = Date.now();
    markDraining();
    for (const res of unanswered) closeAfter(res);
    const wait = delay ? delayMs : 0;
    logger.info(
      `web server stopping (${reason}): /readyz answers 503, the listener closes in ${wait} ms, ` +
        `then requests in flight get at most ${timeoutMs} ms`,
    );
    if (wait > 0) delayTimer = setTimeout(closeListener, wait);
    else closeListener();
  };
  process.on("SIGTERM", () => drain("SIGTERM"));
  process.on("SIGINT", () => drain("SIGINT", { delay: false }));
  return drain;
}
