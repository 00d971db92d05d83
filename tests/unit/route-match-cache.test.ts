import { createRequire } from "node:module";
import { matchRoutes } from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";
import { memoizeMatchRoutes } from "../../server/route-match-cache";

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };

/** A tree shaped like the app's: root, pathless layouts, index routes, params, an optional segment, a splat. */
function tree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        { id: "login", path: "login" },
        {
          id: "app-layout",
          children: [
            { id: "dashboard", path: "dashboard" },
            { id: "users-tab", path: "personnel/users/:tab" },
            { id: "user-tab", path: "personnel/user/:id/:tab" },
            { id: "contract", path: "personnel/user/:id/contracts/:contractId" },
            { id: "summary", path: "review/summary/:id/:tab?" },
            { id: "report", path: "Review/Report/:reviewId", caseSensitive: true },
          ],
        },
        { id: "api-reviews", path: "api/reviews/:id" },
        { id: "not-found", path: "*" },
      ],
    },
  ];
}

const paths = [
  "/",
  "/login",
  "/dashboard",
  "/dashboard/",
  "/personnel/users/active",
  "/personnel/user/5b7e/details",
  "/personnel/user/5b7e/contracts/9c1d",
  "/review/summary/abc",
  "/review/summary/abc/grid",
  "/Review/Report/r1",
  "/review/report/r1",
  "/api/reviews/7",
  "/no/such/page",
  "/personnel/users/caf%C3%A9",
  "/login?redirectTo=/dashboard#top",
];

type MatchRoutes = Parameters<typeof memoizeMatchRoutes>[0];
/** React Router's own matchRoutes, typed for these plain route objects. */
const reactRouter = matchRoutes as unknown as MatchRoutes;

/** Matches reduced to what callers read: the route's id, its paths and the params. */
const shape = (matches: ReturnType<MatchRoutes>) =>
  matches?.map((m) => ({ id: m.route.id, pathname: m.pathname, pathnameBase: m.pathnameBase, params: m.params }));

describe("memoizeMatchRoutes", () => {
  it("answers exactly as React Router does, the first time and from memory, with or without a basename", () => {
    const memoized = memoizeMatchRoutes(reactRouter);
    for (const basename of ["/", "/app"]) {
      for (const path of paths) {
        const location = basename === "/" ? path : `/app${path}`;
        const expected = shape(reactRouter(tree(), location, basename));
        expect(shape(memoized(tree(), location, basename)), location).toEqual(expected);
        expect(shape(memoized(tree(), location, basename)), location).toEqual(expected);
      }
    }
  });

  it("takes the route objects from the tree of each call, and gives each call its own params", () => {
    const memoized = memoizeMatchRoutes(reactRouter);
    const first = tree();
    const second = tree();
    const a = memoized(first, "/personnel/user/5b7e/details")!;
    const b = memoized(second, "/personnel/user/5b7e/details")!;
    expect(b.map((m) => m.route)).toEqual([second[0], second[0].children![2], second[0].children![2].children![2]]);
    expect(b[2].route).not.toBe(a[2].route);
    b[2].params.id = "changed";
    expect(memoized(first, "/personnel/user/5b7e/details")![2].params.id).toBe("5b7e");
    // All matches of one call share one params object, as React Router's do.
    expect(b[0].params).toBe(b[2].params);
  });

  it("matches a tree of another shape afresh", () => {
    const original = vi.fn(reactRouter);
    const memoized = memoizeMatchRoutes(original);
    memoized(tree(), "/dashboard");
    memoized(tree(), "/dashboard");
    expect(original).toHaveBeenCalledTimes(1);
    const renamed = tree();
    renamed[0].children![2].children![0].path = "start";
    expect(shape(memoized(renamed, "/dashboard"))?.at(-1)?.id).toBe("not-found");
    expect(shape(memoized(renamed, "/start"))?.at(-1)?.id).toBe("dashboard");
    expect(original).toHaveBeenCalledTimes(3);
  });

  it("keeps the basename apart", () => {
    const memoized = memoizeMatchRoutes(reactRouter);
    expect(shape(memoized(tree(), "/app/dashboard", "/"))?.at(-1)?.id).toBe("not-found");
    expect(shape(memoized(tree(), "/app/dashboard", "/app"))?.at(-1)?.id).toBe("dashboard");
    expect(memoized(tree(), "/dashboard", "/app")).toBeNull();
  });
});

describe("the static handler's matching (patches/@remix-run+router+*.patch)", () => {
  it("goes through the router's exports, so the installed memo serves documents and resource routes", async () => {
    // The CommonJS build, which the server loads and the patch changes.
    const router = createRequire(import.meta.url)("@remix-run/router") as typeof import("@remix-run/router");
    const exports = router as unknown as { matchRoutes: MatchRoutes };
    const original = exports.matchRoutes;
    const counting = vi.fn(original);
    exports.matchRoutes = counting;
    try {
      const handler = router.createStaticHandler([
        {
          id: "root",
          path: "/",
          loader: () => "root",
          children: [
            { id: "dashboard", path: "dashboard", loader: () => "dashboard" },
            { id: "health", path: "healthcheck", loader: () => new Response("OK") },
          ],
        },
      ]);
      const context = await handler.query(new Request("http://app.test/dashboard"));
      expect(context instanceof Response ? null : context.matches.map((m) => m.route.id)).toEqual([
        "root",
        "dashboard",
      ]);
      expect(counting).toHaveBeenCalledTimes(1);
      const response = (await handler.queryRoute(new Request("http://app.test/healthcheck"))) as Response;
      expect(await response.text()).toBe("OK");
      expect(counting).toHaveBeenCalledTimes(2);
    } finally {
      exports.matchRoutes = original;
    }
  });
});
