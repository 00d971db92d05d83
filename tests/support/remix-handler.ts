/**
 * Remix's own request handler over the app's source routes, for integration tests that go through HTTP
 * semantics (route matching, method handling, thrown answers, resource-route serialisation) instead of
 * calling a loader or action function. The route tree comes from the same remix-flat-routes call as
 * remix.config.js, so a URL reaches exactly the module the built server would run.
 */
import path from "node:path";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { flatRoutes } from "remix-flat-routes";
import { BASE, context } from "./http";

type RouteModule = ServerBuild["routes"][string]["module"];

let handler: Promise<(request: Request) => Promise<Response>> | undefined;

async function buildFromSource(): Promise<ServerBuild> {
  const appDir = path.resolve("app");
  const manifest = flatRoutes("routes", defineRoutes, {
    appDir,
    ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
  });
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: (await import("~/root")) as unknown as RouteModule },
  };
  for (const route of Object.values(manifest)) {
    routes[route.id] = {
      id: route.id,
      parentId: route.parentId,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      module: (await import(/* @vite-ignore */ path.join(appDir, route.file))) as RouteModule,
    };
  }
  return {
    mode: "production",
    entry: { module: await import("~/entry.server") },
    routes,
    assets: {
      entry: { imports: [], module: "" },
      routes: {},
      url: "/build/manifest-test.js",
      version: "test",
    } as unknown as ServerBuild["assets"],
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: {
      v3_fetcherPersist: true,
      v3_relativeSplatPath: true,
      v3_throwAbortReason: true,
      v3_singleFetch: true,
      v3_lazyRouteDiscovery: true,
    } as ServerBuild["future"],
    isSpaMode: false,
  };
}

/** Sends a Request through Remix's handler (as server/web.ts does after express) and returns its Response. */
export async function handle(request: Request): Promise<Response> {
  handler ??= buildFromSource().then((build) => {
    const remix = createRequestHandler(build, "production");
    return (req: Request) => remix(req, context());
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
