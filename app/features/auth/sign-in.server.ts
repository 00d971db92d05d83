import { createSession } from "~/utils/session.server";
import { authenticator, firstAccessibleClusterId, recordFailedLogin, recordSuccessfulLogin } from "./login.server";
import { hitThrottle, loginHits, settleSuccess } from "./throttle.server";
import { createPendingCookie, twoFactorStepFor } from "./two-factor.server";

export type SignInOutcome =
  | { ok: true; setCookie: string; firstLogin: boolean; twoFactor?: undefined }
  | { ok: true; setCookie: string; twoFactor: "/2fa/setup" | "/2fa/verify" }
  | { ok: false; status: number; errorKey: string; retryAfter?: number };

const errorKeys = {
  failed: "auth:login.failed",
  unverified: "auth:login.unverified",
  ssoOnly: "auth:login.ssoOnly",
} as const;

/** The last part of every sign-in (password, two-factor, invitation): bookkeeping and a new session. */
export async function completeSignIn(
  request: Request,
  input: { userId: string; accountId: string; ip: string },
): Promise<{ setCookie: string }> {
  await recordSuccessfulLogin(input);
  const clusterId = await firstAccessibleClusterId(input.userId);
  // A new session id at every sign-in, so a planted id is never promoted (session fixation).
  const { setCookie } = await createSession(request, {
    userId: input.userId,
    accountId: input.accountId,
    currentClusterId: clusterId,
    ip: input.ip,
  });
  return { setCookie };
}

/**
 * The whole password sign-in: throttle (throttle.server.ts), verify (remix-auth form strategy), then either a new session
 * or, when the account uses module 2fa for this user, the half-signed-in state for /2fa/setup or /2fa/verify.
 */
export async function signIn(
  request: Request,
  input: { email: string; ip: string; redirectTo?: string | null },
): Promise<SignInOutcome> {
  // Counted before the password is looked at, so parallel attempts cannot all be checked.
  const hits = loginHits(input.email, input.ip);
  const gate = await hitThrottle(hits);
  if (!gate.allowed) {
    return { ok: false, status: 429, errorKey: "auth:login.tooManyAttempts", retryAfter: gate.retryAfter };
  }

  const result = await authenticator.authenticate("form", request);
  // A right password (also of a not yet verified address) settles the counters; a wrong one stays counted.
  if (result.ok || result.code === "unverified") await settleSuccess(hits);
  if (!result.ok) {
    if (result.known) await recordFailedLogin({ ...result.known, ip: input.ip, reason: result.code });
    return { ok: false, status: 400, errorKey: errorKeys[result.code] };
  }
  const step = await twoFactorStepFor(result.userId);
  if (step) {
    const setCookie = await createPendingCookie(request, {
      userId: result.userId,
      step,
      redirectTo: input.redirectTo ?? null,
    });
    return { ok: true, setCookie, twoFactor: step === "setup" ? "/2fa/setup" : "/2fa/verify" };
  }
  const { setCookie } = await completeSignIn(request, { ...result, ip: input.ip });
  return { ok: true, setCookie, firstLogin: result.firstLogin };
}
