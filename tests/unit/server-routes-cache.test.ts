import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import { memoizeConvertRoutes, memoizeServerRoutes } from "../../server/server-routes-cache";

const router = createRequire(import.meta.url)("@remix-run/router") as {
  UNSAFE_convertRoutesToDataRoutes: Parameters<typeof memoizeConvertRoutes>[0];
};
const convert = router.UNSAFE_convertRoutesToDataRoutes;
const mapRouteProperties = (route: { hasErrorBoundary?: boolean }) => ({
  hasErrorBoundary: Boolean(route.hasErrorBoundary),
});

function tree() {
  return [
    {
      id: "root",
      path: "/",
      children: [
        { id: "dashboard", path: "dashboard" },
        { id: "layout", children: [{ id: "users", path: "personnel/users/:tab", hasErrorBoundary: true }] },
      ],
    },
  ];
}

describe("memoizeServerRoutes", () => {
  it("builds one tree per manifest and mode, and a new one for another build's manifest", () => {
    const build = vi.fn((manifest: object) => [{ manifest }]);
    const remembered = memoizeServerRoutes(build);
    const manifest = { root: {} };
    const first = remembered(manifest, {}, { v3_singleFetch: true }, false);
    expect(remembered(manifest, { other: "modules object, same build" }, { v3_singleFetch: true }, false)).toBe(first);
    expect(build).toHaveBeenCalledTimes(1);
    expect(remembered(manifest, {}, { v3_singleFetch: true }, true)).not.toBe(first);
    const next = { root: {} };
    expect(remembered(next, {}, { v3_singleFetch: true }, false)).toEqual([{ manifest: next }]);
    expect(build).toHaveBeenCalledTimes(3);
  });
});

describe("memoizeConvertRoutes", () => {
  it("gives the same data routes as React Router and fills each caller's manifest, also from memory", () => {
    const routes = tree();
    const expectedManifest = {};
    const expected = convert(routes, mapRouteProperties, undefined, expectedManifest);
    const remembered = memoizeConvertRoutes(convert);
    for (let call = 0; call < 2; call++) {
      const manifest: Record<string, { id: string }> = {};
      const result = remembered(routes, mapRouteProperties, undefined, manifest);
      expect(result).toEqual(expected);
      for (const id of Object.keys(expectedManifest)) expect(manifest[id]?.id, id).toBe(id);
      type Node = { children: Node[] };
      expect(manifest.users).toBe((result[0] as unknown as Node).children[1].children[0]);
    }
  });

  it("converts another tree, another mapper or a nested call afresh", () => {
    const counting = vi.fn(convert);
    const remembered = memoizeConvertRoutes(counting);
    const routes = tree();
    remembered(routes, mapRouteProperties);
    remembered(routes, mapRouteProperties);
    expect(counting).toHaveBeenCalledTimes(1);
    remembered(tree(), mapRouteProperties);
    remembered(routes, () => ({}));
    remembered(routes[0].children, mapRouteProperties, ["0"], {});
    expect(counting).toHaveBeenCalledTimes(4);
  });
});
