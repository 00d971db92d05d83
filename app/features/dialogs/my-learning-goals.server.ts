import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { dialogInitiatives, dialogLearningGoals, dialogs } from "#db/schema";
import { inCluster } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";

export type MyLearningGoal = {
  id: string;
  title: string;
  dialogId: string;
  objective: string;
  state: "started" | "finished";
  initiatives: number;
  /** Average progress of its initiatives, whole percent (0 without initiatives). */
  progress: number;
};

/**
 * For my/growth (decision 1122): the learning goals of ctx's own dialogs (always ctx's own membership;
 * started and finished dialogs, archived goals and archived dialogs left out), newest dialog first, each
 * with the average progress of its initiatives.
 */
export async function myLearningGoals(ctx: TenantContext, db: DbOrTx = getDb()): Promise<MyLearningGoal[]> {
  if (!ctx.membershipId) return [];
  const goals = await db
    .select({
      id: dialogLearningGoals.id,
      title: dialogLearningGoals.title,
      dialogId: dialogs.id,
      objective: dialogs.objective,
      state: dialogs.state,
    })
    .from(dialogLearningGoals)
    .innerJoin(dialogs, eq(dialogs.id, dialogLearningGoals.dialogId))
    .where(
      and(
        inCluster(dialogs, ctx),
        eq(dialogs.membershipId, ctx.membershipId),
        inArray(dialogs.state, ["started", "finished"]),
        eq(dialogLearningGoals.archived, false),
      ),
    )
    .orderBy(desc(dialogs.createdAt), asc(dialogLearningGoals.createdAt), asc(dialogLearningGoals.id))
    .limit(100);
  if (goals.length === 0) return [];
  const initiatives = await db
    .select({ goalId: dialogInitiatives.learningGoalId, progress: dialogInitiatives.progress })
    .from(dialogInitiatives)
    .where(
      inArray(
        dialogInitiatives.learningGoalId,
        goals.map((g) => g.id),
      ),
    );
  return goals.map((g) => {
    const own = initiatives.filter((i) => i.goalId === g.id);
    const progress = own.length ? Math.round(own.reduce((sum, i) => sum + i.progress, 0) / own.length) : 0;
    return { ...g, state: g.state as "started" | "finished", initiatives: own.length, progress };
  });
}
