import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "#db/client.server";
import { criteria, criteriaSetCriteria, criteriaSets, reviewCriteria, reviewScores } from "#db/schema";
import type { ReviewCriterionEntry, RuleSet } from "~/features/criteria/review-criteria-rules";
import type { Dimension, ScaleSize } from "~/features/criteria/scales";
import { inCluster, type Tenant } from "~/utils/scope.server";
import { refreshSubject, refreshTeamStats } from "./review-scores.server";
import type { EvaluationCriterion } from "./evaluation.server";

/**
 * The criteria rows of a review and the set rules that govern them (spec §5 flex rules,
 * docs/decisions/0302). Every function runs on the `db` it is given, so a caller's transaction.
 */

/** A set of the cluster with its active criteria (by dimension, then name); null when there is none. */
export async function loadRuleSet(
  db: DbOrTx,
  ctx: Tenant,
  setId: string | null,
): Promise<(RuleSet & { id: string }) | null> {
  if (!setId) return null;
  const [set] = await db
    .select({ id: criteriaSets.id, flex: criteriaSets.flex, basic: criteriaSets.basic })
    .from(criteriaSets)
    .where(and(inCluster(criteriaSets, ctx), eq(criteriaSets.id, setId)));
  if (!set) return null;
  const rows = await db
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteriaSetCriteria)
    .innerJoin(criteria, eq(criteria.id, criteriaSetCriteria.criterionId))
    .where(and(eq(criteriaSetCriteria.setId, setId), isNull(criteria.archivedAt)))
    .orderBy(asc(criteria.dimension), asc(sql`lower(${criteria.name})`));
  return { ...set, criteria: rows.map((r) => ({ id: r.id, dimension: r.dimension as Dimension })) };
}

/** The columns of a review's criterion that the set rules read (`ReviewCriterionEntry`). */
export const criterionEntryColumns = {
  id: reviewCriteria.criterionId,
  dimension: reviewCriteria.dimension,
  belongsToSet: reviewCriteria.belongsToSet,
  locked: reviewCriteria.locked,
};

/** The criteria a review holds, as the set rules see them. */
export async function loadEntries(db: DbOrTx, reviewId: string): Promise<ReviewCriterionEntry[]> {
  const rows = await db.select(criterionEntryColumns).from(reviewCriteria).where(eq(reviewCriteria.reviewId, reviewId));
  return rows.map((r) => ({ ...r, dimension: r.dimension as Dimension }));
}

/**
 * The criteria of a review with their texts, by dimension and position (every questionnaire and result);
 * of several reviews (a round's team reviews) each review's rows, one after the other per position.
 */
export async function reviewCriteriaRows(
  db: DbOrTx,
  reviewId: string | readonly string[],
): Promise<EvaluationCriterion[]> {
  if (typeof reviewId !== "string" && reviewId.length === 0) return [];
  const rows = await db
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
    .where(
      typeof reviewId === "string" ? eq(reviewCriteria.reviewId, reviewId) : inArray(reviewCriteria.reviewId, reviewId),
    )
    .orderBy(asc(reviewCriteria.dimension), asc(reviewCriteria.position));
  return rows as EvaluationCriterion[];
}

/** A criterion of the cluster's book (archived ones too, marked); null for any other id. */
export async function bookCriterion(db: DbOrTx, ctx: Tenant, criterionId: string) {
  const [row] = await db
    .select({ id: criteria.id, dimension: criteria.dimension, archivedAt: criteria.archivedAt })
    .from(criteria)
    .where(and(inCluster(criteria, ctx), eq(criteria.id, criterionId)));
  return row ? { id: row.id, dimension: row.dimension as Dimension, archived: Boolean(row.archivedAt) } : null;
}

/** Appends criteria after the review's last position. */
export async function insertCriteria(db: DbOrTx, reviewId: string, added: readonly ReviewCriterionEntry[]) {
  if (added.length === 0) return;
  const [{ max }] = await db
    .select({ max: sql<number>`coalesce(max(${reviewCriteria.position}), -1)::int` })
    .from(reviewCriteria)
    .where(eq(reviewCriteria.reviewId, reviewId));
  await db.insert(reviewCriteria).values(
    added.map((e, i) => ({
      reviewId,
      criterionId: e.id,
      dimension: e.dimension,
      belongsToSet: e.belongsToSet,
      locked: e.locked,
      position: max + 1 + i,
    })),
  );
}

/** Removes criteria with their scores, then recomputes the people who lost a score and the team's stats. */
export async function deleteCriteria(
  db: DbOrTx,
  reviewId: string,
  criterionIds: string[],
  scale: ScaleSize,
  thresholds: Parameters<typeof refreshSubject>[3],
) {
  if (criterionIds.length > 0) {
    const removed = await db
      .delete(reviewScores)
      .where(and(eq(reviewScores.reviewId, reviewId), inArray(reviewScores.criterionId, criterionIds)))
      .returning({ subjectId: reviewScores.subjectId });
    await db
      .delete(reviewCriteria)
      .where(and(eq(reviewCriteria.reviewId, reviewId), inArray(reviewCriteria.criterionId, criterionIds)));
    for (const subjectId of new Set(removed.map((r) => r.subjectId)))
      await refreshSubject(db, subjectId, scale, thresholds);
  }
  await refreshTeamStats(db, reviewId);
}
