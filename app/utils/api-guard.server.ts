import { jsonError } from "./api.server";
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
  if (!can(ctx, right)) throw jsonError(403, "forbidden", "You may not do this.");
  // A module that is off in this cluster answers like a missing right.
  if (module && !ctx.modules.has(module)) throw jsonError(403, "forbidden", "You may not do this.");
  return ctx;
}

/** The guard of JSON routes any signed-in user may call (their own tasks): 401 as above, no right needed. */
export async function requireUserForApi(request: Request): Promise<TenantContext> {
  try {
    return await requireUser(request);
  } catch (error) {
    if (error instanceof Response) throw unauthenticated(request, error);
    throw error;
  }
}
