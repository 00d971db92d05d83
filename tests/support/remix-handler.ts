/**
 * Remix's own request handler over the app's source routes, for integration tests that go through HTTP
 * semantics (route matching, method handling, thrown answers, resource-route serialisation) instead of
 * calling a loader or action function. The build is tests/support/app-server.ts's, whose route tree
 * comes from remix.config.js, so a URL reaches exactly the module the built server would run.
 */
import { createRequestHandler } from "@remix-run/node";
import { finishApiAnswer } from "~/utils/api-answer.server";
import { runInRequestScope } from "~/utils/request-scope.server";
import { serverBuildFromSources } from "./app-server";
import { BASE, context } from "./http";

let handler: Promise<(request: Request) => Promise<Response>> | undefined;

/** Sends a Request through Remix's handler (as server/web.ts does after express) and returns its Response. */
export async function handle(request: Request): Promise<Response> {
  handler ??= serverBuildFromSources().then((build) => {
    const remix = createRequestHandler(build, "production");
    // As server/app.ts: one request scope per request, and the API's last step on the answer.
    return (req: Request) => runInRequestScope(async () => finishApiAnswer(req, await remix(req, context())));
  });
  return (await handler)(request);
}

/** A JSON API call: the body is sent as JSON unless it is a string (then as given, with the given type). */
export function apiRequest(
  method: string,
  urlPath: string,
  {
    cookie,
    body,
    type = "application/json",
    headers = {},
  }: {
    cookie?: string;
    body?: unknown;
    type?: string;
    headers?: Record<string, string>;
  } = {},
): Request {
  const h = new Headers(headers);
  if (cookie) h.set("Cookie", cookie);
  if (body !== undefined) h.set("Content-Type", type);
  return new Request(BASE + urlPath, {
    method,
    headers: h,
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Status and parsed JSON body of an API answer (a route's returned or thrown Response). */
export async function jsonOf(result: unknown): Promise<{ status: number; data: unknown }> {
  if (!(result instanceof Response)) throw new Error("expected a Response from the JSON API");
  return { status: result.status, data: await result.json() };
}

/**
 * A route's loader data as the browser fetches it on a client navigation (`<path>.data`, Remix's single
 * fetch, decoded as @remix-run/react decodes it): what a signed-in user can read, over HTTP. The path may
 * carry a query.
 */
export async function loaderDataOf(path: string, routeId: string, cookie: string): Promise<unknown> {
  const [pathname, query] = path.split("?");
  const url = `${pathname === "/" ? "/_root" : pathname}.data?${query ? `${query}&` : ""}_routes=${encodeURIComponent(routeId)}`;
  const response = await handle(new Request(BASE + url, { headers: { Cookie: cookie } }));
  if (response.status !== 200 || !response.body) throw new Error(`${url} answered ${response.status}`);
  const { decodeViaTurboStream } = await import("@remix-run/react/dist/single-fetch");
  const { value } = await decodeViaTurboStream(response.body, globalThis);
  const route = (value as Record<string, { data?: unknown; error?: unknown }>)[routeId];
  if (!route || !("data" in route)) throw new Error(`${url} returned no data for ${routeId}`);
  return route.data;
}
