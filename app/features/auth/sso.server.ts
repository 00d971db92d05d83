import { createCookie } from "@remix-run/node";
import { and, eq, isNull, sql } from "drizzle-orm";
import * as oidc from "openid-client";
import { getDb } from "#db/client.server";
import { accountSsoConfigs, memberships, userSsoIdentities, users } from "#db/schema";
import type { SsoProvider } from "#db/schema/enums-sso";
import { sessionSecret } from "~/utils/env.server";
import { isHttps } from "~/utils/request.server";
import { acceptInvitationWithSso, invitationForSso } from "~/features/invitations/invitation-sso.server";
import { completeSignIn } from "./sign-in.server";
import { decryptSecret } from "./sso-crypto.server";
import { hitThrottle, settleSuccess, tokenHits } from "./throttle.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { auditOwnAction } from "./user-audit.server";

/** How long a started sign-in at the provider may take (docs/decisions/0422). */
export const SSO_FLOW_MINUTES = 10;

const microsoftAuthority = "https://login.microsoftonline.com";

/**
 * Microsoft's authority. Tests point SSO_AZURE_AUTHORITY at their local OpenID provider; only a loopback
 * address is honoured, so the setting can never send a production install's Entra sign-ins elsewhere.
 */
export function azureAuthority(): string {
  const override = process.env.SSO_AZURE_AUTHORITY;
  if (!override) return microsoftAuthority;
  let url: URL;
  try {
    url = new URL(override);
  } catch {
    return microsoftAuthority;
  }
  return isLoopbackHttp(url) ? url.href.replace(/\/$/, "") : microsoftAuthority;
}

export function azureIssuer(tenantId: string): string {
  return `${azureAuthority()}/${tenantId}/v2.0`;
}

type StoredConfig = typeof accountSsoConfigs.$inferSelect;

export function issuerOf(config: Pick<StoredConfig, "provider" | "tenantId" | "issuer">): string {
  return config.provider === "azure" ? azureIssuer(config.tenantId ?? "") : (config.issuer ?? "");
}

export function callbackUrl(request: Request, provider: SsoProvider): string {
  return `${new URL(request.url).origin}/auth/${provider}/callback`;
}

