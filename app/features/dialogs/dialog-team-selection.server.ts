import { and, eq } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { dialogTeamSelections } from "#db/schema";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * The dialogs list's selected team (spec §4 "the selected dialogs-team setting"; docs/decisions/1281):
 * kept per session and cluster, so it is the signed-in user's and goes when they log out (the row is
 * deleted with the session row).
 */
export async function rememberedDialogTeam(ctx: TenantContext, db: DbOrTx = getDb()): Promise<string | null> {
  const [row] = await db
    .select({ teamId: dialogTeamSelections.teamId })
    .from(dialogTeamSelections)
    .where(and(eq(dialogTeamSelections.sessionId, ctx.sessionId), eq(dialogTeamSelections.clusterId, ctx.clusterId)));
  return row?.teamId ?? null;
}

/** Remember the team the list was filtered on, or forget it (null: "all teams"). The caller checked the team. */
export async function rememberDialogTeam(ctx: TenantContext, teamId: string | null, db: DbOrTx = getDb()) {
  const where = and(
    eq(dialogTeamSelections.sessionId, ctx.sessionId),
    eq(dialogTeamSelections.clusterId, ctx.clusterId),
  );
  if (!teamId) {
    await db.delete(dialogTeamSelections).where(where);
    return;
  }
  await db
    .insert(dialogTeamSelections)
    .values({ sessionId: ctx.sessionId, clusterId: ctx.clusterId, teamId })
    .onConflictDoUpdate({
      target: [dialogTeamSelections.sessionId, dialogTeamSelections.clusterId],
      set: { teamId, updatedAt: new Date() },
    });
}
