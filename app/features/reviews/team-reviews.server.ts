import { and, asc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import {
  auditEvents,
  criteria,
  criteriaSetCriteria,
  criteriaSets,
  memberships,
  reviewCriteria,
  reviewReviewers,
  reviews,
  reviewScores,
  reviewSubjects,
  reviewTags,
  reviewTeamStats,
  roleAssignments,
  tags,
  teams,
  users,
} from "#db/schema";
import type { Characteristics } from "#db/schema";
import { initialReviewCriteria, type RuleSet } from "~/features/criteria/review-criteria-rules";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import { isScaleSize, type Dimension, type ScaleSize } from "~/features/criteria/scales";
import { inCluster, isUuid, notFound, requireIdsInScope } from "~/utils/scope.server";
import { can, type TenantContext } from "~/utils/tenant.server";
import { summariseSubject, teamReviewStats } from "./review-scoring";

type Tenant = Pick<TenantContext, "accountId" | "clusterId">;

// ─── Who sees which team reviews (docs/decisions/0502) ──────────────────────────────────────────

const teamOnlyRoles = ["team_admin", "team_member", "employee"];

/**
 * Whoever holds reviews.manage through a cluster-level role (cluster admin, reviewer, advisor, ...)
 * or is an account admin sees every team review of the cluster; someone who has it only as a team
 * leader sees the team reviews of the teams they lead.
 */
export function reviewScope(ctx: TenantContext): { all: true } | { all: false; teamIds: string[] } {
  if (ctx.user.isAccountAdmin || ctx.user.isSystemAdmin) return { all: true };
  const clusterWide = [...ctx.roles].some((r) => !teamOnlyRoles.includes(r));
  if (clusterWide && can(ctx, "reviews.manage")) return { all: true };
  return { all: false, teamIds: ctx.teamRoles.filter((r) => r.role === "team_admin").map((r) => r.teamId) };
}

/** Whether ctx may open a team review: a chosen reviewer of it, or the review's team is in scope. */
async function mayOpenTeamReview(db: DbOrTx, ctx: TenantContext, review: { id: string; teamId: string | null }) {
  const scope = reviewScope(ctx);
  if (scope.all) return true;
  if (review.teamId && scope.teamIds.includes(review.teamId)) return true;
  if (!ctx.membershipId) return false;
  const [row] = await db
    .select({ id: reviewReviewers.membershipId })
    .from(reviewReviewers)
    .where(and(eq(reviewReviewers.reviewId, review.id), eq(reviewReviewers.membershipId, ctx.membershipId)));
  return Boolean(row);
}

/**
 * A team review of the current cluster that ctx may open; 404 otherwise (whatever the id). Inside a
 * transaction pass it as `db`: a second pool connection there deadlocks under load.
 */
export async function requireTeamReview(ctx: TenantContext, reviewId: string, db: DbOrTx = getDb()) {
  if (!isUuid(reviewId)) notFound();
  const [review] = await db
    .select()
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.id, reviewId), eq(reviews.type, "team"), isNull(reviews.deletedAt)));
  if (!review || !(await mayOpenTeamReview(db, ctx, review))) notFound();
  return review;
}

/** A round (team-summary review) of the current cluster; team leaders only see rounds with their teams. */
export async function requireRound(ctx: TenantContext, roundId: string) {
  if (!isUuid(roundId)) notFound();
  const [round] = await getDb()
    .select()
    .from(reviews)
    .where(
      and(
        inCluster(reviews, ctx),
        eq(reviews.id, roundId),
        eq(reviews.type, "team-summary"),
        isNull(reviews.deletedAt),
      ),
    );
  if (!round) notFound();
  return requireRoundInScope(ctx, round);
}

/** A round row already read from the current cluster: 404 unless ctx may see it (team leaders: one of their teams). */
export async function requireRoundInScope<Row extends { id: string }>(ctx: TenantContext, round: Row): Promise<Row> {
  if (reviewScope(ctx).all) return round;
  const [visible] = await getDb()
    .select({ id: reviews.id })
    .from(reviews)
    .where(teamReviewsInScope(ctx, round.id))
    .limit(1);
  if (!visible) notFound();
  return round;
}

/**
 * Which team reviews ctx may see, as a condition on `reviews` (undefined: all of the cluster, for
 * cluster-wide reviewers): queries filter on it instead of passing a round's 800 ids as parameters.
 */
