/**
 * Every page answer 429 carries Retry-After, over HTTP (issue #33 item 5): Remix drops a loader's or
 * action's headers unless the route exports `headers`, so reading the action's data is not enough.
 * The throttled routes are found from the route manifest (any route whose source answers 429), every
 * counter of the throttle module is filled for this test's IP, e-mail and user, and each such route is
 * asked as a browser would (GET, form POST, and the POST of JavaScript's single fetch) anonymously, with
 * a half-finished second factor, and signed in.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { createRequestHandler } from "@remix-run/node";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { throttleKey, throttleRules, type ThrottleRule } from "~/features/auth/throttle.server";
import { createPendingCookie } from "~/features/auth/two-factor.server";
import remixConfig from "../../remix.config.js";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context } from "../support/http";
import { serverBuildFromSources } from "../support/app-server";
import { sessionCookieFor } from "../support/session";

const IP = "198.51.100.29";

type RouteEntry = { id: string; parentId?: string; path?: string; file: string };

/** Route files whose loader or action can answer 429, with a URL that reaches them. */
async function throttledRoutes(): Promise<{ file: string; url: string }[]> {
  const manifest = (await remixConfig.routes!(defineRoutes)) as Record<string, RouteEntry>;
  const fullPath = (route: RouteEntry): string => {
    const parent = route.parentId ? manifest[route.parentId] : undefined;
    const own = route.path ?? "";
    return [parent ? fullPath(parent) : "", own].filter(Boolean).join("/");
  };
  const found: { file: string; url: string }[] = [];
  for (const route of Object.values(manifest)) {
    // Pages only: the JSON API's 429s are Responses with their headers, asserted by their own tests.
    if (route.file.startsWith("routes/api+/")) continue;
    const source = await readFile(path.join("app", route.file), "utf8");
    if (!/\b429\b|Retry-After/.test(source)) continue;
    // Parameters get a value that is well-formed and wrong (a bogus code), the profile its password tab.
    const url = fullPath(route)
      .split("/")
      .map((segment) => (segment === ":tab" ? "password" : segment.startsWith(":") ? "0123456789abcdef" : segment))
      .join("/");
    found.push({ file: route.file, url: `/${url}` });
  }
  return found;
}

/** Puts every counter of every rule over its limit for each subject this test's requests are counted by. */
async function exhaustThrottles(subjects: string[]) {
  const rules = Object.keys(throttleRules) as ThrottleRule[];
  for (const rule of rules) {
    for (const subject of subjects) {
      const key = throttleKey({ rule, subject });
      await getDb().execute(sql`
        insert into auth_throttle (key, count, window_start, window_seconds)
        values (${key}, 100000, now(), ${throttleRules[rule].windowSeconds})
        on conflict (key) do update set count = 100000, window_start = now()`);
    }
  }
}

let handler: (request: Request) => Promise<Response>;
let routes: { file: string; url: string }[];
let email: string;
let cookies: Record<string, string>;

beforeAll(async () => {
  const accountId = (await createAccount(getDb())).id;
  const clusterId = (await createClusterFor(getDb(), accountId)).id;
  const { user } = await createUserWithMembership(getDb(), { accountId, clusterId, isAccountAdmin: true });
  email = user.email;
  const signedIn = (await sessionCookieFor({ userId: user.id, accountId, clusterId })).cookie;
  const pending = async (step: "setup" | "verify") =>
    (await createPendingCookie(new Request(BASE + "/login"), { userId: user.id, step, redirectTo: null })).split(
      ";",
    )[0];
  cookies = { anonymous: "", signedIn, verify: await pending("verify"), setup: await pending("setup") };
  await exhaustThrottles([IP, email, user.id, `${email}|${IP}`, accountId]);
  const remix = createRequestHandler(await serverBuildFromSources(), "production");
  handler = (request) => remix(request, context(IP));
  routes = await throttledRoutes();
}, 180_000);

const password = "Ander-wachtwoord-2026!";
function form(): string {
  return new URLSearchParams({
    email,
    password,
    passwordConfirmation: password,
    currentPassword: password,
    code: "123456",
    token: "0123456789abcdef",
    companyName: "Bedrijf",
    firstName: "Test",
    lastName: "Persoon",
    acceptTerms: "on",
    acceptPrivacy: "on",
    acceptProcessing: "on",
  }).toString();
}

function requestsFor(url: string, cookie: string): Request[] {
  const headers = (extra: Record<string, string> = {}) => ({ ...(cookie ? { Cookie: cookie } : {}), ...extra });
  // Remix compares Origin with the host of a POST, as behind the proxy (server/web.ts passes both on).
  const post = {
    "Content-Type": "application/x-www-form-urlencoded",
    Origin: BASE,
    "X-Forwarded-Host": new URL(BASE).host,
  };
  return [
    new Request(BASE + url, { headers: headers() }),
    new Request(BASE + url, { method: "POST", headers: headers(post), body: form() }),
    new Request(`${BASE}${url}.data`, { method: "POST", headers: headers(post), body: form() }),
  ];
}

describe("Retry-After on every 429 page answer, over HTTP", () => {
  it("finds the throttled routes in the route manifest", () => {
    const files = routes.map((r) => r.file);
    // The nine pages are among them; any route added later that answers 429 is found the same way.
    for (const page of ["login", "2fa.verify", "password-request", "register", "password-reset.$code"]) {
      expect(files).toContain(`routes/_public+/${page}.tsx`);
    }
    expect(files).toContain("routes/_app+/my+/profile.$tab.tsx");
  });

  it("each throttled route answers 429 with Retry-After once its counters are full; no 429 lacks it", async () => {
    const limited = new Set<string>();
    const missing: string[] = [];
    for (const route of routes) {
      // The first kind of visitor the route limits (anonymous, signed in, half-way through 2FA) is enough.
      for (const [who, cookie] of Object.entries(cookies)) {
        for (const request of requestsFor(route.url, cookie)) {
          const response = await handler(request);
          await response.arrayBuffer();
          if (response.status !== 429) continue;
          limited.add(route.file);
          const retryAfter = Number(response.headers.get("Retry-After"));
          if (!(retryAfter > 0)) missing.push(`${request.method} ${new URL(request.url).pathname} (${who})`);
        }
        if (limited.has(route.file)) break;
      }
    }
    expect(missing).toEqual([]);
    // Every route that can answer 429 was brought to answer it here, so the check above saw each of them.
    expect([...limited].sort()).toEqual(routes.map((r) => r.file).sort());
  }, 120_000);
});