/** Only loopback providers may be reached over plain http (the tests' local provider). */
function isLoopbackHttp(url: URL): boolean {
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

const discovered = new Map<string, { at: number; config: oidc.Configuration }>();
async function clientConfiguration(stored: StoredConfig): Promise<oidc.Configuration> {
  const issuer = new URL(issuerOf(stored));
  const cacheKey = `${stored.id}:${stored.updatedAt.getTime()}:${issuer.href}`;
  const hit = discovered.get(cacheKey);
  if (hit && Date.now() - hit.at < 60 * 60_000) return hit.config;
  // discovery() checks that the metadata's issuer equals the expected issuer exactly.
  const config = await oidc.discovery(
    issuer,
    stored.clientId,
    undefined,
    oidc.ClientSecretPost(decryptSecret(stored.clientSecretEncrypted)),
    isLoopbackHttp(issuer) ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
  );
  discovered.set(cacheKey, { at: Date.now(), config });
  return config;
}

type Flow = {
  provider: SsoProvider;
  accountId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectTo: string | null;
  expiresAt: number;
  /** Set when the flow accepts an invitation (docs/decisions/0431); failures go back to returnPath. */
  invitation?: { id: string; returnPath: string };
};

let flowCookies: { secure: ReturnType<typeof createCookie>; plain: ReturnType<typeof createCookie> } | undefined;
function flowCookie(request: Request) {
  const options = { httpOnly: true, sameSite: "lax" as const, path: "/auth", maxAge: SSO_FLOW_MINUTES * 60 };
  flowCookies ??= {
    secure: createCookie("__Secure-sso", { ...options, secure: true, secrets: [sessionSecret()] }),
    plain: createCookie("sso", { ...options, secure: false, secrets: [sessionSecret()] }),
  };
  return isHttps(request) ? flowCookies.secure : flowCookies.plain;
}

function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The provider's configuration for the account of this e-mail address, or null (same answer whether or not the address exists). */
async function configForEmail(email: string, provider: SsoProvider): Promise<StoredConfig | null> {
  const [row] = await getDb()
    .select({ config: accountSsoConfigs })
    .from(users)
    .innerJoin(
      accountSsoConfigs,
      and(eq(accountSsoConfigs.accountId, users.accountId), eq(accountSsoConfigs.provider, provider)),
    )
    .where(and(sql`lower(${users.email}) = ${normalizeEmail(email)}`, isNull(users.deletedAt)))
    .limit(1);
  return row?.config ?? null;
}

export type StartOutcome = { ok: true; location: string; setCookie: string } | { ok: false; errorKey: string };

/** Starts the authorization code flow with PKCE, state and nonce; the three secrets go into a signed 10-minute cookie. */
export async function startSsoSignIn(
  request: Request,
  input: { email: string; provider: SsoProvider; redirectTo: string | null },
): Promise<StartOutcome> {
  const stored = await configForEmail(input.email, input.provider);
  if (!stored) return { ok: false, errorKey: "auth:sso.notAvailable" };
  return beginFlow(request, stored, { loginHint: input.email, redirectTo: input.redirectTo });
}

/**
 * Starts SSO from /invitation/{token}: for an invitee whose login type allows SSO, at their account's
 * provider. Completing it with the invited address accepts the invitation (see finishSsoSignIn).
 */
export async function startInvitationSso(
  request: Request,
  input: { secret: string; provider: SsoProvider },
): Promise<StartOutcome> {
  const invitation = await invitationForSso(input.secret, input.provider);
  if (!invitation.ok) {
    return {
      ok: false,
      errorKey: invitation.code === "notAvailable" ? "auth:sso.notAvailable" : `signup:invitation.${invitation.code}`,
    };
  }
  const [stored] = await getDb()
    .select()
    .from(accountSsoConfigs)
    .where(and(eq(accountSsoConfigs.accountId, invitation.accountId), eq(accountSsoConfigs.provider, input.provider)));
  if (!stored) return { ok: false, errorKey: "auth:sso.notAvailable" };
  return beginFlow(request, stored, {
    loginHint: invitation.email,
    redirectTo: null,
    invitation: { id: invitation.invitationId, returnPath: `/invitation/${encodeURIComponent(input.secret)}` },
  });
}

async function beginFlow(
  request: Request,
  stored: StoredConfig,
  input: { loginHint: string; redirectTo: string | null; invitation?: Flow["invitation"] },
): Promise<StartOutcome> {
  let config: oidc.Configuration;
  try {
    config = await clientConfiguration(stored);
  } catch {
    return { ok: false, errorKey: "auth:sso.providerUnreachable" };
  }
  const flow: Flow = {
    provider: stored.provider,
    accountId: stored.accountId,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    redirectTo: input.redirectTo,
    expiresAt: Date.now() + SSO_FLOW_MINUTES * 60_000,
    ...(input.invitation ? { invitation: input.invitation } : {}),
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(request, stored.provider),
    scope: "openid email profile",
    response_type: "code",
    state: flow.state,
    nonce: flow.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: "S256",
    login_hint: normalizeEmail(input.loginHint),
    // Accepting an invitation asks the provider for a fresh sign-in: whoever is signed in there now may
    // not be the invitee, and a refused attempt must not send the same identity straight back.
    ...(input.invitation ? { prompt: "login" } : {}),
  });
  return { ok: true, location: url.href, setCookie: await flowCookie(request).serialize(flow) };
}

export type CallbackOutcome =
  | { ok: true; setCookie: string[]; location: string }
  /** returnTo: the page to show the error on (the invitation page), else /login. */
  | { ok: false; errorKey: string; setCookie: string[]; returnTo?: string };

function verifiedEmail(provider: SsoProvider, claims: oidc.IDToken): string | null {
  const email = typeof claims.email === "string" ? claims.email : null;
  if (!email) return null;
  // Entra ID marks a domain-verified address with xms_edov; other providers with email_verified.
  const verified = claims.email_verified === true || (provider === "azure" && claims.xms_edov === true);
  return verified ? normalizeEmail(email) : null;
}

/**
 * The callback: checks state, PKCE, nonce, issuer and audience (openid-client), for Entra also the tenant
 * (`tid` and the issuer built from it), then finds the user by (issuer, subject) or links them once by
 * verified e-mail to an invited or active user of THAT account. Never creates users.
 */
