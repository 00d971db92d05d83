/**
 * Route audit (ARCHITECTURE.md "Safety nets"): every loader and action of every signed-in page, API
 * and resource route is called anonymously and as an employee without rights. Anonymous callers must
 * be sent to /login (pages) or get 401 (API); an employee must be turned away from every page that
 * needs a right. New routes are picked up automatically. The last part calls every route that takes an
 * id with the seeded demo's real ids, as each demo user.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, run } from "../support/http";
import {
  demoRoles,
  demoWorld,
  type DemoRole,
  type DemoWorld,
  type TeamData,
  type TenantData,
} from "../support/demo-world";
import { idRoutes, type IdRoute, type Params } from "../support/route-ids";
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
    // A trailing "_" (e.g. evaluation.$id_.criteria) only opts out of the parent layout.
    .map((s) => s.replace(/_$/, ""))
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
  // Remix's data(): the status it will be sent with.
  const init = (result as { type?: string; init?: ResponseInit | null }).type === "DataWithResponseInit";
  if (init) return String((result as { init?: ResponseInit | null }).init?.status ?? 200);
  return "200";
}

const appFiles = routeFiles("_app+");
// Public on purpose: API clients sign in there (tests/integration/api-tokens.test.ts covers it); the
// OpenAPI document and its reference page describe the API and hold no data (api-contract.test.ts).
const publicApiFiles = new Set(["api+/auth.login.ts", "api+/openapi[.]json.ts", "api+/docs.ts"]);
const apiFiles = routeFiles("api+").filter((f) => !publicApiFiles.has(f));
// Public on purpose: the language switch works before sign-in; the translations are the login page's texts too (1950).
const publicResourceFiles = ["resources+/language", "resources+/translations."];
const resourceFiles = routeFiles("resources+").filter((f) => !publicResourceFiles.some((p) => f.startsWith(p)));

/** Loaders that hold no data and only redirect, so need no guard. */
const plainRedirectLoaders = new Set(["resources+/switch-cluster.tsx"]);

