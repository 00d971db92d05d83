/**
 * The route pattern of a request (`/personnel/user/:id`), for the access log and the request metrics: never the
 * URL itself, which holds ids (endless label values) and sometimes tokens (reset and invitation links).
 */
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

type Tree = AgnosticRouteObject & { children?: Tree[] };

/** The build's flat route table as the nested tree React Router matches on. */
function routeTree(routes: ServerBuild["routes"]): Tree[] {
  const children = new Map<string | undefined, Tree[]>();
  for (const route of Object.values(routes)) {
    const node = {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    } as Tree;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(node);
    children.set(route.parentId, siblings);
  }
  const attach = (nodes: Tree[]): Tree[] =>
    nodes.map((node) => {
      const below = children.get(node.id);
      return below && !node.index ? { ...node, children: attach(below) } : node;
    });
  return attach(children.get(undefined) ?? []);
}

/** A function from a pathname to its route pattern, "(none)" when no route matches (a 404). */
export function routePatterns(build: ServerBuild): (pathname: string) => string {
  const tree = routeTree(build.routes);
  const known = new Map<string, string>();
  return (pathname) => {
    // Single-fetch data requests: /x.data for /x, /_root.data for /.
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    const hit = known.get(page);
    if (hit) return hit;
    const matches = matchRoutes(tree, page);
    const pattern = matches
      ? "/" +
        matches
          .map((match) => match.route.path?.replace(/^\/|\/$/g, ""))
          .filter(Boolean)
          .join("/")
      : "(none)";
    // Matched paths with ids are many; remembering only a bounded number keeps the memory bounded.
    if (known.size < 2_000) known.set(page, pattern);
    return pattern;
  };
}
