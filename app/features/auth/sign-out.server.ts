import { getDb } from "#db/client.server";
import { auditEvents } from "#db/schema";
import { destroySession } from "~/utils/session.server";
import type { TenantContext } from "~/utils/tenant.server";

/** Deletes the session row (not only the cookie) and records it. */
export async function signOut(request: Request, ctx: TenantContext | null): Promise<string> {
  if (ctx) {
    await getDb().insert(auditEvents).values({
      accountId: ctx.accountId,
      actorUserId: ctx.user.id,
      subjectType: "user",
      subjectId: ctx.user.id,
      action: "logout",
    });
  }
  return destroySession(request);
}
