/**
 * The real express app (server/app.ts) on a real socket, serving the app's route modules straight from
 * the sources: a Remix server build is put together here the way `remix build` would (route manifest
 * from remix-flat-routes), so integration tests can speak HTTP to the edge (headers, body limits,
 * origin checks) without a prior build. The browser assets it names do not exist; nothing here runs JS.
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import path from "node:path";
// The module itself, not the package index, which would load Vite.
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import type { ServerBuild } from "@remix-run/node";
import remixConfig from "../../remix.config.js";
import { createApp } from "../../server/app";

const appDir = path.resolve("app");

let built: Promise<ServerBuild> | undefined;

/** The Remix server build of the sources, made once per test file (routes and future flags from remix.config.js). */
export function serverBuildFromSources(): Promise<ServerBuild> {
  built ??= buildFromSources();
  return built;
}

async function buildFromSources(): Promise<ServerBuild> {
  const manifest = await remixConfig.routes!(defineRoutes);
  const all = { root: { id: "root", path: "", file: "root.tsx" }, ...manifest } as Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; file: string }
  >;
  const routes: ServerBuild["routes"] = {};
  const assetRoutes: ServerBuild["assets"]["routes"] = {};
  for (const route of Object.values(all)) {
    const parentId = route.id === "root" ? undefined : (route.parentId ?? "root");
    const module = (await import(/* @vite-ignore */ path.join(appDir, route.file))) as Record<string, unknown>;
    const shape = { id: route.id, parentId, path: route.path, index: route.index, caseSensitive: route.caseSensitive };
    routes[route.id] = { ...shape, module } as unknown as ServerBuild["routes"][string];
    assetRoutes[route.id] = {
      ...shape,
      module: `/build/${route.id}.js`,
      imports: [],
      hasAction: typeof module.action === "function",
      hasLoader: typeof module.loader === "function",
      hasClientAction: false,
      hasClientLoader: false,
      hasErrorBoundary: typeof module.ErrorBoundary === "function",
    };
  }
  const entry = (await import(
    /* @vite-ignore */ path.join(appDir, "entry.server.tsx")
  )) as ServerBuild["entry"]["module"];
  return {
    mode: "production",
    entry: { module: entry },
    routes,
    assets: {
      url: "/build/manifest-test.js",
      version: "test",
      entry: { module: "/build/entry.client.js", imports: [] },
      routes: assetRoutes,
    },
    publicPath: "/build/",
    assetsBuildDirectory: "public/build",
    future: { ...remixConfig.future, v3_routeConfig: false, unstable_optimizeDeps: false },
    isSpaMode: false,
  } as unknown as ServerBuild;
}

export type RunningApp = { url: string; port: number; server: Server; close: () => Promise<void> };

/** Starts the app on `host` (default loopback) and a free port. */
export async function startApp(host = "127.0.0.1"): Promise<RunningApp> {
  const app = createApp({ build: await serverBuildFromSources(), mode: "production" });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, host, () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
