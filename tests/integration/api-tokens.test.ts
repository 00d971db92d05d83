/**
 * Spec §7 bearer tokens (docs/decisions/1411): POST /api/auth/login and /api/auth/refresh, and every API
 * call with `Authorization: Bearer`. Sign-in is called with its own client address (the throttle counts
 * per address); the calls with a token go through Remix's request handler as a client's would.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { sessions, tags, users } from "#db/schema";
import { DEMO_PASSWORD } from "../../seed/demo-data";
import { completeSetup, setTwoFactorRequiredForAdmins, setupDetails } from "~/features/auth/two-factor.server";
import { action as loginAction } from "~/routes/api+/auth.login";
import { apiSessionId } from "~/utils/session.server";
import { generate } from "otplib";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { context, run } from "../support/http";
import { apiRequest, handle } from "../support/remix-handler";
import { sessionCookieFor } from "../support/session";

type Answer = { status: number; body: Record<string, unknown>; headers: Headers };

/** A fresh address per sign-in series, so no other test's attempts count against it. */
function freshIp() {
  return `198.51.100.${crypto.randomInt(1, 250)}`;
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  };
}

async function login(body: unknown, ip = freshIp(), language = "en"): Promise<Answer> {
  const request = apiRequest("POST", "/api/auth/login", { body, headers: { "Accept-Language": language } });
  const result = await run(() => loginAction({ request, params: {}, context: context(ip) }));
  return answerOf(result as Response);
}

async function call(method: string, path: string, token: string, body?: unknown): Promise<Answer> {
  return answerOf(await handle(apiRequest(method, path, { body, headers: { Authorization: `Bearer ${token}` } })));
}

async function adminOfNewAccount(options: { email?: string } = {}) {
  const account = await createAccount(getDb());
  const cluster = await createClusterFor(getDb(), account.id);
  const { user } = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    isAccountAdmin: true,
    email: options.email,
  });
  return { account, cluster, user };
}

describe("POST /api/auth/login", () => {
  it("hands out a bearer token that opens the API, stores only its hash, and answers the session as current", async () => {
    const { cluster, user } = await adminOfNewAccount();
    const { status, body, headers } = await login({
      email: user.email.toUpperCase(),
      password: DEMO_PASSWORD,
      route: "/dashboard",
    });
    expect(status).toBe(200);
    expect(headers.get("Cache-Control")).toBe("no-store");
    expect(body.token_type).toBe("Bearer");
    const token = body.access_token as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const current = body.current as { user: { id: string }; cluster: { id: string } };
    expect(current.user.id).toBe(user.id);
    expect(current.cluster.id).toBe(cluster.id);

    const rows = await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((r) => r.id)).toEqual([apiSessionId(token)]);
    expect(rows[0].id).not.toContain(token);

    const init = await call("GET", "/api/init", token);
    expect(init.status).toBe(200);
    expect((init.body.user as { email: string }).email).toBe(user.email);
    expect((await call("GET", "/api/tags", token)).status).toBe(200);
    const [{ lastLoginAt }] = await getDb()
      .select({ lastLoginAt: users.lastLoginAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(lastLoginAt).not.toBeNull();
  });

  it("refuses wrong passwords, SSO-only and unverified users with the spec's keys, then 'Too Many Attempts.'", async () => {
    const { account, cluster, user } = await adminOfNewAccount();
    const ip = freshIp();
    const wrong = await login({ email: user.email, password: "Verkeerd!2026" }, ip, "nl");
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ key: "FAILED", message: "Login mislukt" });

    const sso = (await createUserWithMembership(getDb(), { accountId: account.id, clusterId: cluster.id })).user;
    await getDb().update(users).set({ loginType: "sso" }).where(eq(users.id, sso.id));
    expect((await login({ email: sso.email, password: DEMO_PASSWORD })).body.key).toBe("SSO-ONLY");
    const unverified = (
      await createUserWithMembership(getDb(), { accountId: account.id, clusterId: cluster.id, verified: false })
    ).user;
    expect((await login({ email: unverified.email, password: DEMO_PASSWORD })).body.key).toBe("UNVERIFIED");

    for (let i = 0; i < 4; i++)
      expect((await login({ email: user.email, password: "Verkeerd!2026" }, ip)).status).toBe(401);
    // The sixth attempt of this pair is refused before the password is looked at, the right one too.
    const blocked = await login({ email: user.email, password: DEMO_PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ key: "TOO_MANY_ATTEMPTS", message: "Too Many Attempts." });
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it("asks for the second factor (2FA_VERIFY), accepts a recovery code once, and sends set-up to the browser", async () => {
    const { account, user } = await adminOfNewAccount();
    const details = await setupDetails(user.id);
    const now = Math.floor(Date.now() / 1000);
    const setup = await completeSetup(user.id, await generate({ secret: details!.secret, epoch: now }), freshIp());
    if (!setup.ok) throw new Error("two-factor set-up failed");

    const noCode = await login({ email: user.email, password: DEMO_PASSWORD });
    expect(noCode.status).toBe(401);
    expect(noCode.body.key).toBe("2FA_VERIFY");
    expect((await login({ email: user.email, password: DEMO_PASSWORD, code: "000000" })).body).toMatchObject({
      key: "2FA_VERIFY",
      message: "Two-factor code invalid",
    });
    const [recovery] = setup.recoveryCodes;
    const ok = await login({ email: user.email, password: DEMO_PASSWORD, code: recovery });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.access_token).toBe("string");
    expect((await login({ email: user.email, password: DEMO_PASSWORD, code: recovery })).body.key).toBe("2FA_VERIFY");

    // Required for admins, not yet set up: only the browser can show the QR code.
    const other = (
      await createUserWithMembership(getDb(), {
        accountId: account.id,
        clusterId: (await createClusterFor(getDb(), account.id)).id,
        isAccountAdmin: true,
      })
    ).user;
    await setTwoFactorRequiredForAdmins({ accountId: account.id, user: { id: user.id, isAccountAdmin: true } }, true);
    const needsSetup = await login({ email: other.email, password: DEMO_PASSWORD }, freshIp(), "de");
    expect(needsSetup.body.key).toBe("2FA_SETUP");
    expect(needsSetup.body.message).toContain("/2fa/setup");
  });

  it("answers bad input with 422 naming the field and a form post with 415, never a token", async () => {
    const missing = await login({ email: "iemand@test.nl" });
    expect(missing.status).toBe(422);
    expect(JSON.stringify(missing.body)).toContain("password");
    const form = await run(() =>
      loginAction({
        request: new Request("http://localhost/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "email=a%40b.nl&password=x",
        }),
        params: {},
        context: context(freshIp()),
      }),
    );
    expect((form as Response).status).toBe(415);
  });
});

