/**
 * Remembers React Router's route matching per route tree and path (docs/decisions/0011).
 *
 * `matchRoutes` flattens and ranks the whole route tree and compiles a RegExp for every route it tries,
 * on every call, and Remix calls it four times for each document request (request handler, static
 * handler, the server render's router, lazy route discovery). With our ~95 routes that was 17 % of the
 * CPU of a page. A match depends only on the tree's paths and on the pathname, so we remember which
 * route positions matched and rebuild the match objects from the route objects of each call: the
 * render builds a fresh route tree per request, with the same shape.
 */
import { createRequire } from "node:module";

type RouteLike = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteLike[] };
type Params = Record<string, string | undefined>;
type Match = { params: Params; pathname: string; pathnameBase: string; route: RouteLike };
type MatchRoutes = (routes: RouteLike[], location: string | { pathname?: string }, basename?: string) => Match[] | null;
/** What one call matched: the route's position at each level of the tree, its paths, and the params. */
type Remembered = { steps: { position: number; pathname: string; pathnameBase: string }[]; params: Params } | null;

/** Paths per tree kept at most; a tree that outgrows it (ids in URLs) starts afresh. */
const MAX_PATHS_PER_TREE = 5_000;

export function memoizeMatchRoutes(matchRoutes: MatchRoutes): MatchRoutes {
  const shapeIds = new Map<string, number>();
  const shapeOfTree = new WeakMap<RouteLike[], number>();
  const remembered = new Map<number, Map<string, Remembered>>();

  function shapeId(routes: RouteLike[]): number {
    let id = shapeOfTree.get(routes);
    if (id === undefined) {
      const shape = describe(routes);
      id = shapeIds.get(shape);
      if (id === undefined) shapeIds.set(shape, (id = shapeIds.size));
      shapeOfTree.set(routes, id);
    }
    return id;
  }

  return function matchRoutesRemembered(routes, location, basename = "/") {
    const pathname = (typeof location === "string" ? location.split(/[?#]/, 1)[0] : location.pathname) || "/";
    const tree = shapeId(routes);
    let paths = remembered.get(tree);
    if (!paths) remembered.set(tree, (paths = new Map()));
    const key = `${basename}\u0000${pathname}`;
    const hit = paths.get(key);
    if (hit !== undefined) return rebuild(routes, hit);

    const matches = matchRoutes(routes, location, basename);
    const memo = matches ? remember(routes, matches) : null;
    if (memo !== undefined) {
      if (paths.size >= MAX_PATHS_PER_TREE) paths.clear();
      paths.set(key, memo);
    }
    return matches;
  };
}

/** The tree's matching-relevant shape as a string: ids, paths, index and case flags, nesting. */
function describe(routes: RouteLike[]): string {
  return routes
    .map(
      (r) =>
        `${r.id ?? ""}:${r.path ?? ""}:${r.index ? 1 : 0}${r.caseSensitive ? 1 : 0}` +
        (r.children?.length ? `(${describe(r.children)})` : ""),
    )
    .join(",");
}

/** The positions of the matched routes in the tree; undefined (not remembered) if one is not found there. */
function remember(routes: RouteLike[], matches: Match[]): Remembered | undefined {
  let level: RouteLike[] | undefined = routes;
  const steps = [];
  for (const match of matches) {
    const position = level?.indexOf(match.route) ?? -1;
    if (position < 0) return undefined;
    level = match.route.children;
    steps.push({ position, pathname: match.pathname, pathnameBase: match.pathnameBase });
  }
  return { steps, params: { ...matches[matches.length - 1]?.params } };
}

function rebuild(routes: RouteLike[], hit: Remembered): Match[] | null {
  if (!hit) return null;
  // React Router gives all matches of one call the same params object; so do we, a fresh one each call.
  const params = { ...hit.params };
  let level: RouteLike[] | undefined = routes;
  return hit.steps.map((step) => {
    const route = level![step.position];
    level = route.children;
    return { params, pathname: step.pathname, pathnameBase: step.pathnameBase, route };
  });
}

/** Installs the memo on the one copy of @remix-run/router that Remix and React Router share on the server. */
export function installRouteMatchCache(): void {
  const require = createRequire(import.meta.url);
  // The CommonJS exports object: every caller reads `router.matchRoutes` from it at call time.
  const router = require("@remix-run/router") as { matchRoutes: MatchRoutes };
  router.matchRoutes = memoizeMatchRoutes(router.matchRoutes);
}
