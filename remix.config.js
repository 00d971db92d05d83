import { flatRoutes } from "remix-flat-routes";

/**
 * An `_index` file under the app's pathless layout is a page at its own path (flat routes give it `index` and a
 * `path`). As an index route, every form posting to it would carry `?index` into the address bar after a wizard
 * step or a validation answer; as a plain route at the same path it is reached the same way without it. Kept an
 * index route only where a sibling has the same path (a redirect beside a tabs layout) (1710).
 */
function pagesWithoutIndexQuery(routes) {
  const samePath = new Map();
  for (const route of Object.values(routes)) {
    const key = `${route.parentId}|${route.path}`;
    samePath.set(key, (samePath.get(key) ?? 0) + 1);
  }
  for (const route of Object.values(routes)) {
    if (route.index && route.path && samePath.get(`${route.parentId}|${route.path}`) === 1) route.index = false;
  }
  return routes;
}

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: true,
  postcss: false,
  watchPaths: ["./public/locales/**/*.json", "./db/**/*.ts", "./emails/**/*.tsx"],
  serverDependenciesToBundle: [/^remix-i18next/],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
  routes: async (defineRoutes) =>
    pagesWithoutIndexQuery(
      flatRoutes("routes", defineRoutes, {
        ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/*.css"],
      }),
    ),
};