export function teamReviewVisibility(ctx: TenantContext): SQL | undefined {
  const scope = reviewScope(ctx);
  if (scope.all) return undefined;
  const chosenReviewer = ctx.membershipId
    ? sql`exists (select 1 from ${reviewReviewers} rr where rr.review_id = ${reviews.id}
        and rr.membership_id = ${ctx.membershipId})`
    : sql`false`;
  return scope.teamIds.length ? or(inArray(reviews.teamId, scope.teamIds), chosenReviewer) : chosenReviewer;
}

/** The team reviews of a round that ctx may see, as a condition on `reviews`. */
export function teamReviewsInScope(ctx: TenantContext, roundId: string): SQL {
  return and(
    inCluster(reviews, ctx),
    eq(reviews.parentId, roundId),
    eq(reviews.type, "team"),
    isNull(reviews.deletedAt),
    teamReviewVisibility(ctx),
  )!;
}

/** The ids of the team reviews of a round that ctx may see. */
export async function teamReviewIdsInScope(ctx: TenantContext, roundId: string): Promise<string[]> {
  const rows = await getDb().select({ id: reviews.id }).from(reviews).where(teamReviewsInScope(ctx, roundId));
  return rows.map((r) => r.id);
}

// ─── Creating a round ───────────────────────────────────────────────────────────────────────────

export type CreateRoundInput = {
  name: string;
  /** yyyy-MM-dd */
  deadline: string;
  setId: string | null;
  teamIds: string[];
  tagIds: string[];
  leaderMembershipIds: string[];
  memberMembershipIds: string[];
};

export type CreateRoundResult = { ok: true; roundId: string } | { ok: false; code: "noLeaders" | "noMembers" };

/**
 * Creates a round with one team review per selected team that has a selected leader and selected
 * members. A member in several selected teams is reviewed once, in the first of them by name
 * (docs/decisions/0500). Ids outside the cluster are a 404; all rows are written in one transaction.
 */
