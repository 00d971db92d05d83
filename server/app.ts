import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import type { AppLoadContext } from "@remix-run/node";
import { finishApiAnswer } from "../app/utils/api-answer.server";
import { databaseUnavailableResourceResponse } from "../app/utils/database-unavailable.server";
import { runInRequestScope } from "../app/utils/request-scope.server";
import { logger, saneRequestId, withLogContext } from "../app/utils/logger.server";
import { healthPaths, healthRoutes } from "./health";
import { metricsRoute, recordRequest } from "./metrics";
import { routePatterns } from "./route-pattern";
import { cacheControlFor, limitRequestBodies, loopbackOnlyDevPages, refuseCrossSiteWrites, remixRequest } from "./edge";
import { appSecurityHeaderOptions, precomputedSecurityHeaders } from "./security-headers";

export type AppOptions = {
  /** The Remix build, or (in development) a function that loads the newest one. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
};

/** The express app of one web worker: security headers, static files and the Remix handler. */
export function createApp({ build, mode }: AppOptions): express.Express {
  const app = express();

  app.disable("x-powered-by");
  // Behind a proxy that terminates TLS, TRUST_PROXY makes req.protocol/req.ip (and so the cookie's Secure flag) honest.
  if (process.env.TRUST_PROXY) {
    const value = process.env.TRUST_PROXY;
    app.set("trust proxy", /^\d+$/.test(value) ? Number(value) : value === "true" ? true : value);
  }
  // Health answers come first: no session, cookies, compression or access-log line (1510).
  app.use(healthRoutes());
  app.get("/metrics", (req, res, next) => metricsRoute(req, res).catch(next));
  if (process.env.COMPRESSION !== "off") app.use(compression());

  const patternOf = typeof build === "function" ? () => "(development)" : routePatterns(build);
  app.use((req, res, next) => {
    // A sane incoming id (a proxy's) is kept, anything else replaced; it goes back in the answer (1511).
    const requestId = saneRequestId(req.get("x-request-id")) ?? crypto.randomUUID();
    req.headers["x-request-id"] = requestId;
    res.setHeader("x-request-id", requestId);
    res.locals.cspNonce = crypto.randomBytes(16).toString("hex");
    const started = process.hrtime.bigint();
    res.once("finish", () => logRequest(req, res, requestId, started, patternOf));
    withLogContext({ requestId }, next);
  });

  const securityHeaders = precomputedSecurityHeaders(
    appSecurityHeaderOptions({ mode, hsts: mode === "production" && Boolean(process.env.TRUST_PROXY) }),
  );
  app.use((_req, res, next) => {
    for (const [name, value] of securityHeaders(res.locals.cspNonce as string)) res.setHeader(name, value);
    next();
  });

  // Fingerprinted build assets are immutable; other public files change with deploys.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  // Every public file has an extension (favicon.svg, locales/nl/common.json) and no page URL has one, so
  // pages skip the file-system lookup that express.static would make for each of them.
  const publicFiles = express.static("public", { maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

  // The edge (docs/decisions/0600–0603): development pages for this machine only, no writes sent by
  // another site, bodies within their limits; then Remix.
  app.use("/dev", loopbackOnlyDevPages);
  app.use(refuseCrossSiteWrites);
  app.use(limitRequestBodies);

  const handleRequest = createRequestHandler(build, mode);
  const handleWithRemix = async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    try {
      const request = remixRequest(req, res);
      const context: AppLoadContext = {
        cspNonce: res.locals.cspNonce as string,
        requestId: req.headers["x-request-id"] as string,
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        socketAddress: req.socket.remoteAddress,
      };
      let response = await handleRequest(request, context);
      // Remix answers a resource route's error as a 500 without asking entry.server (0611).
      if (response.status === 500 && context.databaseUnavailable) {
        response = await databaseUnavailableResourceResponse(request);
      }
      // The sliding token's header, and no stack trace from an API route (1651).
      response = finishApiAnswer(request, response);
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  };
  // One request scope around all loaders of a request, so that the session is resolved once (0009).
  app.all("*", (req, res, next) => {
    res.locals.remix = true;
    const requestId = req.headers["x-request-id"] as string;
    withLogContext({ requestId }, () => runInRequestScope(() => handleWithRemix(req, res, next)));
  });
  return app;
}

/**
 * One access-log line and the request metrics per answer: method, route pattern (never the URL: ids, tokens),
 * status and time. Files (build assets, public files) count as "(static)" and log at debug level only.
 */
function logRequest(
  req: express.Request,
  res: express.Response,
  requestId: string,
  started: bigint,
  patternOf: (pathname: string) => string,
) {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const route = res.locals.remix ? patternOf(req.path) : healthPaths.has(req.path) ? req.path : "(static)";
  recordRequest(req.method, route, res.statusCode, seconds);
  if (healthPaths.has(req.path)) return;
  const line = { requestId, method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 1000) };
  if (route === "(static)") logger.debug(line, "request");
  else if (res.statusCode >= 500) logger.error(line, "request");
  else logger.info(line, "request");
}

/** Like @remix-run/express's sendRemixResponse, with the Cache-Control the edge decides (cacheControlFor). */
async function sendResponse(req: express.Request, res: express.Response, response: Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key !== "cache-control") res.append(key, value);
  }
  res.setHeader("Cache-Control", cacheControlFor(req, response.headers.get("Cache-Control")));
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
