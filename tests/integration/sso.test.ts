import { createCookie } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { accountSsoConfigs, sessions, userSsoIdentities, users } from "#db/schema";
import { encryptSecret } from "~/features/auth/sso-crypto.server";
import { azureAuthority, azureIssuer } from "~/features/auth/sso.server";
import { action as loginAction, loader as loginLoader } from "~/routes/_public+/login";
import { loader as callbackLoader } from "~/routes/auth.$provider.callback";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { signInAtIdp, startIdp, type TestIdp } from "../support/oidc";

const TENANT = "7f0c1d2e-1111-4222-8333-944455556666";
let azure: TestIdp;
let surf: TestIdp;
let accountA: string;
let clusterA: string;
let accountB: string;
let clusterB: string;

async function saveConfig(accountId: string, provider: "azure" | "surfconext", clientId: string, issuer?: string) {
  await getDb()
    .insert(accountSsoConfigs)
    .values({
      accountId,
      provider,
      tenantId: provider === "azure" ? TENANT : null,
      issuer: provider === "surfconext" ? issuer : null,
      clientId,
      clientSecretEncrypted: encryptSecret(`${clientId}-secret`),
    })
    .onConflictDoUpdate({
      target: [accountSsoConfigs.accountId, accountSsoConfigs.provider],
      set: { clientId, clientSecretEncrypted: encryptSecret(`${clientId}-secret`), updatedAt: new Date() },
    });
}

const client = (id: string, provider: string) => ({
  client_id: id,
  client_secret: `${id}-secret`,
  redirect_uris: [`${BASE}/auth/${provider}/callback`],
});

beforeAll(async () => {
  const db = getDb();
  accountA = (await createAccount(db)).id;
  clusterA = (await createClusterFor(db, accountA)).id;
  accountB = (await createAccount(db)).id;
  clusterB = (await createClusterFor(db, accountB)).id;
  azure = await startIdp({
    mountPath: `/ms/${TENANT}/v2.0`,
    clients: [client("azure-a", "azure"), client("azure-b", "azure")],
    extraClaims: { tid: TENANT },
  });
  process.env.SSO_AZURE_AUTHORITY = `${azure.origin}/ms`;
  surf = await startIdp({
    mountPath: "/surf",
    clients: [client("surf-a", "surfconext"), client("surf-b", "surfconext")],
  });
  await saveConfig(accountA, "azure", "azure-a");
  await saveConfig(accountA, "surfconext", "surf-a", surf.issuer);
  await saveConfig(accountB, "surfconext", "surf-b", surf.issuer);
});

afterAll(async () => {
  await azure?.close();
  await surf?.close();
});

async function ssoUser(accountId: string, clusterId: string, loginType: "sso" | "emailAndSSO" | "email" = "sso") {
  const { user } = await createUserWithMembership(getDb(), { accountId, clusterId, password: null });
  await getDb().update(users).set({ loginType }).where(eq(users.id, user.id));
  return user;
}

async function start(email: string, provider: "azure" | "surfconext") {
  const result = await run(() =>
    loginAction({
      request: formRequest("/login", { intent: `sso-${provider}`, email, redirectTo: "" }),
      context: context(),
      params: {},
    }),
  );
  // The page sends the browser on to the provider (a form post may not redirect to another origin under CSP).
  const { data, status, headers } = unwrapData(result);
  const sent = data as { ssoRedirect?: { location: string; provider: string } };
  if (!sent.ssoRedirect) throw new Error(`not sent to the provider: ${JSON.stringify(data)}`);
  expect(status).toBe(200);
  expect(sent.ssoRedirect.provider).toBe(provider);
  return { location: sent.ssoRedirect.location, cookie: headers.get("Set-Cookie")!.split(";")[0] };
}

async function callback(url: string, cookie: string, provider = new URL(url).pathname.split("/")[2]) {
  const path = url.slice(BASE.length);
  const res = (await run(() =>
    callbackLoader({ request: getRequest(path, cookie), context: context(), params: { provider } }),
  )) as Response;
  return res;
}

