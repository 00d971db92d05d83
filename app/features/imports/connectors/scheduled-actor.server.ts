import { actorContext } from "~/utils/actor-context.server";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * The context of the HR user who set a connector's schedule, in that cluster. A scheduled run acts as them;
 * null when they may no longer import there (no user, removed, no users.import, module gone) — then nothing is
 * applied automatically.
 */
export async function scheduledActorContext(userId: string, clusterId: string): Promise<TenantContext | null> {
  const ctx = await actorContext(userId, clusterId);
  return ctx?.rights.has("users.import") ? ctx : null;
}