describe("bearer tokens", () => {
  it("open no page, and neither a cookie's session id nor a made-up token is a token", async () => {
    const { account, cluster, user } = await adminOfNewAccount();
    const token = (await login({ email: user.email, password: DEMO_PASSWORD })).body.access_token as string;
    const page = await handle(
      new Request("http://localhost/tasks/inbox", { headers: { Authorization: `Bearer ${token}` } }),
    );
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/login/);

    // What the sessions table holds (a browser session's id, a token's hash) opens nothing as a token.
    await sessionCookieFor({ userId: user.id, accountId: account.id, clusterId: cluster.id });
    const stored = await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(stored).toHaveLength(2);
    for (const { id } of stored) expect((await call("GET", "/api/init", id.replace(/^api\./, ""))).status).toBe(401);
    const madeUp = await call("GET", "/api/init", crypto.randomBytes(32).toString("base64url"));
    expect(madeUp.status).toBe(401);
    expect(madeUp.body.message).toMatch(/token/);
  });

  it("see only their own account: another account's tag is a 404 and stays", async () => {
    const a = await adminOfNewAccount();
    const b = await adminOfNewAccount();
    const [foreign] = await getDb()
      .insert(tags)
      .values({ accountId: b.account.id, clusterId: b.cluster.id, kind: "personnel", name: "Token Andere" })
      .returning();
    const token = (await login({ email: a.user.email, password: DEMO_PASSWORD })).body.access_token as string;
    expect((await call("GET", `/api/tags/${foreign.id}`, token)).status).toBe(404);
    expect((await call("DELETE", `/api/tags/${foreign.id}`, token)).status).toBe(404);
    expect(await getDb().select().from(tags).where(eq(tags.id, foreign.id))).toHaveLength(1);
  });
});

describe("POST /api/auth/refresh", () => {
  it("exchanges a token for a new one and ends the old one; a browser session gets none", async () => {
    const { account, cluster, user } = await adminOfNewAccount();
    const first = (await login({ email: user.email, password: DEMO_PASSWORD })).body.access_token as string;
    const refreshed = await call("POST", "/api/auth/refresh", first);
    expect(refreshed.status).toBe(200);
    const second = refreshed.body.access_token as string;
    expect(second).not.toBe(first);
    expect((await call("GET", "/api/init", second)).status).toBe(200);
    const old = await call("GET", "/api/init", first);
    expect(old.status).toBe(401);
    expect(old.body.message).toMatch(/token/);
    expect((await call("POST", "/api/auth/refresh", first)).status).toBe(401);

    const { cookie } = await sessionCookieFor({ userId: user.id, accountId: account.id, clusterId: cluster.id });
    const browser = await answerOf(await handle(apiRequest("POST", "/api/auth/refresh", { cookie })));
    expect(browser.status).toBe(400);
    expect(browser.body.access_token).toBeUndefined();
    const anonymous = await answerOf(await handle(apiRequest("POST", "/api/auth/refresh")));
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/auth/logout", () => {
  it("ends the caller's token at once and no other session", async () => {
    const { account, cluster, user } = await adminOfNewAccount();
    const token = (await login({ email: user.email, password: DEMO_PASSWORD })).body.access_token as string;
    const other = (await login({ email: user.email, password: DEMO_PASSWORD })).body.access_token as string;
    const { cookie } = await sessionCookieFor({ userId: user.id, accountId: account.id, clusterId: cluster.id });

    expect((await call("POST", "/api/auth/logout", token)).status).toBe(204);
    expect((await call("GET", "/api/init", token)).status).toBe(401);
    expect((await call("GET", "/api/init", other)).status).toBe(200);
    expect((await answerOf(await handle(apiRequest("GET", "/api/init", { cookie })))).status).toBe(200);
    // A browser session is signed out on the page, not here.
    expect((await answerOf(await handle(apiRequest("POST", "/api/auth/logout", { cookie })))).status).toBe(400);
  });
});