export async function createTeamReviewRound(ctx: TenantContext, input: CreateRoundInput): Promise<CreateRoundResult> {
  const db = getDb();
  const settings = await getReviewSettings(ctx);
  const scale: ScaleSize = isScaleSize(settings.currentScale) ? settings.currentScale : 5;
  const teamRows = input.teamIds.length
    ? await db
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(and(inCluster(teams, ctx), inArray(teams.id, input.teamIds), isNull(teams.deletedAt)))
        .orderBy(asc(sql`lower(${teams.name})`))
    : [];
  if (teamRows.length !== new Set(input.teamIds).size) notFound();
  const tagIds = await requireIdsInScope(db, tags, input.tagIds, ctx, eq(tags.kind, "personnel"));
  const set = input.setId ? await loadRuleSet(db, ctx, input.setId) : null;

  const places = teamRows.length
    ? await db
        .select({
          membershipId: roleAssignments.membershipId,
          teamId: roleAssignments.teamId,
          role: roleAssignments.roleKey,
        })
        .from(roleAssignments)
        .innerJoin(memberships, eq(memberships.id, roleAssignments.membershipId))
        .where(
          and(
            eq(roleAssignments.clusterId, ctx.clusterId),
            inArray(
              roleAssignments.teamId,
              teamRows.map((t) => t.id),
            ),
            inArray(roleAssignments.roleKey, ["team_admin", "team_member"]),
            isNull(memberships.deletedAt),
          ),
        )
    : [];
  const leaders = new Set(input.leaderMembershipIds);
  const members = new Set(input.memberMembershipIds);
  const placed = new Set<string>();
  const plan: { team: { id: string; name: string }; reviewers: string[]; subjects: string[] }[] = [];
  for (const team of teamRows) {
    const inTeam = places.filter((p) => p.teamId === team.id);
    const reviewers = inTeam
      .filter((p) => p.role === "team_admin" && leaders.has(p.membershipId))
      .map((p) => p.membershipId);
    const subjects = [
      ...new Set(
        inTeam
          .filter((p) => p.role === "team_member" && members.has(p.membershipId) && !placed.has(p.membershipId))
          .map((p) => p.membershipId),
      ),
    ];
    if (reviewers.length === 0 || subjects.length === 0) continue;
    subjects.forEach((s) => placed.add(s));
    plan.push({ team, reviewers: [...new Set(reviewers)], subjects });
  }
  if (plan.length === 0)
    return {
      ok: false,
      code:
        leaders.size === 0 || !places.some((p) => p.role === "team_admin" && leaders.has(p.membershipId))
          ? "noLeaders"
          : "noMembers",
    };

  const roundId = await db.transaction(async (tx) => {
    const base = {
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      name: input.name,
      deadline: input.deadline,
      scale,
      setId: set?.id ?? null,
      createdBy: ctx.membershipId,
    };
    const [round] = await tx
      .insert(reviews)
      .values({ ...base, type: "team-summary" })
      .returning({ id: reviews.id });
    if (tagIds.length) await tx.insert(reviewTags).values(tagIds.map((tagId) => ({ reviewId: round.id, tagId })));
    const criteriaEntries = initialReviewCriteria(set);
    for (const item of plan) {
      const [review] = await tx
        .insert(reviews)
        .values({ ...base, type: "team", parentId: round.id, teamId: item.team.id, teamName: item.team.name })
        .returning({ id: reviews.id });
      await tx.insert(reviewReviewers).values(
        item.reviewers.map((membershipId) => ({
          accountId: ctx.accountId,
          clusterId: ctx.clusterId,
          reviewId: review.id,
          membershipId,
        })),
      );
      if (criteriaEntries.length)
        await tx.insert(reviewCriteria).values(
          criteriaEntries.map((c, position) => ({
            reviewId: review.id,
            criterionId: c.id,
            dimension: c.dimension,
            belongsToSet: c.belongsToSet,
            locked: c.locked,
            position,
          })),
        );
      await tx.insert(reviewSubjects).values(
        item.subjects.map((membershipId) => ({
          accountId: ctx.accountId,
          clusterId: ctx.clusterId,
          reviewId: review.id,
          roundId: round.id,
          membershipId,
        })),
      );
      await tx.insert(reviewTeamStats).values({
        reviewId: review.id,
        roundId: round.id,
        ...teamReviewStats(
          item.subjects.map(() => ({
            performance: null,
            potential: null,
            employability: null,
            developmentRole: null,
            scoredCount: 0,
          })),
          criteriaEntries.length,
        ),
      });
    }
    await tx.insert(auditEvents).values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      actorUserId: ctx.user.id,
      subjectType: "review",
      subjectId: round.id,
      action: "review.create",
      data: { teams: plan.length },
    });
    return round.id;
  });
  return { ok: true, roundId };
}

async function loadRuleSet(db: DbOrTx, ctx: Tenant, setId: string): Promise<(RuleSet & { id: string }) | null> {
  const [set] = await db
    .select({ id: criteriaSets.id, flex: criteriaSets.flex, basic: criteriaSets.basic })
    .from(criteriaSets)
    .where(and(inCluster(criteriaSets, ctx), eq(criteriaSets.id, setId)));
  if (!set) notFound();
  const rows = await db
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteriaSetCriteria)
    .innerJoin(criteria, eq(criteria.id, criteriaSetCriteria.criterionId))
    .where(and(eq(criteriaSetCriteria.setId, setId), isNull(criteria.archivedAt)))
    .orderBy(asc(criteria.dimension), asc(sql`lower(${criteria.name})`));
  return { ...set, criteria: rows.map((r) => ({ id: r.id, dimension: r.dimension as Dimension })) };
}

// ─── Evaluation ─────────────────────────────────────────────────────────────────────────────────

export type EvaluationCriterion = {
  criterionId: string;
  dimension: Dimension;
  name: string;
  description: string;
  characteristics: Characteristics;
  belongsToSet: boolean;
  locked: boolean;
};

