import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "#db/client.server";
import { reviews, reviewSubjects, reviewTags } from "#db/schema";
import type { RoleThresholds } from "~/features/criteria/development-roles";
import { isScaleSize, type ScaleSize } from "~/features/criteria/scales";
import type { MergeLine } from "~/features/merge/merge-lines";
import type { Tenant } from "~/utils/scope.server";
import { refreshSubject, refreshTeamStats } from "./review-scores.server";

/*
 * Review results are history (docs/decisions/0641): when criteria, tags or people are merged, their
 * review data moves to the record that remains or stays where it is; it is never deleted by a cascade
 * (the foreign keys are ON DELETE RESTRICT). A finished, locked or deleted review is never changed.
 */

const reviewHistoryTables = new Set([
  "reviews",
  "review_tags",
  "review_reviewers",
  "review_criteria",
  "review_subjects",
  "review_scores",
  "review_team_stats",
  "review_teams",
  "review_team_answers",
  "review_peer_assignments",
  "review_peer_answers",
]);

/** Whether a table holds review data: a generic merge may not move or drop its rows (only this module does). */
export function isReviewHistoryTable(table: string): boolean {
  return reviewHistoryTables.has(table);
}

/** A team review whose evaluation can still change: neither finished, locked nor deleted. */
const openReview = sql`not r.is_finished and r.locked_at is null and r.deleted_at is null`;

/**
 * Moves a merged criterion's place and scores in open reviews to the criterion that remains, where
 * that review does not have the remaining one already; recomputes the affected people's dimension
 * scores and the teams' stats when the dimension changes. Finished and locked reviews, and reviews that
 * have both, keep the merged criterion. Returns whether any review still refers to it (then it must be
 * archived, not deleted).
 */
