import { hitThrottle } from "~/features/auth/throttle.server";
import { jsonError } from "./api.server";
import { memoPerRequest } from "./request-scope.server";
import type { ModuleKey } from "./modules";
import type { Right } from "./rights";
import { bearerToken } from "./session.server";
import { can, requireUser, type TenantContext } from "./tenant.server";

/**
 * 401 for a caller without a valid session. A bearer caller hears about its token: spec §7's clients end
 * their session on a 401 whose message mentions a token (docs/decisions/1411).
 */
function unauthenticated(request: Request, guardAnswer: Response): Response {
  if (guardAnswer.headers.get("Location") === "/nocluster") {
    return jsonError(401, "noCluster", "You have no cluster to work in.");
  }
  if (bearerToken(request) !== null) {
    return jsonError(401, "invalidToken", "The access token is invalid or has expired; sign in again.");
  }
  return jsonError(401, "unauthenticated", "Sign in first.");
}

/**
 * The API's rate limit (docs/decisions/1651): calls with a bearer token count per user, once a request,
 * through the shared attempt counters; beyond API_RATE_LIMIT a 429 with Retry-After. The pages' own
 * cookie calls are not counted.
 */
async function limitRate(request: Request, ctx: TenantContext): Promise<void> {
  if (!ctx.sessionId.startsWith("api.")) return;
  const gate = await memoPerRequest(request, "api-rate", () =>
    hitThrottle([{ rule: "apiCalls", subject: ctx.user.id }]),
  );
  if (gate.allowed) return;
  throw Response.json(
    { error: "tooManyRequests", message: `Too many calls; try again in ${gate.retryAfter} seconds.` },
    { status: 429, headers: { "Retry-After": String(gate.retryAfter) } },
  );
}

/**
 * The guard of JSON resource routes: the same session and right checks as the pages, but answered as
 * JSON 401 (not signed in / no cluster) and 403 (no right) instead of redirects (docs/decisions/0304).
 */
export async function requireRightForApi(request: Request, right: Right, module?: ModuleKey): Promise<TenantContext> {
  let ctx: TenantContext;
  try {
    ctx = await requireUser(request);
  } catch (error) {
    if (error instanceof Response) throw unauthenticated(request, error);
    throw error;
  }
  await limitRate(request, ctx);
  if (!can(ctx, right)) throw jsonError(403, "forbidden", "You may not do this.");
  // A module that is off in this cluster answers like a missing right.
  if (module && !ctx.modules.has(module)) throw jsonError(403, "forbidden", "You may not do this.");
  return ctx;
}

/** The guard of JSON routes any signed-in user may call (their own tasks): 401 as above, no right needed. */
export async function requireUserForApi(request: Request): Promise<TenantContext> {
  let ctx: TenantContext;
  try {
    ctx = await requireUser(request);
  } catch (error) {
    if (error instanceof Response) throw unauthenticated(request, error);
    throw error;
  }
  await limitRate(request, ctx);
  return ctx;
}