/** Everything the evaluation page and the API need of one team review. */
export async function getEvaluation(ctx: TenantContext, reviewId: string) {
  const review = await requireTeamReview(ctx, reviewId);
  const db = getDb();
  const [round, criteriaRows, subjectRows, scoreRows, reviewerRows, set] = await Promise.all([
    review.parentId
      ? db
          .select()
          .from(reviews)
          .where(eq(reviews.id, review.parentId))
          .then((r) => r[0] ?? null)
      : Promise.resolve(null),
    db
      .select({
        criterionId: reviewCriteria.criterionId,
        dimension: reviewCriteria.dimension,
        name: criteria.name,
        description: criteria.description,
        characteristics: criteria.characteristics,
        belongsToSet: reviewCriteria.belongsToSet,
        locked: reviewCriteria.locked,
      })
      .from(reviewCriteria)
      .innerJoin(criteria, eq(criteria.id, reviewCriteria.criterionId))
      .where(eq(reviewCriteria.reviewId, review.id))
      .orderBy(asc(reviewCriteria.dimension), asc(reviewCriteria.position)),
    db
      .select({
        id: reviewSubjects.id,
        membershipId: reviewSubjects.membershipId,
        firstName: users.firstName,
        lastName: users.lastName,
        performance: reviewSubjects.performance,
        potential: reviewSubjects.potential,
        employability: reviewSubjects.employability,
        developmentRole: reviewSubjects.developmentRole,
        scoredCount: reviewSubjects.scoredCount,
        developmentGoal: reviewSubjects.developmentGoal,
      })
      .from(reviewSubjects)
      .innerJoin(memberships, eq(memberships.id, reviewSubjects.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(reviewSubjects.reviewId, review.id))
      .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`)),
    db
      .select({
        subjectId: reviewScores.subjectId,
        criterionId: reviewScores.criterionId,
        score: reviewScores.score,
        scoredBy: reviewScores.scoredBy,
      })
      .from(reviewScores)
      .where(eq(reviewScores.reviewId, review.id)),
    db
      .select({ membershipId: reviewReviewers.membershipId, firstName: users.firstName, lastName: users.lastName })
      .from(reviewReviewers)
      .innerJoin(memberships, eq(memberships.id, reviewReviewers.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(reviewReviewers.reviewId, review.id)),
    review.setId ? loadRuleSet(db, ctx, review.setId).catch(() => null) : Promise.resolve(null),
  ]);
  return {
    review,
    round,
    set,
    scale: review.scale as ScaleSize,
    readOnly: Boolean(review.lockedAt || review.isFinished),
    criteria: criteriaRows as EvaluationCriterion[],
    subjects: subjectRows,
    scores: scoreRows,
    reviewers: reviewerRows,
  };
}

export type ScoreChange = { subjectId: string; criterionId: string; score: number | null };
export type SaveEvaluationInput = {
  scores: ScoreChange[];
  developmentGoals?: { subjectId: string; goal: string }[];
};
export type SaveEvaluationResult =
  | { ok: true }
  | {
      ok: false;
      code: "locked" | "finished" | "scoreOfOther" | "unknownCriterion" | "unknownSubject" | "invalidScore";
      subjectId?: string;
      criterionId?: string;
    };

/**
 * Saves what changed in an evaluation: `score: null` switches a score off (deletes it), which only
 * the person who gave it may do (spec §5). Saves of one team review are serialised on its stats row,
 * so two sessions scoring different criteria of the same person both keep their scores; dimension
 * scores, role and the team's stats are rewritten in the same transaction.
 */
/** A refused save: thrown inside the transaction so that nothing of it is written. */
export class EvaluationRefused extends Error {
  constructor(readonly result: Extract<SaveEvaluationResult, { ok: false }>) {
    super(`evaluation refused: ${result.code}`);
  }
}

export async function saveEvaluation(
  ctx: TenantContext,
  reviewId: string,
  input: SaveEvaluationInput,
): Promise<SaveEvaluationResult> {
  const review = await requireTeamReview(ctx, reviewId);
  const settings = await getReviewSettings(ctx);
  try {
    await getDb().transaction((tx) => saveScoresInTransaction(tx, ctx, review, input, settings.thresholds));
    return { ok: true };
  } catch (error) {
    if (error instanceof EvaluationRefused) return error.result;
    throw error;
  }
}

/**
 * The work of saveEvaluation inside a caller's transaction (the API's evaluate save runs criteria,
 * scores and finishing in one). Throws EvaluationRefused, which rolls the whole transaction back.
 */
export async function saveScoresInTransaction(
  tx: Tx,
  ctx: TenantContext,
  review: { id: string; scale: number },
  input: SaveEvaluationInput,
  thresholds: Parameters<typeof summariseSubject>[2],
): Promise<void> {
  const scale = review.scale as ScaleSize;
  function refuse(result: Extract<SaveEvaluationResult, { ok: false }>): never {
    throw new EvaluationRefused(result);
  }
  await tx.execute(sql`select 1 from review_team_stats where review_id = ${review.id} for update`);
  const [current] = await tx
    .select({ lockedAt: reviews.lockedAt, isFinished: reviews.isFinished })
    .from(reviews)
    .where(eq(reviews.id, review.id));
  if (current.lockedAt) refuse({ ok: false, code: "locked" });
  if (current.isFinished) refuse({ ok: false, code: "finished" });

  const [criteriaRows, subjectRows] = await Promise.all([
    tx
      .select({ criterionId: reviewCriteria.criterionId, dimension: reviewCriteria.dimension })
      .from(reviewCriteria)
      .where(eq(reviewCriteria.reviewId, review.id)),
    tx.select({ id: reviewSubjects.id }).from(reviewSubjects).where(eq(reviewSubjects.reviewId, review.id)),
  ]);
  const dimensionOf = new Map(criteriaRows.map((c) => [c.criterionId, c.dimension]));
  const subjectIds = new Set(subjectRows.map((s) => s.id));
  const touched = new Set<string>();

  for (const change of input.scores) {
    if (!subjectIds.has(change.subjectId)) refuse({ ok: false, code: "unknownSubject", ...change });
    const dimension = dimensionOf.get(change.criterionId);
    if (!dimension) refuse({ ok: false, code: "unknownCriterion", ...change });
    touched.add(change.subjectId);
    const key = and(eq(reviewScores.subjectId, change.subjectId), eq(reviewScores.criterionId, change.criterionId));
    if (change.score === null) {
      const [existing] = await tx.select({ scoredBy: reviewScores.scoredBy }).from(reviewScores).where(key);
      if (!existing) continue;
      if (existing.scoredBy && existing.scoredBy !== ctx.membershipId)
        refuse({
          ok: false,
          code: "scoreOfOther",
          subjectId: change.subjectId,
          criterionId: change.criterionId,
        });
      await tx.delete(reviewScores).where(key);
      continue;
    }
    if (!Number.isInteger(change.score) || change.score < 0 || change.score > scale)
      refuse({
        ok: false,
        code: "invalidScore",
        subjectId: change.subjectId,
        criterionId: change.criterionId,
      });
    await tx
      .insert(reviewScores)
      .values({
        subjectId: change.subjectId,
        criterionId: change.criterionId,
        reviewId: review.id,
        dimension,
        score: change.score,
        scoredBy: ctx.membershipId,
      })
      .onConflictDoUpdate({
        target: [reviewScores.subjectId, reviewScores.criterionId],
        set: { score: change.score, scoredBy: ctx.membershipId, updatedAt: new Date() },
      });
  }
  for (const goal of input.developmentGoals ?? []) {
    if (!subjectIds.has(goal.subjectId)) refuse({ ok: false, code: "unknownSubject", subjectId: goal.subjectId });
    await tx
      .update(reviewSubjects)
      .set({ developmentGoal: goal.goal, updatedAt: new Date() })
      .where(eq(reviewSubjects.id, goal.subjectId));
  }
  for (const subjectId of touched) await refreshSubject(tx, subjectId, scale, thresholds);
  await refreshTeamStats(tx, review.id, criteriaRows.length);
}

/** Recomputes a subject's dimension scores and role from its scores. */
export async function refreshSubject(
  tx: DbOrTx,
  subjectId: string,
  scale: ScaleSize,
  thresholds: Parameters<typeof summariseSubject>[2],
) {
  const rows = await tx
    .select({ dimension: reviewScores.dimension, score: reviewScores.score })
    .from(reviewScores)
    .where(eq(reviewScores.subjectId, subjectId));
  const summary = summariseSubject(
    rows.map((r) => ({ dimension: r.dimension as Dimension, score: r.score })),
    scale,
    thresholds,
  );
  await tx
    .update(reviewSubjects)
    .set({ ...summary, updatedAt: new Date() })
    .where(eq(reviewSubjects.id, subjectId));
}

/** Rewrites a team review's precomputed progress and distributions. */
export async function refreshTeamStats(tx: DbOrTx, reviewId: string, criteriaCount?: number) {
  const count =
    criteriaCount ??
    (
      await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(reviewCriteria)
        .where(eq(reviewCriteria.reviewId, reviewId))
    )[0].n;
  const subjects = await tx
    .select({
      performance: reviewSubjects.performance,
      potential: reviewSubjects.potential,
      employability: reviewSubjects.employability,
      developmentRole: reviewSubjects.developmentRole,
      scoredCount: reviewSubjects.scoredCount,
    })
    .from(reviewSubjects)
    .where(eq(reviewSubjects.reviewId, reviewId));
  await tx
    .update(reviewTeamStats)
    .set({ ...teamReviewStats(subjects, count), updatedAt: new Date() })
    .where(eq(reviewTeamStats.reviewId, reviewId));
}

// ─── Finishing, confirming, rolling back, locking ───────────────────────────────────────────────

export type StateResult = { ok: true } | { ok: false; code: "locked" | "notFinished" | "alreadyFinished" };

async function setReviewState(
  ctx: TenantContext,
  reviewId: string,
  action: string,
  change: (review: typeof reviews.$inferSelect) => Partial<typeof reviews.$inferInsert> | StateResult,
  outerTx?: Tx,
): Promise<StateResult> {
  const review = await requireTeamReview(ctx, reviewId, outerTx);
  // The state is read under a row lock, so two requests cannot both finish or roll back.
  const run = async (tx: Tx): Promise<StateResult> => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, review.id)).for("update");
    const result = change(current);
    if ("ok" in result) return result as StateResult;
    await tx
      .update(reviews)
      .set({ ...result, updatedAt: new Date() })
      .where(eq(reviews.id, review.id));
    await tx.insert(auditEvents).values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      actorUserId: ctx.user.id,
      subjectType: "review",
      subjectId: review.id,
      action,
    });
    return { ok: true };
  };
  return outerTx ? run(outerTx) : getDb().transaction(run);
}

/** The leader finishes: isFinished 0 → 1; the evaluation becomes read-only. */
export function finishTeamReview(ctx: TenantContext, reviewId: string, tx?: Tx) {
  return setReviewState(
    ctx,
    reviewId,
    "review.finish",
    (r) => {
      if (r.lockedAt) return { ok: false, code: "locked" };
      if (r.isFinished) return { ok: false, code: "alreadyFinished" };
      return { isFinished: true, finishedAt: new Date() };
    },
    tx,
  );
}

/** HR confirms a finished review's completion (reviews.manage across the cluster). */
export function confirmCompletion(ctx: TenantContext, reviewId: string) {
  requireClusterWide(ctx);
  return setReviewState(ctx, reviewId, "review.confirm", (r) => {
    if (!r.isFinished) return { ok: false, code: "notFinished" };
    if (r.lockedAt) return { ok: false, code: "locked" };
    return { completionConfirmedAt: new Date() };
  });
}

/** HR rolls a finished review back so that its leader can change it again. */
export function rollbackCompletion(ctx: TenantContext, reviewId: string) {
  requireClusterWide(ctx);
  return setReviewState(ctx, reviewId, "review.rollback", (r) => {
    if (!r.isFinished) return { ok: false, code: "notFinished" };
    if (r.lockedAt) return { ok: false, code: "locked" };
    return { isFinished: false, finishedAt: null, completionConfirmedAt: null };
  });
}

/** Locks or unlocks a round and all its team reviews; locked reviews are read-only. */
export async function setRoundLocked(ctx: TenantContext, roundId: string, locked: boolean) {
  requireClusterWide(ctx);
  const round = await requireRound(ctx, roundId);
  await getDb().transaction(async (tx) => {
    const lockedAt = locked ? new Date() : null;
    await tx.update(reviews).set({ lockedAt, updatedAt: new Date() }).where(eq(reviews.id, round.id));
    await tx
      .update(reviews)
      .set({ lockedAt, updatedAt: new Date() })
      .where(and(eq(reviews.parentId, round.id), inCluster(reviews, ctx)));
    await tx.insert(auditEvents).values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      actorUserId: ctx.user.id,
      subjectType: "review",
      subjectId: round.id,
      action: locked ? "review.lock" : "review.unlock",
    });
  });
}

function requireClusterWide(ctx: TenantContext) {
  if (!reviewScope(ctx).all) notFound();
}

/** For callers that only need to know: can ctx manage every review in this cluster. */
export function managesAllReviews(ctx: TenantContext) {
  return reviewScope(ctx).all;
}
