import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { auditEvents, authThrottle, sessions, users } from "#db/schema";
import { loginHits, throttleKey } from "~/features/auth/throttle.server";
import { action as loginAction, loader as loginLoader } from "~/routes/_public+/login";
import { action as logoutAction } from "~/routes/logout";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { context, cookieFrom, formRequest, getRequest, run, unwrapData } from "../support/http";

const PASSWORD = "Welkom!2026";
let accountId: string;
let clusterId: string;

beforeAll(async () => {
  const db = getDb();
  accountId = (await createAccount(db)).id;
  clusterId = (await createClusterFor(db, accountId)).id;
});

async function newUser(
  overrides: Parameters<typeof createUserWithMembership>[1] extends infer T ? Partial<T> : never = {},
) {
  return createUserWithMembership(getDb(), { accountId, clusterId, ...overrides });
}

async function login(email: string, password: string, ip = "203.0.113.7") {
  const result = await run(() =>
    loginAction({ request: formRequest("/login", { email, password }), context: context(ip), params: {} }),
  );
  return result;
}

function formErrorsOf(result: unknown): { status: number; errors: string[]; headers: Headers } {
  const { data, status, headers } = unwrapData(result);
  const reply = data as { error?: Record<string, string[] | null> };
  return { status, errors: reply.error?.[""] ?? [], headers };
}