export async function finishSsoSignIn(
  request: Request,
  input: { provider: SsoProvider; ip: string },
): Promise<CallbackOutcome> {
  const cookie = flowCookie(request);
  const clear = [await cookie.serialize("", { maxAge: 0 })];
  const flow = (await cookie.parse(request.headers.get("Cookie"))) as Flow | null;
  const returnTo = flow?.invitation?.returnPath;
  const fail = (errorKey: string): CallbackOutcome => ({
    ok: false,
    errorKey,
    setCookie: clear,
    ...(returnTo ? { returnTo } : {}),
  });
  // The code in the query is a secret checked at the provider: counted per IP before anything else.
  const hits = tokenHits(input.ip);
  if (!(await hitThrottle(hits)).allowed) return fail("auth:sso.tooManyAttempts");
  if (!flow || typeof flow.state !== "string" || flow.provider !== input.provider || flow.expiresAt < Date.now()) {
    return fail("auth:sso.expired");
  }
  const db = getDb();
  const [stored] = await db
    .select()
    .from(accountSsoConfigs)
    .where(and(eq(accountSsoConfigs.accountId, flow.accountId), eq(accountSsoConfigs.provider, flow.provider)));
  if (!stored) return fail("auth:sso.notAvailable");

  let claims: oidc.IDToken | undefined;
  let email: string | null = null;
  try {
    const config = await clientConfiguration(stored);
    // openid-client compares the callback against the redirect_uri it is given, so use our own origin.
    const currentUrl = new URL(callbackUrl(request, flow.provider));
    currentUrl.search = new URL(request.url).search;
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    if (claims) {
      email = verifiedEmail(flow.provider, claims);
      // Providers that keep the e-mail out of the ID token give it at userinfo, for the same subject only.
      if (!email && tokens.access_token) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = verifiedEmail(flow.provider, { ...claims, ...info } as oidc.IDToken);
      }
    }
  } catch {
    return fail("auth:sso.failed");
  }
  if (!claims) return fail("auth:sso.failed");
  const issuer = issuerOf(stored);
  if (claims.iss !== issuer) return fail("auth:sso.failed");
  if (flow.provider === "azure") {
    if (claims.tid !== stored.tenantId || claims.iss !== azureIssuer(String(claims.tid)))
      return fail("auth:sso.failed");
  }

  if (flow.invitation) {
    const accepted = await acceptInvitationWithSso(request, {
      invitationId: flow.invitation.id,
      email,
      identity: { provider: flow.provider, issuer, subject: claims.sub },
      ip: input.ip,
    });
    if (!accepted.ok) {
      return fail(accepted.code === "emailMismatch" ? "auth:sso.emailMismatch" : "auth:sso.failed");
    }
    await settleSuccess(hits);
    return { ok: true, setCookie: [...clear, accepted.setCookie], location: "/dashboard/introduction" };
  }

  const userId = await findOrLinkUser({
    accountId: stored.accountId,
    provider: flow.provider,
    issuer,
    subject: claims.sub,
    email,
  });
  if (!userId) return fail("auth:sso.unknownUser");
  await settleSuccess(hits);
  await auditOwnAction(db, { accountId: stored.accountId, userId: userId, action: "sso-login", ip: input.ip });
  const [user] = await db.select({ firstLoginAt: users.firstLoginAt }).from(users).where(eq(users.id, userId));
  const { setCookie } = await completeSignIn(request, { userId, accountId: stored.accountId, ip: input.ip });
  const fallback = user?.firstLoginAt ? "/dashboard" : "/dashboard/introduction";
  // Checked at /login before it went into the signed flow cookie; checked again where it is followed.
  const location = safeRedirectPath(flow.redirectTo, fallback);
  return { ok: true, setCookie: [...clear, setCookie], location };
}

const ssoLoginTypes = sql`(${users.loginType} in ('sso', 'emailAndSSO'))`;

async function findOrLinkUser(input: {
  accountId: string;
  provider: SsoProvider;
  issuer: string;
  subject: string;
  email: string | null;
}): Promise<string | null> {
  const db = getDb();
  const [linked] = await db
    .select({ identityId: userSsoIdentities.id, userId: users.id })
    .from(userSsoIdentities)
    .innerJoin(users, eq(users.id, userSsoIdentities.userId))
    .where(
      and(
        eq(userSsoIdentities.issuer, input.issuer),
        eq(userSsoIdentities.subject, input.subject),
        eq(userSsoIdentities.accountId, input.accountId),
        eq(users.accountId, input.accountId),
        isNull(users.deletedAt),
        ssoLoginTypes,
      ),
    );
  if (linked) {
    await db
      .update(userSsoIdentities)
      .set({ lastUsedAt: new Date() })
      .where(eq(userSsoIdentities.id, linked.identityId));
    return linked.userId;
  }
  if (!input.email) return null;
  // An identity already linked to someone (in any account) is never linked twice.
  const [taken] = await db
    .select({ id: userSsoIdentities.id })
    .from(userSsoIdentities)
    .where(and(eq(userSsoIdentities.issuer, input.issuer), eq(userSsoIdentities.subject, input.subject)));
  if (taken) return null;
  const [candidate] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.accountId, input.accountId),
        sql`lower(${users.email}) = ${input.email}`,
        isNull(users.deletedAt),
        ssoLoginTypes,
        sql`exists (select 1 from ${memberships} m where m.user_id = ${users.id} and m.account_id = ${input.accountId}
          and m.deleted_at is null and (m.status = 'active' or m.invited))`,
      ),
    )
    .limit(1);
  if (!candidate) return null;
  await db.transaction(async (tx) => {
    await tx.insert(userSsoIdentities).values({
      accountId: input.accountId,
      userId: candidate.id,
      provider: input.provider,
      issuer: input.issuer,
      subject: input.subject,
      lastUsedAt: new Date(),
    });
    // The provider vouched for the address.
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, candidate.id));
  });
  return candidate.id;
}
