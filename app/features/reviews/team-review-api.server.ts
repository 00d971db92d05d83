import type { TenantContext } from "~/utils/tenant.server";

/** Team review API routes also need the module; without it the answer is 403 like a missing right. */
export function requireTeamReviewModuleForApi(ctx: TenantContext) {
  if (!ctx.modules.has("team-review")) throw Response.json({ error: "forbidden" }, { status: 403 });
}

/** JSON only, which a cross-site form cannot send: the content type is the CSRF check. */
export async function readJsonBody(request: Request): Promise<{ ok: true; body: unknown } | { ok: false }> {
  if (!request.headers.get("Content-Type")?.startsWith("application/json")) return { ok: false };
  try {
    return { ok: true, body: await request.json() };
  } catch {
    return { ok: false };
  }
}

/** Services throw a plain 404 Response for ids outside the tenant or scope; the API answers it as JSON. */
export async function jsonNotFound<T>(fn: () => Promise<T>): Promise<T | Response> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Response && error.status === 404)
      return Response.json({ message: "Not found" }, { status: 404 });
    throw error;
  }
}
