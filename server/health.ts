/**
 * Liveness and readiness for load balancers and orchestrators (docs/decisions/1510). Both answer before
 * anything else of the app: no session, no cookies, no rate limit, no access-log line, never cached.
 *
 * - GET /healthz: the process is alive and its event loop turns. Always 200 "ok" while the process runs.
 * - GET /readyz: this process should get traffic: the database answers, its migrations are current and the
 *   job queue (pg-boss's schema) answers. 503 with the failing check's reason otherwise, and 503 "draining"
 *   from SIGTERM on (server/web.ts), so a balancer takes the process out while it finishes its requests.
 *
 * /healthcheck (a Remix route) stays as it was: the database answers.
 */
import express from "express";
import { readiness } from "../app/features/system/health.server";

let draining = false;

/** From now on /readyz answers 503: the process is shutting down. */
export function markDraining(): void {
  draining = true;
}

export const healthPaths = new Set(["/healthz", "/readyz", "/healthcheck"]);

export function healthRoutes(): express.Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.type("text/plain").send("ok");
  });
  router.get("/readyz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    if (draining) {
      res.setHeader("Retry-After", "5");
      res.status(503).json({ ready: false, checks: { process: "draining: shutting down" } });
      return;
    }
    const result = await readiness();
    if (!result.ready) res.setHeader("Retry-After", "5");
    res.status(result.ready ? 200 : 503).json(result);
  });
  return router;
}
