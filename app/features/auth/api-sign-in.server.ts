import { getDb } from "#db/client.server";
import { jsonError } from "~/utils/api.server";
import { getServerT } from "~/utils/i18n.server";
import { SESSION_IDLE_HOURS, createApiSession } from "~/utils/session.server";
import { requireUser, type TenantContext } from "~/utils/tenant.server";
import type { ApiLogin } from "./api-sign-in.schema";
import { firstAccessibleClusterId, recordFailedLogin, recordSuccessfulLogin, verifyLogin } from "./login.server";
import { hitThrottle, loginHits, settleSuccess } from "./throttle.server";
import { twoFactorStepFor, verifySecondFactor } from "./two-factor.server";

/**
 * Sign-in of API clients (spec §7 /api/auth/login, docs/decisions/1411): the same throttle, password check,
 * SSO-only rule and second factor as /login, answered as JSON with the spec's error keys instead of pages.
 * Success is a bearer token for a new session in the user's first cluster, and `current`, the session as
 * GET /api/init describes it.
 */
export async function apiSignIn(request: Request, input: ApiLogin, ip: string): Promise<Response> {
  const hits = loginHits(input.email, ip);
  const gate = await hitThrottle(hits);
  if (!gate.allowed) return tooManyAttempts(gate.retryAfter);

  const result = await verifyLogin(input.email, input.password);
  if (result.ok || result.code === "unverified") await settleSuccess(hits);
  // Messages in the caller's language (Accept-Language), the keys as the spec's clients expect them.
  const t = await getServerT(request);
  if (!result.ok) {
    if (result.known) await recordFailedLogin({ ...result.known, ip, reason: result.code });
    if (result.code === "ssoOnly") return loginError("SSO-ONLY", t("auth:login.ssoOnly"));
    if (result.code === "unverified") return loginError("UNVERIFIED", t("auth:login.unverified"));
    return loginError("FAILED", t("auth:login.failed"));
  }

  const step = await twoFactorStepFor(result.userId);
  // Setting up a second factor needs a QR code and a browser: /2fa/setup, as the spec's clients do.
  if (step === "setup") return loginError("2FA_SETUP", t("auth:login.apiTwoFactorSetup"));
  if (step === "verify") {
    if (!input.code) return loginError("2FA_VERIFY", t("signup:twoFactor.verifyIntro"));
    const check = await verifySecondFactor(result.userId, input.code, ip);
    if (!check.ok && check.code === "tooManyAttempts") return tooManyAttempts(check.retryAfter ?? 60);
    if (!check.ok) return loginError("2FA_VERIFY", t("signup:twoFactor.invalid"));
  }

  await recordSuccessfulLogin({ userId: result.userId, accountId: result.accountId, ip });
  const { token, expiresAt } = await createApiSession(getDb(), {
    userId: result.userId,
    accountId: result.accountId,
    currentClusterId: await firstAccessibleClusterId(result.userId),
    ip,
    userAgent: request.headers.get("User-Agent"),
  });
  const current = sessionSummary(await requireUser(bearerRequest(request, token), { allowNoCluster: true }));
  return Response.json(tokenAnswer(token, expiresAt, { current }), { headers: { "Cache-Control": "no-store" } });
}

/** The answer that hands out a token (login and refresh): OAuth's field names, which API clients know. */
export function tokenAnswer(token: string, expiresAt: Date, extra: Record<string, unknown> = {}) {
  return {
    access_token: token,
    token_type: "Bearer",
    // Lifetime: a call in its last hour answers a replacement in X-Refreshed-Token (docs/decisions/1651).
    expires_in: SESSION_IDLE_HOURS * 60 * 60,
    expires_at: expiresAt.toISOString(),
    ...extra,
  };
}

/** The new session as every later call will see it: the same tenant query, through the token. */
function bearerRequest(request: Request, token: string): Request {
  return new Request(new URL("/api/init", request.url), { headers: { Authorization: `Bearer ${token}` } });
}

function loginError(key: string, message: string): Response {
  return jsonError(401, key, message, { key });
}

function tooManyAttempts(retryAfter: number): Response {
  const response = jsonError(429, "TOO_MANY_ATTEMPTS", "Too Many Attempts.", { key: "TOO_MANY_ATTEMPTS" });
  response.headers.set("Retry-After", String(retryAfter));
  return response;
}

/**
 * Spec §7 GET /api/init (and `current` of a sign-in): the session as spec §3 describes it — the user
 * (language, accountAdmin, systemAdmin), the current cluster with its modules, the clusters to switch to,
 * roles and rights in this cluster. Only the caller's own session; nothing of anyone else.
 */
export function sessionSummary(ctx: TenantContext) {
  return {
    user: {
      id: ctx.user.id,
      firstName: ctx.user.firstName,
      lastName: ctx.user.lastName,
      email: ctx.user.email,
      language: ctx.user.language,
      accountAdmin: ctx.user.isAccountAdmin,
      systemAdmin: ctx.user.isSystemAdmin,
    },
    account: { id: ctx.account.id, name: ctx.account.name, licenceStatus: ctx.account.licenceStatus },
    cluster: ctx.clusterId
      ? { id: ctx.cluster.id, name: ctx.cluster.name, modules: [...ctx.modules].sort().map((key) => ({ key })) }
      : null,
    clusters: ctx.clusters,
    membershipId: ctx.membershipId,
    roles: [...ctx.roles].sort(),
    teamRoles: ctx.teamRoles,
    rights: [...ctx.rights].sort(),
  };
}