async function fullFlow(email: string, provider: "azure" | "surfconext", idpLogin: string) {
  const { location, cookie } = await start(email, provider);
  const back = await signInAtIdp(location, idpLogin, `${BASE}/auth/`);
  return callback(back, cookie);
}

describe("single sign-on with a real OpenID provider", () => {
  it("starts the code flow with PKCE, state and nonce at the account's Entra tenant", async () => {
    const user = await ssoUser(accountA, clusterA);
    const { location, cookie } = await start(user.email, "azure");
    const url = new URL(location);
    expect(url.origin + url.pathname).toBe(`${azure.issuer}/auth`);
    expect(url.searchParams.get("client_id")).toBe("azure-a");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("nonce")).toBeTruthy();
    expect(url.searchParams.get("redirect_uri")).toBe(`${BASE}/auth/azure/callback`);
    expect(cookie).toMatch(/^sso=/);
  });

  it("links an invited or active user by verified e-mail (Entra), then matches by issuer and subject", async () => {
    const user = await ssoUser(accountA, clusterA);
    azure.accounts.set("entra-1", { sub: "entra-1", email: user.email.toUpperCase(), email_verified: true });
    const res = await fullFlow(user.email, "azure", "entra-1");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/introduction");
    expect(res.headers.get("Set-Cookie")).toMatch(/__session|session/);
    const [identity] = await getDb().select().from(userSsoIdentities).where(eq(userSsoIdentities.userId, user.id));
    expect(identity).toMatchObject({
      issuer: azure.issuer,
      subject: "entra-1",
      provider: "azure",
      accountId: accountA,
    });
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    // The e-mail at the provider changes; the (issuer, subject) link still finds the user.
    azure.accounts.set("entra-1", { sub: "entra-1", email: "renamed@elsewhere.test", email_verified: true });
    const again = await fullFlow(user.email, "azure", "entra-1");
    expect(again.headers.get("Location")).toBe("/dashboard");
  });

  it("signs in an emailAndSSO user through SURFconext", async () => {
    const user = await ssoUser(accountA, clusterA, "emailAndSSO");
    surf.accounts.set("surf-1", { sub: "surf-1", email: user.email, email_verified: true });
    const res = await fullFlow(user.email, "surfconext", "surf-1");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard/introduction");
  });

  it("refuses a wrong state", async () => {
    const user = await ssoUser(accountA, clusterA);
    surf.accounts.set("surf-state", { sub: "surf-state", email: user.email, email_verified: true });
    const { location, cookie } = await start(user.email, "surfconext");
    const back = new URL(await signInAtIdp(location, "surf-state", `${BASE}/auth/`));
    back.searchParams.set("state", "forged-state");
    const res = await callback(back.href, cookie);
    expect(res.headers.get("Location")).toBe("/login?sso=failed");
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("refuses a wrong nonce and a callback without the flow cookie", async () => {
    const user = await ssoUser(accountA, clusterA);
    surf.accounts.set("surf-nonce", { sub: "surf-nonce", email: user.email, email_verified: true });
    const { location, cookie } = await start(user.email, "surfconext");
    const back = await signInAtIdp(location, "surf-nonce", `${BASE}/auth/`);
    const jar = createCookie("sso", { secrets: [process.env.SESSION_SECRET!] });
    const flow = await jar.parse(cookie);
    const forged = (await jar.serialize({ ...flow, nonce: "other-nonce" })).split(";")[0];
    expect((await callback(back, forged)).headers.get("Location")).toBe("/login?sso=failed");
    expect((await callback(back, "")).headers.get("Location")).toBe("/login?sso=expired");
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it("refuses a code issued to another client (audience)", async () => {
    const user = await ssoUser(accountA, clusterA);
    azure.accounts.set("entra-aud", { sub: "entra-aud", email: user.email, email_verified: true });
    const { location, cookie } = await start(user.email, "azure");
    const back = await signInAtIdp(location, "entra-aud", `${BASE}/auth/`);
    await saveConfig(accountA, "azure", "azure-b");
    try {
      expect((await callback(back, cookie)).headers.get("Location")).toBe("/login?sso=failed");
    } finally {
      await saveConfig(accountA, "azure", "azure-a");
    }
    expect(await getDb().select().from(userSsoIdentities).where(eq(userSsoIdentities.userId, user.id))).toHaveLength(0);
  });

  it("never creates users: an unknown subject, an unverified e-mail or a user of another account is refused", async () => {
    surf.accounts.set("surf-nobody", { sub: "surf-nobody", email: "nobody@nowhere.test", email_verified: true });
    const userA = await ssoUser(accountA, clusterA);
    expect((await fullFlow(userA.email, "surfconext", "surf-nobody")).headers.get("Location")).toBe(
      "/login?sso=unknownUser",
    );

    surf.accounts.set("surf-unverified", { sub: "surf-unverified", email: userA.email, email_verified: false });
    expect((await fullFlow(userA.email, "surfconext", "surf-unverified")).headers.get("Location")).toBe(
      "/login?sso=unknownUser",
    );

    // Same provider, but the e-mail belongs to account B: signing in through account A's configuration fails.
    const userB = await ssoUser(accountB, clusterB);
    surf.accounts.set("surf-b", { sub: "surf-b", email: userB.email, email_verified: true });
    expect((await fullFlow(userA.email, "surfconext", "surf-b")).headers.get("Location")).toBe(
      "/login?sso=unknownUser",
    );
    expect(
      await getDb()
        .select()
        .from(userSsoIdentities)
        .where(and(eq(userSsoIdentities.subject, "surf-b"))),
    ).toHaveLength(0);
    const count = await getDb().select().from(users).where(eq(users.email, "nobody@nowhere.test"));
    expect(count).toHaveLength(0);
  });

  it("refuses a password-only user and offers nothing for an account without configuration", async () => {
    const emailUser = await ssoUser(accountA, clusterA, "email");
    surf.accounts.set("surf-email", { sub: "surf-email", email: emailUser.email, email_verified: true });
    expect((await fullFlow(emailUser.email, "surfconext", "surf-email")).headers.get("Location")).toBe(
      "/login?sso=unknownUser",
    );
    const userB = await ssoUser(accountB, clusterB);
    const result = await run(() =>
      loginAction({
        request: formRequest("/login", { intent: "sso-azure", email: userB.email }),
        context: context(),
        params: {},
      }),
    );
    const { status, data } = unwrapData(result);
    expect(status).toBe(400);
    expect((data as { error: Record<string, string[]> }).error[""]).toEqual(["auth:sso.notAvailable"]);
  });

  it("shows the SSO error on the login page and 404s an unknown provider", async () => {
    const page = (await run(() =>
      loginLoader({ request: getRequest("/login?sso=failed"), context: context(), params: {} }),
    )) as {
      ssoError: string | null;
    };
    expect(page.ssoError).toBe("failed");
    const res = await callback(`${BASE}/auth/google/callback?code=x`, "", "google");
    expect(res.status).toBe(404);
  });

  it("honours SSO_AZURE_AUTHORITY only for a loopback address", () => {
    const saved = process.env.SSO_AZURE_AUTHORITY;
    try {
      expect(azureIssuer(TENANT)).toBe(`${azure.origin}/ms/${TENANT}/v2.0`);
      for (const elsewhere of ["https://login.example.com", "http://10.0.0.5:8080/ms", "not a url"]) {
        process.env.SSO_AZURE_AUTHORITY = elsewhere;
        expect(azureIssuer(TENANT)).toBe(`https://login.microsoftonline.com/${TENANT}/v2.0`);
      }
      delete process.env.SSO_AZURE_AUTHORITY;
      expect(azureAuthority()).toBe("https://login.microsoftonline.com");
    } finally {
      process.env.SSO_AZURE_AUTHORITY = saved;
    }
  });
});
