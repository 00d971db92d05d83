/**
 * Remembers the route trees that `<RemixServer>` builds for every document request (docs/decisions/0011).
 *
 * RemixServer calls `createServerRoutes(manifest.routes, routeModules, ...)` per request, which walks
 * every route of the build and creates its React elements, and then `createStaticRouter`, which copies
 * that tree into data routes (`UNSAFE_convertRoutesToDataRoutes`): together 6 % of a page's CPU. The
 * inputs are fixed per build (`manifest` is the build's assets, the route modules are the build's), so
 * each tree is built once per build; neither is changed afterwards while rendering.
 */
import { createRequire } from "node:module";
import path from "node:path";

type DataRoute = { id: string };
type ConvertRoutes = (
  routes: object[],
  mapRouteProperties: unknown,
  parentPath?: string[],
  manifest?: Record<string, DataRoute>,
) => DataRoute[];
type CreateServerRoutes = (manifest: object, routeModules: object, future: object, isSpaMode: boolean) => unknown;

export function memoizeServerRoutes(createServerRoutes: CreateServerRoutes): CreateServerRoutes {
  const trees = new WeakMap<object, Map<string, unknown>>();
  return function createServerRoutesRemembered(manifest, routeModules, future, isSpaMode) {
    let byMode = trees.get(manifest);
    if (!byMode) trees.set(manifest, (byMode = new Map()));
    const key = `${JSON.stringify(future)}|${isSpaMode}`;
    let routes = byMode.get(key);
    if (routes === undefined) byMode.set(key, (routes = createServerRoutes(manifest, routeModules, future, isSpaMode)));
    return routes;
  };
}

/**
 * Remembers the data routes made from a tree, for top-level calls (no parent path). The conversion also
 * fills the caller's `manifest` (route id → data route); a remembered result gives it the same routes.
 */
export function memoizeConvertRoutes(convert: ConvertRoutes): ConvertRoutes {
  const converted = new WeakMap<
    object[],
    { mapper: unknown; routes: DataRoute[]; manifest: Record<string, DataRoute> }
  >();
  return function convertRoutesRemembered(routes, mapRouteProperties, parentPath, manifest = {}) {
    if (parentPath !== undefined) return convert(routes, mapRouteProperties, parentPath, manifest);
    const hit = converted.get(routes);
    if (hit && hit.mapper === mapRouteProperties) {
      // The caller (createStaticRouter) only looks routes up by id in its fresh, empty manifest: letting
      // it inherit the remembered one answers those lookups without copying ~100 entries per request.
      if (Object.keys(manifest).length === 0) Object.setPrototypeOf(manifest, hit.manifest);
      else Object.assign(manifest, hit.manifest);
      return hit.routes;
    }
    const own: Record<string, DataRoute> = {};
    const result = convert(routes, mapRouteProperties, undefined, own);
    converted.set(routes, { mapper: mapRouteProperties, routes: result, manifest: own });
    Object.assign(manifest, own);
    return result;
  };
}

/** Production only: in development each rebuild brings a new manifest anyway, but there is nothing to gain. */
export function installServerRoutesCache(): void {
  const require = createRequire(import.meta.url);
  // RemixServer (the CommonJS build the server loads) reads `routes.createServerRoutes` from this exports
  // object at call time; the package has no exports map, so the file can be required directly.
  const routesModule = require(path.join(path.dirname(require.resolve("@remix-run/react")), "routes.js")) as {
    createServerRoutes: CreateServerRoutes;
  };
  routesModule.createServerRoutes = memoizeServerRoutes(routesModule.createServerRoutes);
  // react-router-dom/server's createStaticRouter reads it from the router's CommonJS exports at call time.
  const router = require("@remix-run/router") as { UNSAFE_convertRoutesToDataRoutes: ConvertRoutes };
  router.UNSAFE_convertRoutesToDataRoutes = memoizeConvertRoutes(router.UNSAFE_convertRoutesToDataRoutes);
}
