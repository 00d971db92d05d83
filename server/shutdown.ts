/**
 * Graceful stop of a web process (docs/decisions/1513): on SIGTERM (or SIGINT) it stops accepting at once,
 * /readyz says "draining", requests in flight finish — at most `timeoutMs`, then their connections are cut —
 * kept-alive connections close as soon as they are idle (an answer sent while draining says
 * `Connection: close`), then `close()` (job sender, database pool) runs and the process exits: 0 when every
 * request finished, 1 when some had to be cut.
 */
import type { Server, ServerResponse } from "node:http";
import { logger } from "../app/utils/logger.server";
import { markDraining } from "./health";

export function drainOnSignal(
  server: Server,
  {
    timeoutMs,
    close,
    exit = (code) => process.exit(code),
  }: {
    timeoutMs: number;
    close: () => Promise<void>;
    exit?: (code: number) => void;
  },
): (reason: string) => void {
  let draining = false;
  // Answers not yet begun: when draining starts, they say Connection: close (the client goes elsewhere next).
  const unanswered = new Set<ServerResponse>();
  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader("Connection", "close");
  };
  server.on("request", (_req, res: ServerResponse) => {
    if (draining) return closeAfter(res);
    unanswered.add(res);
    res.once("close", () => unanswered.delete(res));
  });

  const drain = (reason: string) => {
    if (draining) return;
    draining = true;
    markDraining();
    for (const res of unanswered) closeAfter(res);
    const started = Date.now();
    logger.info(`web server stopping (${reason}): finishing requests in flight, at most ${timeoutMs} ms`);
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
  process.on("SIGTERM", () => drain("SIGTERM"));
  process.on("SIGINT", () => drain("SIGINT"));
  return drain;
}