export async function moveCriterionReviewData(
  tx: Tx,
  ctx: Tenant,
  input: { fromId: string; toId: string; toDimension: number; thresholds: RoleThresholds },
): Promise<{ stillReferenced: boolean }> {
  const moved = await tx.execute<{ review_id: string; scale: number; dimension_changed: boolean }>(sql`
    with target as (
      select rc.review_id, rc.dimension as old_dimension, r.scale
      from review_criteria rc join reviews r on r.id = rc.review_id
      where rc.criterion_id = ${input.fromId}
        and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and ${openReview}
        and not exists (select 1 from review_criteria k where k.review_id = rc.review_id and k.criterion_id = ${input.toId})
    )
    update review_criteria rc set criterion_id = ${input.toId}, dimension = ${input.toDimension}
    from target t
    where rc.review_id = t.review_id and rc.criterion_id = ${input.fromId}
    returning rc.review_id, t.scale, (t.old_dimension <> ${input.toDimension}) as dimension_changed`);
  const reviewIds = moved.rows.map((r) => r.review_id);
  if (reviewIds.length > 0) {
    const inMoved = sql.join(
      reviewIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    for (const table of ["review_scores", "review_team_answers", "review_peer_answers"]) {
      await tx.execute(sql`
        update ${sql.identifier(table)} set criterion_id = ${input.toId}, dimension = ${input.toDimension}, updated_at = now()
        where criterion_id = ${input.fromId} and review_id in (${inMoved})`);
    }
  }
  // Dimension scores, roles and stats depend on dimensions only: recompute where that changed.
  const changed = moved.rows.filter((r) => r.dimension_changed);
  if (changed.length > 0) await refreshReviews(tx, changed, input.thresholds);
  const [left] = (
    await tx.execute<{ referenced: boolean }>(sql`
      select exists (select 1 from review_criteria where criterion_id = ${input.fromId})
          or exists (select 1 from review_scores where criterion_id = ${input.fromId})
          or exists (select 1 from review_team_answers where criterion_id = ${input.fromId})
          or exists (select 1 from review_peer_answers where criterion_id = ${input.fromId}) as referenced`)
  ).rows;
  return { stillReferenced: left.referenced };
}

/** Recomputes every person's dimension scores and role, and the team stats, of the given open reviews. */
async function refreshReviews(tx: Tx, rows: { review_id: string; scale: number }[], thresholds: RoleThresholds) {
  for (const row of rows) {
    const scale: ScaleSize = isScaleSize(row.scale) ? row.scale : 5;
    const subjects = await tx
      .select({ id: reviewSubjects.id })
      .from(reviewSubjects)
      .where(eq(reviewSubjects.reviewId, row.review_id));
    for (const subject of subjects) await refreshSubject(tx, subject.id, scale, thresholds);
    await refreshTeamStats(tx, row.review_id);
  }
}

/**
 * Rounds that chose a merged tag now name the tag that remains (once: a round that chose both keeps its
 * one link to the remaining tag; the link carries nothing else).
 */
export async function moveTagReviewData(
  tx: Tx,
  ctx: Tenant,
  input: { fromId: string; toId: string },
): Promise<MergeLine> {
  const inCluster = sql`exists (select 1 from reviews r where r.id = rt.review_id
    and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId})`;
  const moved = await tx.execute(sql`
    update review_tags rt set tag_id = ${input.toId}
    where rt.tag_id = ${input.fromId} and ${inCluster}
      and not exists (select 1 from review_tags k where k.review_id = rt.review_id and k.tag_id = ${input.toId})`);
  const once = await tx.execute(sql`delete from review_tags rt where rt.tag_id = ${input.fromId} and ${inCluster}`);
  return { label: "tags:merge.preview.rounds", moved: moved.rowCount ?? 0, dropped: once.rowCount ?? 0, kept: 0 };
}

/**
 * A team merge leaves the removed team's reviews with it (soft-deleted, the reviews keep its name): they
 * are counted for the preview, never moved.
 */
export async function teamReviewsKept(tx: DbOrTx, ctx: Tenant, teamId: string): Promise<MergeLine> {
  const [row] = (
    await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from reviews
      where team_id = ${teamId} and account_id = ${ctx.accountId} and cluster_id = ${ctx.clusterId}
        and deleted_at is null`)
  ).rows;
  return { label: "teams:merge.preview.reviews", moved: 0, dropped: 0, kept: row?.n ?? 0 };
}

/** Which of these tags a review round chose: they are history and cannot be deleted. */
export async function tagIdsUsedByReviews(db: DbOrTx, ctx: Tenant, tagIds: readonly string[]): Promise<Set<string>> {
  if (tagIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ tagId: reviewTags.tagId })
    .from(reviewTags)
    .innerJoin(reviews, eq(reviews.id, reviewTags.reviewId))
    .where(
      and(
        inArray(reviewTags.tagId, [...tagIds]),
        eq(reviews.accountId, ctx.accountId),
        eq(reviews.clusterId, ctx.clusterId),
      ),
    );
  return new Set(rows.map((r) => r.tagId));
}

/**
 * An employee merge: the removed person's review entries, the reviews they evaluate and the scores they
 * gave move to the remaining person. Where both were reviewed in the same review, the remaining person's
 * own entry is kept and the removed person's entry stays as it is (history, never deleted). Both
 * memberships must be of one cluster; only that cluster's reviews are touched.
 */
export async function reassignReviewData(tx: Tx, fromMembershipId: string, toMembershipId: string): Promise<void> {
  const pair = await tx.execute<{ account_id: string; cluster_id: string }>(sql`
    select f.account_id, f.cluster_id from memberships f join memberships t
      on t.account_id = f.account_id and t.cluster_id = f.cluster_id
    where f.id = ${fromMembershipId} and t.id = ${toMembershipId}`);
  const scope = pair.rows[0];
  if (!scope) throw new Error("reassignReviewData: the memberships are not of one cluster");
  const tenant = sql`account_id = ${scope.account_id} and cluster_id = ${scope.cluster_id}`;
  await tx.execute(sql`
    update review_subjects rs set membership_id = ${toMembershipId}, updated_at = now()
    where rs.membership_id = ${fromMembershipId} and ${tenant}
      and not exists (select 1 from review_subjects k where k.review_id = rs.review_id and k.membership_id = ${toMembershipId})`);
  await tx.execute(sql`
    insert into review_reviewers (account_id, cluster_id, review_id, membership_id, invited_at, reminders_sent)
    select account_id, cluster_id, review_id, ${toMembershipId}, invited_at, reminders_sent from review_reviewers
    where membership_id = ${fromMembershipId} and ${tenant}
    on conflict do nothing`);
  await tx.execute(sql`
    delete from review_reviewers where membership_id = ${fromMembershipId} and ${tenant}`);
  await tx.execute(sql`
    update review_scores sc set scored_by = ${toMembershipId}
    where sc.scored_by = ${fromMembershipId}
      and exists (select 1 from reviews r where r.id = sc.review_id
        and r.account_id = ${scope.account_id} and r.cluster_id = ${scope.cluster_id})`);
  await tx.execute(sql`
    update reviews set created_by = ${toMembershipId}
    where created_by = ${fromMembershipId} and ${tenant}`);
}
