/**
 * The HTTP edge in front of Remix (docs/decisions/0600–0603): request body limits, the cross-site write
 * check, no-store for answers with personal data, and loopback-only development pages. Everything here
 * runs before a loader or action sees the request, so every route is covered, pages and resource routes.
 */
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import {
  JSON_BODY_DEFAULT_BYTES,
  jsonBodyLimitFor,
  MAX_UPLOAD_REQUEST_BYTES,
  uploadPaths,
} from "../app/features/imports/upload-limits";
import { detectLanguage } from "../app/utils/language-detection";
import { isLoopbackAddress } from "../app/utils/peer.server";

const KB = 1024;
const MB = 1024 * KB;

type BodyKind = "form" | "multipart" | "json" | "other";

/**
 * The most a request body may hold, by kind and route. Forms are 1 MB everywhere, multipart too except on
 * the paths that take a file upload, which get the upload limit the import itself checks (one constant,
 * app/features/imports/upload-limits.ts, decision 1451). JSON limits match what the API routes accept
 * (readJsonBody's maxBytes): 64 KB, with larger exceptions listed per route.
 */
export const bodyLimits: Record<BodyKind, { default: number; routes: [RegExp, number][] }> = {
  form: { default: 1 * MB, routes: [] },
  multipart: { default: 1 * MB, routes: uploadPaths.map((path) => [path, MAX_UPLOAD_REQUEST_BYTES]) },
  // The API routes' own limits, the table readJsonBody reads (1651); see bodyLimitFor for the method.
  json: { default: JSON_BODY_DEFAULT_BYTES, routes: [] },
  other: { default: 1 * MB, routes: [] },
};

function bodyKind(contentType: string | undefined): BodyKind {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  if (type === "application/json" || type.endsWith("+json")) return "json";
  return "other";
}

export function bodyLimitFor(pathname: string, contentType: string | undefined, method = "POST"): number {
  const kind = bodyKind(contentType);
  if (kind === "json") return jsonBodyLimitFor(pathname, method);
  const limits = bodyLimits[kind];
  return limits.routes.find(([pattern]) => pattern.test(pathname))?.[1] ?? limits.default;
}

const bodiless = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Reads each request body into memory, at most its limit: a Content-Length above the limit is refused
 * before one byte is read, a chunked body as soon as the count passes it. The body travels on in
 * res.locals.body (see remixRequest); 413 otherwise.
 */
export function limitRequestBodies(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  const hasBody = req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined;
  if (bodiless.has(req.method) || !hasBody) return next();
  const limit = bodyLimitFor(req.path, req.headers["content-type"], req.method);
  const declared = req.headers["content-length"];
  if (declared !== undefined && Number(declared) > limit) return refuseTooLarge(req, res, limit);

  const chunks: Buffer[] = [];
  let size = 0;
  let refused = false;
  const onData = (chunk: Buffer) => {
    if (refused) return;
    size += chunk.length;
    if (size > limit) {
      refused = true;
      chunks.length = 0;
      req.off("data", onData);
      req.pause();
      refuseTooLarge(req, res, limit);
      return;
    }
    chunks.push(chunk);
  };
  req.on("data", onData);
  req.once("end", () => {
    if (refused) return;
    res.locals.body = Buffer.concat(chunks, size);
    next();
  });
  req.once("error", (error) => {
    if (!refused) next(error);
  });
}

function refuseTooLarge(req: ExpressRequest, res: ExpressResponse, limit: number) {
  // The rest of the body is not wanted: close the connection after this answer instead of draining it.
  res.setHeader("Connection", "close");
  res.on("finish", () => req.socket.destroySoon());
  refuse(req, res, 413, "payloadTooLarge", {
    nl: `Het verzoek is te groot (maximaal ${formatSize(limit)}).`,
    en: `The request is too large (at most ${formatSize(limit)}).`,
    de: `Die Anfrage ist zu groß (höchstens ${formatSize(limit)}).`,
  });
}

function formatSize(bytes: number): string {
  return bytes >= MB ? `${Math.floor(bytes / MB)} MB` : `${Math.floor(bytes / KB)} KB`;
}

/**
 * The origin this server answers as: scheme and host as the browser used them. Behind a proxy trusted
 * with TRUST_PROXY those are the forwarded ones (express's req.protocol and, like req.hostname, the
 * first X-Forwarded-Host), here with the port kept.
 */
