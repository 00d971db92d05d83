import type { AuditAction } from "~/features/audit/audit-actions";
import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import { reviews } from "#db/schema";
import { inCluster } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { requireClusterWide, requireRound, requireTeamReview } from "./review-access.server";
import { auditReviews } from "./review-audit.server";

/**
 * Finishing, confirming, rolling back and locking reviews. Each runs on `db`: given a caller's
 * transaction it works inside it (a savepoint), so the caller's rollback undoes it too.
 */

export type StateResult = { ok: true } | { ok: false; code: "locked" | "notFinished" | "alreadyFinished" };

type ReviewRow = typeof reviews.$inferSelect;

async function setReviewState(
  db: DbOrTx,
  ctx: TenantContext,
  reviewId: string,
  action: AuditAction,
  change: (review: ReviewRow) => Partial<typeof reviews.$inferInsert> | StateResult,
): Promise<StateResult> {
  const review = await requireTeamReview(ctx, reviewId, db);
  // The state is read under a row lock, so two requests cannot both finish or roll back.
  return db.transaction(async (tx: Tx): Promise<StateResult> => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, review.id)).for("update");
    const result = change(current);
    if ("ok" in result) return result as StateResult;
    await tx
      .update(reviews)
      .set({ ...result, updatedAt: new Date() })
      .where(eq(reviews.id, review.id));
    await auditReviews(tx, ctx, action, [review.id]);
    return { ok: true };
  });
}

/** The leader finishes: isFinished 0 → 1; the evaluation becomes read-only. */
export function finishTeamReview(ctx: TenantContext, reviewId: string, db: DbOrTx = getDb()) {
  return setReviewState(db, ctx, reviewId, "review.finish", (r) => {
    if (r.lockedAt) return { ok: false, code: "locked" };
    if (r.isFinished) return { ok: false, code: "alreadyFinished" };
    return { isFinished: true, finishedAt: new Date() };
  });
}

/** HR confirms a finished review's completion (reviews.manage across the cluster). */
export function confirmCompletion(ctx: TenantContext, reviewId: string, db: DbOrTx = getDb()) {
  requireClusterWide(ctx);
  return setReviewState(db, ctx, reviewId, "review.confirm", (r) => {
    if (!r.isFinished) return { ok: false, code: "notFinished" };
    if (r.lockedAt) return { ok: false, code: "locked" };
    return { completionConfirmedAt: new Date() };
  });
}

/** HR rolls a finished review back so that its leader can change it again. */
export function rollbackCompletion(ctx: TenantContext, reviewId: string, db: DbOrTx = getDb()) {
  requireClusterWide(ctx);
  return setReviewState(db, ctx, reviewId, "review.rollback", (r) => {
    if (!r.isFinished) return { ok: false, code: "notFinished" };
    if (r.lockedAt) return { ok: false, code: "locked" };
    return { isFinished: false, finishedAt: null, completionConfirmedAt: null, reopenedAt: new Date() };
  });
}

/** Unlocking a locked review reopens it: changes from then on are recorded (decision 1670). */
export function reopenedWhenUnlocked(locked: boolean) {
  return locked
    ? {}
    : { reopenedAt: sql`case when ${reviews.lockedAt} is not null then now() else ${reviews.reopenedAt} end` };
}

/** Locks or unlocks a round and all its team reviews; locked reviews are read-only. */
export async function setRoundLocked(ctx: TenantContext, roundId: string, locked: boolean, db: DbOrTx = getDb()) {
  requireClusterWide(ctx);
  const round = await requireRound(ctx, roundId, db);
  await db.transaction(async (tx) => {
    const lockedAt = locked ? new Date() : null;
    const set = { lockedAt, ...reopenedWhenUnlocked(locked), updatedAt: new Date() };
    await tx.update(reviews).set(set).where(eq(reviews.id, round.id));
    await tx
      .update(reviews)
      .set(set)
      .where(and(eq(reviews.parentId, round.id), inCluster(reviews, ctx)));
    await auditReviews(tx, ctx, locked ? "review.lock" : "review.unlock", [round.id]);
  });
}