describe("sign-in", () => {
  it("signs in with the right password, starts a session and sends a first-time user to the introduction", async () => {
    const { user } = await newUser();
    const response = await login(user.email, PASSWORD);
    expect(response).toBeInstanceOf(Response);
    const res = response as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/introduction");
    const setCookie = res.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const rows = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].currentClusterId).toBe(clusterId);
    const [stored] = await getDb().select().from(users).where(eq(users.id, user.id));
    expect(stored.firstLoginAt).not.toBeNull();
    const audit = await getDb().select().from(auditEvents).where(eq(auditEvents.actorUserId, user.id));
    expect(audit.map((a) => a.action)).toContain("login");
  });

  it("sends a returning user to the dashboard, or to the route they asked for", async () => {
    const { user } = await newUser();
    await login(user.email, PASSWORD);
    const second = (await login(user.email, PASSWORD)) as Response;
    expect(second.headers.get("Location")).toBe("/dashboard");
    const third = (await run(() =>
      loginAction({
        request: formRequest("/login", { email: user.email, password: PASSWORD, redirectTo: "/my/profile/password" }),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(third.headers.get("Location")).toBe("/my/profile/password");
  });

  it("never redirects off-site after sign-in", async () => {
    const { user } = await newUser();
    await login(user.email, PASSWORD);
    const res = (await run(() =>
      loginAction({
        request: formRequest("/login", { email: user.email, password: PASSWORD, redirectTo: "//evil.example/x" }),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/dashboard");
  });

  it("gives a new session id at every sign-in", async () => {
    const { user } = await newUser();
    const a = cookieFrom((await login(user.email, PASSWORD)) as Response);
    const b = cookieFrom((await login(user.email, PASSWORD)) as Response);
    expect(a).not.toBe(b);
    const rows = await getDb().select().from(sessions).where(eq(sessions.userId, user.id));
    expect(new Set(rows.map((r) => r.id)).size).toBe(2);
  });

  it("answers 'Login mislukt' for a wrong password and for an unknown e-mail alike", async () => {
    const { user } = await newUser();
    const wrong = formErrorsOf(await login(user.email, "Verkeerd!2026"));
    const unknown = formErrorsOf(await login("niemand-" + user.email, PASSWORD));
    expect(wrong).toMatchObject({ status: 400, errors: ["auth:login.failed"] });
    expect(unknown).toMatchObject({ status: 400, errors: ["auth:login.failed"] });
  });

  it("keeps the e-mail but never the password in the reply", async () => {
    const { user } = await newUser();
    const { data } = unwrapData(await login(user.email, "Verkeerd!2026"));
    const reply = data as { initialValue?: Record<string, unknown> };
    expect(reply.initialValue?.email).toBe(user.email);
    expect(reply.initialValue?.password).toBeUndefined();
  });

  it("tells an unverified user to check their e-mail", async () => {
    const { user } = await newUser({ verified: false });
    expect(formErrorsOf(await login(user.email, PASSWORD))).toMatchObject({ errors: ["auth:login.unverified"] });
  });

  it("tells an SSO-only user to use single sign-on", async () => {
    const { user } = await newUser();
    await getDb().update(users).set({ loginType: "sso" }).where(eq(users.id, user.id));
    expect(formErrorsOf(await login(user.email, PASSWORD))).toMatchObject({ errors: ["auth:login.ssoOnly"] });
  });

  it("validates the form on the server", async () => {
    const result = formErrorsOf(await login("geen-email", ""));
    expect(result.status).toBe(400);
    const { data } = unwrapData(await login("geen-email", ""));
    const reply = data as { error?: Record<string, string[]> };
    expect(reply.error?.email).toEqual(["validation:email.invalid"]);
    expect(reply.error?.password).toEqual(["validation:password.required"]);
  });

  it("throttles after 5 failed attempts per e-mail and IP within a minute, with Retry-After", async () => {
    const { user } = await newUser();
    for (let i = 0; i < 5; i++) {
      expect(formErrorsOf(await login(user.email, "Verkeerd!2026", "198.51.100.1")).errors).toEqual([
        "auth:login.failed",
      ]);
    }
    const throttled = formErrorsOf(await login(user.email, PASSWORD, "198.51.100.1"));
    expect(throttled.status).toBe(429);
    expect(throttled.errors).toEqual(["auth:login.tooManyAttempts"]);
    expect(Number(throttled.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not blocked by someone else's failures.
    expect(((await login(user.email, PASSWORD, "198.51.100.2")) as Response).status).toBe(302);
    // Once the minute has passed the user can sign in again.
    await getDb()
      .update(authThrottle)
      .set({ windowStart: sql`now() - interval '2 minutes'` })
      .where(eq(authThrottle.key, throttleKey(loginHits(user.email, "198.51.100.1")[0])));
    expect(((await login(user.email, PASSWORD, "198.51.100.1")) as Response).status).toBe(302);
  });

  it("sends a signed-in visitor of /login to the dashboard", async () => {
    const { user } = await newUser();
    const cookie = cookieFrom((await login(user.email, PASSWORD)) as Response);
    const res = (await run(() =>
      loginLoader({ request: getRequest("/login", cookie), context: context(), params: {} }),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/dashboard");
  });
});

describe("sign-out", () => {
  it("deletes the session row and clears the cookie", async () => {
    const { user } = await newUser();
    const cookie = cookieFrom((await login(user.email, PASSWORD)) as Response);
    const res = (await run(() =>
      logoutAction({ request: formRequest("/logout", {}, cookie), context: context(), params: {} }),
    )) as Response;
    expect(res.headers.get("Location")).toBe("/login");
    expect(res.headers.get("Set-Cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

describe("the session cookie", () => {
  it("is __Host-session with Secure over HTTPS, and plain session over http", async () => {
    const { user } = await newUser();
    const https = (await run(() =>
      loginAction({
        request: new Request("https://teams.example.nl/login", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ email: user.email, password: PASSWORD }).toString(),
        }),
        context: context(),
        params: {},
      }),
    )) as Response;
    const secureCookie = https.headers.get("Set-Cookie")!;
    expect(secureCookie).toMatch(/^__Host-session=/);
    expect(secureCookie).toMatch(/; Secure/i);
    expect(secureCookie).toMatch(/; Path=\//);
    expect(secureCookie).not.toMatch(/Domain=/i);

    const http = (await login(user.email, PASSWORD)) as Response;
    expect(http.headers.get("Set-Cookie")).toMatch(/^session=/);
    expect(http.headers.get("Set-Cookie")).not.toMatch(/; Secure/i);
  });
});
