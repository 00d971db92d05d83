/**
 * While PostgreSQL is unreachable (a restart, a failover) a page answers 503 with Retry-After and a
 * short page in the user's language, instead of a 500 (docs/decisions/0611). app/entry.server.tsx's
 * handleError notes that a request met such an error; handleRequest and handleDataRequest then answer
 * with what this module makes. Nothing here touches the database.
 */
import { isDatabaseUnavailable } from "#db/client.server";
import type { Language } from "./i18n";
import { sharedI18n } from "./i18n.server";
import { detectLanguage } from "./language-detection";
import { plainHtmlPage } from "./plain-page.server";
import { logger } from "~/utils/logger.server";

/** Seconds a browser or client is asked to wait; PostgreSQL restarts in about that. */
export const RETRY_AFTER_SECONDS = 5;

const unavailable = new WeakSet<Request>();
let lastLog = 0;

/**
 * Called from handleError: remembers that `request` failed because the database is unreachable and
 * logs one short line (at most one a second, not one stack per request). False for other errors.
 */
export function noteDatabaseUnavailable(error: unknown, request: Request): boolean {
  if (!isDatabaseUnavailable(error)) return false;
  unavailable.add(request);
  const now = Date.now();
  if (now - lastLog >= 1_000) {
    lastLog = now;
    const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : "";
    logger.error(`database unavailable, answering 503: ${reason}`);
  }
  return true;
}

export function wasDatabaseUnavailable(request: Request): boolean {
  return unavailable.has(request);
}

/** The language cookie, then Accept-Language: the user's own setting would need the database. */
function languageWithoutDatabase(request: Request): Language {
  return detectLanguage({
    cookieHeader: request.headers.get("Cookie"),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}

/** Headers of every 503 for an unreachable database: retry soon, never cache. */
export function databaseUnavailableHeaders(): Headers {
  return new Headers({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" });
}

/** A short, self-contained HTML page (no scripts, no database), status 503 with Retry-After. */
export async function databaseUnavailableResponse(request: Request): Promise<Response> {
  const lng = languageWithoutDatabase(request);
  const t = sharedI18n().getFixedT(lng, "common");
  const url = new URL(request.url);
  const again = request.method === "GET" ? `${url.pathname}${url.search}` : url.pathname;
  const body = plainHtmlPage({
    lng,
    title: t("unavailable.title"),
    paragraphs: [t("unavailable.body")],
    link: { href: again, text: t("unavailable.retry") },
  });
  const headers = databaseUnavailableHeaders();
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(request.method === "HEAD" ? null : body, { status: 503, headers });
}

/** For a resource route: JSON under /api (the API's error shape), otherwise the short page. */
export async function databaseUnavailableResourceResponse(request: Request): Promise<Response> {
  if (!new URL(request.url).pathname.startsWith("/api/")) return databaseUnavailableResponse(request);
  return Response.json({ error: "databaseUnavailable" }, { status: 503, headers: databaseUnavailableHeaders() });
}

/**
 * For a single-fetch data request (client-side navigation or form post with JavaScript): the browser
 * is told to load the page as a document, which then answers the 503 page above (or the page itself
 * once the database is back). A post reloads the page it was sent from.
 */
export function databaseUnavailableDataResponse(request: Request): Response {
  const url = new URL(request.url);
  let target = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  if (request.method === "GET") {
    const search = url.searchParams.toString();
    if (search) target += `?${search}`;
  } else {
    const from = sameOriginReferer(request, url);
    if (from) target = `${from.pathname}${from.search}`;
  }
  const headers = databaseUnavailableHeaders();
  // Never "//host" or "/\host": the browser would leave this site.
  headers.set("Location", `/${target.replace(/^[/\\]+/, "")}`);
  headers.set("X-Remix-Reload-Document", "yes");
  return new Response(null, { status: 302, headers });
}

function sameOriginReferer(request: Request, url: URL): URL | null {
  try {
    const from = new URL(request.headers.get("Referer") ?? "");
    return from.origin === url.origin ? from : null;
  } catch {
    return null;
  }
}
