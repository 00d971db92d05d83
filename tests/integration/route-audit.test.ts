/**
 * Route audit (ARCHITECTURE.md "Safety nets"): every loader and action of every signed-in page, API
 * and resource route is called anonymously and as an employee without rights. Anonymous callers must
 * be sent to /login (pages) or get 401 (API); an employee must be turned away from every page that
 * needs a right. New routes are picked up automatically.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, run } from "../support/http";
import { sessionCookieFor } from "../support/session";

const routesDir = path.resolve("app/routes");

/** Route files under a folder, recursively; `_layout` and components are routes too. */
function routeFiles(folder: string): string[] {
  const dir = path.join(routesDir, folder);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? routeFiles(path.join(folder, entry.name)) : [path.join(folder, entry.name)],
    )
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".test.ts"));
}

/** A URL and params for a route file: every $param becomes a fresh UUID. */
function urlFor(file: string) {
  const params: Record<string, string> = {};
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/[/.]/)
    .filter((s) => s && !s.startsWith("_") && !s.endsWith("+") && s !== "route")
    .map((s) => {
      if (s.startsWith("$")) {
        const value = crypto.randomUUID();
        params[s.slice(1)] = value;
        return value;
      }
      return s;
    });
  const prefix = file.startsWith("api+") ? "/api" : file.startsWith("resources+") ? "/resources" : "";
  return { url: prefix + "/" + segments.join("/"), params };
}

type RouteModule = { loader?: (args: unknown) => Promise<unknown>; action?: (args: unknown) => Promise<unknown> };

async function call(file: string, kind: "loader" | "action", cookie?: string) {
  const mod = (await import(path.join(routesDir, file))) as RouteModule;
  const fn = mod[kind];
  if (!fn) return null;
  const { url, params } = urlFor(file);
  const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  const request =
    kind === "loader"
      ? new Request(BASE + url, { headers })
      : new Request(BASE + url, { method: "POST", headers, body: "intent=x" });
  return run(() => fn({ request, params, context: context() }));
}

function outcome(result: unknown): string {
  if (result === null) return "none";
  if (result instanceof Response) {
    const location = result.headers.get("Location");
    if (location) return `${result.status} ${location.split("?")[0]}`;
    return String(result.status);
  }
  return "200";
}

const appFiles = routeFiles("_app+");
const apiFiles = routeFiles("api+");
// Public on purpose: the language switch works before sign-in.
const resourceFiles = routeFiles("resources+").filter((f) => !f.startsWith("resources+/language"));

/** Loaders that hold no data and only redirect, so need no guard. */
const plainRedirectLoaders = new Set(["resources+/switch-cluster.tsx"]);

/** Pages any signed-in user (an employee without rights) may open. */
const openToEveryone = new Set(["_app+/_layout.tsx"]);
const openPrefixes = ["_app+/dashboard+/", "_app+/my+/"];
const isOpen = (file: string) => openToEveryone.has(file) || openPrefixes.some((p) => file.startsWith(p));

describe("route audit: anonymous", () => {
  it.each([...appFiles, ...resourceFiles])("%s sends an anonymous visitor to /login", async (file) => {
    for (const kind of ["loader", "action"] as const) {
      if (kind === "loader" && plainRedirectLoaders.has(file)) continue;
      const result = outcome(await call(file, kind));
      if (result === "none") continue;
      expect(result, `${kind} of ${file}`).toMatch(/^30[23] \/login$/);
    }
  });

  it.each(apiFiles)("%s answers 401 to an anonymous caller", async (file) => {
    for (const kind of ["loader", "action"] as const) {
      const result = outcome(await call(file, kind));
      if (result === "none") continue;
      // 405: the route does not serve that method at all.
      expect(result, `${kind} of ${file}`).toMatch(/^(401|405)$/);
    }
  });
});

describe("route audit: an employee without rights", () => {
  let cookie: string;

  it.each([...appFiles.filter((f) => !isOpen(f)), ...apiFiles])("%s turns an employee away", async (file) => {
    cookie ??= await employeeCookie();
    for (const kind of ["loader", "action"] as const) {
      const result = outcome(await call(file, kind, cookie));
      if (result === "none") continue;
      // Pages redirect to /dashboard (spec §2), the API answers 403; an id that is not theirs is a 404.
      expect(result, `${kind} of ${file}`).toMatch(/^(302 \/dashboard|403|404|405)$/);
    }
  });
});

async function employeeCookie() {
  const db = getDb();
  const account = await createAccount(db);
  const cluster = await createClusterFor(db, account.id);
  const employee = await createUserWithMembership(db, { accountId: account.id, clusterId: cluster.id });
  return (await sessionCookieFor({ userId: employee.user.id, accountId: account.id, clusterId: cluster.id })).cookie;
}
