import { getDb } from "#db/client.server";
import { destroySession } from "~/utils/session.server";
import type { TenantContext } from "~/utils/tenant.server";
import { auditOwnAction } from "./user-audit.server";

/** Deletes the session row (not only the cookie) and records it. */
export async function signOut(request: Request, ctx: TenantContext | null): Promise<string> {
  if (ctx) {
    await auditOwnAction(getDb(), { accountId: ctx.accountId, userId: ctx.user.id, action: "logout" });
  }
  return destroySession(request);
}