/** Pages any signed-in user (an employee without rights) may open. */
// goals-and-ambitions: teamGoals.read is everyone's; each sees the goals of their own teams.
// api/init: the caller's own session (spec §7), nothing of anyone else; api/auth/refresh and logout: the
// caller's own token.
const openToEveryone = new Set([
  "_app+/_layout.tsx",
  "api+/tasks.ts",
  "_app+/goals-and-ambitions.tsx",
  "api+/init.ts",
  "api+/auth.refresh.ts",
  "api+/auth.logout.ts",
]);
// Tasks and notes are everyone's own (their ids are audited as each demo user below).
// The knowledge base is every signed-in user's (route-access: "/knowledge-base" needs no right).
// The guide is every signed-in user's too (route-access: "/guide" needs no right; no ids).
const openPrefixes = [
  "_app+/dashboard+/",
  "_app+/my+/",
  "_app+/tasks+/",
  "_app+/flow+/",
  // Every employee takes part in their own dialogs (docs/decisions/1000); ids audited below.
  "_app+/dialogs+/",
  "_app+/knowledge-base+/",
  "_app+/guide+/",
  // Everyone's own peer questionnaires (route-access: "/peerreview" needs the module only); ids audited below.
  "_app+/peerreview+/",
  // Team development steps are every signed-in user's; each sees the progress of their own teams.
  "_app+/team-development+/",
];
// Every employee measures their own flow (docs/decisions/0921); its ids are audited below.
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

  it.each([...appFiles, ...apiFiles].filter((f) => !isOpen(f)))("%s turns an employee away", async (file) => {
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

/*
 * Real ids (issue 12 "every route with an id, called as each demo role with a real id of another role's
 * data"; issue 13 "call every route with a real id the user may see, and one they may not"). Built on the
 * seeded demo (tests/support/demo-world.ts): each demo user opens every route that takes an id
 *  - with a real id of their own account that they may see: the page must answer (200, or its normal
 *    redirect), so a wrong 404 or a missing right fails;
 *  - with the same kind of id where they lack the right, with another team's data (leider@demo.nl), and
 *    with the other account's data: the answer must be a refusal (302 /dashboard, 403, 404), never data.
 * Every route file with a `$param` needs an entry below, so a new route cannot skip the audit.
 */

const filesWithParams = routeFiles(".")
  .map((f) => f.replace(/^\.\//, ""))
  .filter((f) => /(^|[/.])\$[a-zA-Z]/.test(f) || /(^|\/)\$\.tsx?$/.test(f));

/** The URL of a route file with the given params (the same rules as urlFor above). */
function urlWith(file: string, params: Params, query = "") {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(/[/.]/)
    .filter((s) => s && !s.startsWith("_") && !s.endsWith("+") && s !== "route")
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s.startsWith("$") ? params[s.slice(1)] : s));
  const prefix = file.startsWith("api+") ? "/api" : file.startsWith("resources+") ? "/resources" : "";
  return prefix + "/" + segments.join("/") + query;
}

async function callWith(
  file: string,
  entry: IdRoute,
  kind: "loader" | "action",
  cookie: string,
  d: TenantData,
  t: TeamData,
) {
  const mod = (await import(path.join(routesDir, file))) as RouteModule;
  const fn = mod[kind];
  if (!fn) return null;
  const params = entry.params(d, t);
  const url = BASE + urlWith(file, params, entry.query?.(d, t));
  let request: Request;
  if (kind === "loader") request = new Request(url, { headers: { Cookie: cookie } });
  else if (entry.api)
    request = new Request(url, {
      method: entry.api.method,
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify(entry.api.body(d, t)),
    });
  else
    request = new Request(url, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=x",
    });
  return run(() => fn({ request, params, context: context() }));
}

const REFUSED = /^(302 \/dashboard|403|404)$/;
/** An answer with the page's data, or the page's own redirect (e.g. /personnel/user/{id} → its first tab). */
const isAllowed = (o: string) => o === "200" || (/^30[1-8] \//.test(o) && !/ \/(dashboard|login|nocluster)$/.test(o));

describe("route audit: real ids, every demo role", () => {
  let w: DemoWorld;
  beforeAll(async () => {
    w = await demoWorld();
  }, 120_000);

  it("has an entry for every route that takes a parameter", () => {
    const missing = filesWithParams.filter((f) => !(f in idRoutes));
    expect(missing, "add these routes to idRoutes in route-audit.test.ts").toEqual([]);
    const stale = Object.keys(idRoutes).filter((f) => !filesWithParams.includes(f));
    expect(stale, "these idRoutes entries name no route file").toEqual([]);
  });

  const audited = Object.entries(idRoutes).filter((e): e is [string, IdRoute] => !("notTenantData" in e[1]));

  it.each(audited)("%s: each role opens what it may and is refused the rest", async (file, entry) => {
    const problems: string[] = [];
    const expectOutcome = async (
      label: string,
      kind: "loader" | "action",
      role: DemoRole,
      d: TenantData,
      t: TeamData,
      allowed: boolean,
    ) => {
      const result = outcome(await callWith(file, entry, kind, w.cookies[role], d, t));
      if (result === "none" || result === "405") return;
      // An action may also turn away the audit's meaningless body (400) before it looks at the id: nothing
      // is read or written then. Writes with valid bodies and foreign ids are the tenant-isolation tests'.
      const ok = allowed ? isAllowed(result) : REFUSED.test(result) || (kind === "action" && result === "400");
      if (!ok) problems.push(`${role} ${kind} ${label}: got ${result}, expected ${allowed ? "allowed" : "refused"}`);
    };
    for (const role of demoRoles) {
      const own = role === "andere" ? w.andere : w.demo;
      const foreign = role === "andere" ? w.demo : w.andere;
      const asRole: DemoRole = role === "andere" ? "admin" : role;
      const mayRead = entry.may.includes(asRole);
      const mayWrite = (entry.mayWrite ?? entry.may).includes(asRole);
      const mayOther = (allowed: boolean) => allowed && !(entry.team && role === "leider");

      // (a) a real id of their own account.
      await expectOutcome("own led data", "loader", role, own, own.led, mayRead);
      if (!entry.team || role !== "andere")
        await expectOutcome("own other team's data", "loader", role, own, own.other, mayOther(mayRead));
      // Writes are only tried where they must be refused: an allowed write would change the demo.
      if (!mayWrite) await expectOutcome("own data", "action", role, own, own.led, false);
      if (entry.team && role === "leider")
        await expectOutcome("other team's data", "action", role, own, own.other, false);
      // (b) the other account's data: always refused, reads and writes.
      await expectOutcome("other account's data", "loader", role, foreign, foreign.led, false);
      await expectOutcome("other account's data", "action", role, foreign, foreign.led, false);
    }
    // One line a problem, so that every hole of the route is shown at once.
    expect(problems.join("\n")).toBe("");
  });
});
