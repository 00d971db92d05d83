import type { Right } from "./rights";
import { can, requireUser, type TenantContext } from "./tenant.server";

/**
 * The guard of JSON resource routes: the same session and right checks as the pages, but answered as
 * JSON 401 (not signed in / no cluster) and 403 (no right) instead of redirects (docs/decisions/0304).
 */
export async function requireRightForApi(request: Request, right: Right): Promise<TenantContext> {
  let ctx: TenantContext;
  try {
    ctx = await requireUser(request);
  } catch (error) {
    if (error instanceof Response) throw Response.json({ error: "unauthenticated" }, { status: 401 });
    throw error;
  }
  if (!can(ctx, right)) throw Response.json({ error: "forbidden" }, { status: 403 });
  return ctx;
}