export function ownOrigin(req: ExpressRequest): string | null {
  const trust = req.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
  let host = req.get("X-Forwarded-Host");
  if (!host || !trust(req.socket.remoteAddress, 0)) host = req.get("Host");
  else host = host.split(",")[0].trim();
  if (!host) return null;
  try {
    return new URL(`${req.protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

function configuredOrigin(): string | null {
  const configured = process.env.APP_URL?.trim();
  if (!configured) return null;
  try {
    return new URL(configured).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a write may go ahead. A browser names the page that sent it: Origin, or at least
 * Sec-Fetch-Site (every current browser sends one of them on a POST). Both missing means no browser
 * (a script, curl): it cannot be a forged cross-site request and passes.
 */
export function isSameOriginWrite(req: ExpressRequest): boolean {
  const origin = req.get("Origin");
  if (origin !== undefined) {
    if (origin === "null") return false;
    let given: string;
    try {
      given = new URL(origin).origin;
    } catch {
      return false;
    }
    return given === ownOrigin(req) || given === configuredOrigin();
  }
  const site = req.get("Sec-Fetch-Site");
  if (site !== undefined) return site === "same-origin" || site === "none";
  return true;
}

/** 403 for every non-GET request another site's page sent (pages and resource routes alike). */
export function refuseCrossSiteWrites(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (bodiless.has(req.method) || isSameOriginWrite(req)) return next();
  refuse(req, res, 403, "crossSite", {
    nl: "Dit verzoek kwam van een andere site en is geweigerd. Open de pagina opnieuw en probeer het nog eens.",
    en: "This request came from another site and was refused. Open the page again and try once more.",
    de: "Diese Anfrage kam von einer anderen Website und wurde abgelehnt. Öffnen Sie die Seite erneut und versuchen Sie es noch einmal.",
  });
}

/** The development pages (/dev/…) answer only a browser on this machine: the socket's peer, never a forwarding header. */
export function loopbackOnlyDevPages(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (!isLoopbackAddress(req.socket.remoteAddress)) {
    res.status(404).type("text/plain").send("Not found");
    return;
  }
  next();
}

type Texts = { nl: string; en: string; de: string };

/** A short answer in the user's language (lng cookie, else Accept-Language, else Dutch); JSON for the API. */
function refuse(req: ExpressRequest, res: ExpressResponse, status: number, error: string, texts: Texts) {
  res.setHeader("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) {
    res.status(status).json({ error, message: texts.en });
    return;
  }
  res.status(status).type("text/plain").send(texts[languageOf(req)]);
}

function languageOf(req: ExpressRequest): keyof Texts {
  return detectLanguage({ cookieHeader: req.get("Cookie"), acceptLanguage: req.get("Accept-Language") });
}

function hasSessionCookie(req: ExpressRequest): boolean {
  return /(?:^|;\s*)(?:__Host-)?session=/.test(req.get("Cookie") ?? "");
}

/**
 * Answers of Remix are not to be stored by browsers or proxies: no-store on signed-in pages, data
 * requests (`.data`, `?_data`) and the API, and on every other answer that did not choose its own
 * caching. Build assets and public files never get here and keep theirs.
 */
export function cacheControlFor(req: ExpressRequest, chosen: string | null): string {
  if (chosen && /\bno-store\b/i.test(chosen)) return chosen;
  const personal =
    hasSessionCookie(req) || req.path.startsWith("/api/") || req.path.endsWith(".data") || "_data" in req.query;
  return personal || !chosen ? "no-store" : chosen;
}

/** The Fetch API request Remix sees: like @remix-run/express's createRemixRequest, with the body read above. */
export function remixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const [, forwardedPort] = req.get("X-Forwarded-Host")?.split(":") ?? [];
  const [, hostPort] = req.get("Host")?.split(":") ?? [];
  const port = [Number.parseInt(forwardedPort, 10), Number.parseInt(hostPort, 10)].find(Number.isSafeInteger);
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
  let controller: AbortController | null = new AbortController();
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    const body = (res.locals.body as Buffer | undefined) ?? Buffer.alloc(0);
    // The body has been read whole: say so, as a Content-Length, whatever framing the client chose.
    headers.delete("Transfer-Encoding");
    headers.set("Content-Length", String(body.length));
    init.body = body as unknown as BodyInit;
  }
  // Abort loaders and actions when the answer can no longer be written (close without finish).
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}
