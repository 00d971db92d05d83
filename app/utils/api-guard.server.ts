import { jsonError } from "./api.server";
import type { ModuleKey } from "./modules";
import type { Right } from "./rights";
import { can, requireUser, type TenantContext } from "./tenant.server";

/**
 * The guard of JSON resource routes: the same session and right checks as the pages, but answered as
 * JSON 401 (not signed in / no cluster) and 403 (no right) instead of redirects (docs/decisions/0304).
 */
export async function requireRightForApi(request: Request, right: Right, module?: ModuleKey): Promise<TenantContext> {
  let ctx: TenantContext;
  try {
    ctx = await requireUser(request);
  } catch (error) {
    if (error instanceof Response) throw jsonError(401, "unauthenticated", "Sign in first.");
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
    if (error instanceof Response) throw jsonError(401, "unauthenticated", "Sign in first.");
    throw error;
  }
}
