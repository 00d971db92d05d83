import { and, eq, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { placementCalibrations } from "#db/schema";
import { calibrationMoves } from "~/features/calibration/calibration.server";
import { developmentRoles, type DevelopmentRoleKey } from "~/features/criteria/development-roles";
import { placedRoleOf } from "~/features/reviews/placement.server";
import type { AmbitionOwner } from "./ambitions.server";

/** One finished review of me: its round, when, my dimension averages and the development role they give. */
export type GrowthReviewRow = {
  reviewId: string;
  /** My row of that review (review_subjects): what a calibration of my placement names. */
  subjectId: string;
  type: "team" | "self";
  name: string;
  teamName: string | null;
  finishedAt: string | null;
  scale: number;
  performance: number | null;
  potential: number | null;
  employability: number | null;
  /** The placement: calibrated (1610), else computed from the scores. */
  role: DevelopmentRoleKey | null;
  /** The role computed from the scores: differs from `role` when a calibration moved the person. */
  originalRole: DevelopmentRoleKey | null;
};

const roleKeyOf = (id: number | null) => developmentRoles.find((r) => r.id === id)?.key ?? null;

/**
 * The reviews of me that count (1122), on the aliases `s` (review_subjects) and `r` (reviews): team reviews once
 * the team review is finished, self reviews once I finished mine; only my own rows of this cluster, not deleted.
 */
function myFinishedReviews(ctx: AmbitionOwner, types: readonly ("team" | "self")[]) {
  return sql`s.membership_id = ${ctx.membershipId}
      and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}
      and r.deleted_at is null
      and r.type in (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})
      and ((r.type = 'team' and r.is_finished) or (r.type = 'self' and s.finished_at is not null))`;
}

/** The day a review of me counts from: the team review's end, or the day I finished my self review. */
const finishedAtOfMine = sql`case when r.type = 'team' then r.finished_at else s.finished_at end`;

/**
 * My team review and self review results per round, newest first (1122): team reviews once the team review
 * is finished (the scores the leader gave me, as in my self review's comparison), self reviews once I finished
 * mine. Only my own rows of this cluster; deleted reviews are left out.
 */
export async function myReviewHistory(
  ctx: AmbitionOwner,
  types: readonly ("team" | "self")[],
  db: DbOrTx = getDb(),
): Promise<GrowthReviewRow[]> {
  if (types.length === 0) return [];
  const result = await db.execute<{
    review_id: string;
    subject_id: string;
    type: "team" | "self";
    name: string;
    team_name: string | null;
    finished_at: Date | string | null;
    scale: number;
    performance: number | null;
    potential: number | null;
    employability: number | null;
    development_role: number | null;
    original_role: number | null;
  }>(sql`
    select r.id as review_id, s.id as subject_id, r.type, coalesce(round.name, r.name) as name,
           coalesce(r.team_name, (select rt.team_name from review_teams rt where rt.review_id = r.id and rt.team_id = s.team_id)) as team_name,
           ${finishedAtOfMine} as finished_at,
           r.scale, s.performance, s.potential, s.employability, ${placedRoleOf("s")} as development_role,
           s.development_role as original_role
    from review_subjects s
    join reviews r on r.id = s.review_id
    left join reviews round on round.id = r.parent_id
    where ${myFinishedReviews(ctx, types)}
    order by 5 desc nulls last, r.created_at desc
    limit 50`);
  return result.rows.map((r) => ({
    reviewId: r.review_id,
    subjectId: r.subject_id,
    type: r.type,
    name: r.name,
    teamName: r.team_name,
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    scale: r.scale,
    performance: r.performance,
    potential: r.potential,
    employability: r.employability,
    role: roleKeyOf(r.development_role),
    originalRole: roleKeyOf(r.original_role),
  }));
}

/** One move of my placement (1610): from which role to which, when, by whom and why (decision 1971). */
export type GrowthCalibration = {
  id: string;
  at: string;
  fromRole: DevelopmentRoleKey | null;
  toRole: DevelopmentRoleKey | null;
  /** Empty once the reviews' text retention or an erasure emptied it. */
  reason: string;
  /** null when the mover's account is gone. */
  movedBy: string | null;
};

/**
 * The moves of my placements, newest first, per review subject (my rows of `myReviewHistory`): the calibration
 * page's own history (`calibrationMoves`), for my membership in this cluster only. I see who moved me, when and
 * why (decision 1971): the reason is in my data export anyway, and a decision about me is not kept from me.
 */
export async function myCalibrations(
  ctx: AmbitionOwner,
  db: DbOrTx = getDb(),
): Promise<Record<string, GrowthCalibration[]>> {
  const moves = await calibrationMoves(
    db,
    and(
      eq(placementCalibrations.membershipId, ctx.membershipId),
      eq(placementCalibrations.accountId, ctx.accountId),
      eq(placementCalibrations.clusterId, ctx.clusterId),
    )!,
  );
  const out: Record<string, GrowthCalibration[]> = {};
  for (const m of moves) {
    (out[m.subjectId] ??= []).push({
      id: m.id,
      at: m.at,
      fromRole: roleKeyOf(m.fromRole),
      toRole: roleKeyOf(m.toRole),
      reason: m.reason,
      movedBy: m.movedBy,
    });
  }
  return out;
}

/** One score of mine on a criterion: its value on the review's scale and when that review counted. */
export type MyCriterionScore = { score: number; scale: number; finishedAt: string | null };

export type MyCriterionRow = {
  criterionId: string;
  name: string;
  dimension: number;
  team: MyCriterionScore | null;
  self: MyCriterionScore | null;
};

/**
 * Criteria as a score type (spec §3, docs/decisions/1712): per criterion of the book, my latest score from a
 * finished team review (what my leader gave me) and from my own finished self review, over the same reviews as
 * `myReviewHistory`. Not rated (0) is no score. Sorted by dimension and name.
 */
export async function myCriterionScores(
  ctx: AmbitionOwner,
  types: readonly ("team" | "self")[],
  db: DbOrTx = getDb(),
): Promise<MyCriterionRow[]> {
  if (types.length === 0) return [];
  const result = await db.execute<{
    criterion_id: string;
    name: string;
    dimension: number;
    type: "team" | "self";
    score: number;
    scale: number;
    finished_at: Date | string | null;
  }>(sql`
    select distinct on (sc.criterion_id, r.type) sc.criterion_id, c.name, c.dimension, r.type, sc.score, r.scale,
           ${finishedAtOfMine} as finished_at
    from review_subjects s
    join reviews r on r.id = s.review_id
    join review_scores sc on sc.subject_id = s.id
    join criteria c on c.id = sc.criterion_id
    where ${myFinishedReviews(ctx, types)} and sc.score > 0
    order by sc.criterion_id, r.type, 7 desc nulls last, r.created_at desc`);
  const rows = new Map<string, MyCriterionRow>();
  for (const r of result.rows) {
    const row = rows.get(r.criterion_id) ?? {
      criterionId: r.criterion_id,
      name: r.name,
      dimension: r.dimension,
      team: null,
      self: null,
    };
    row[r.type] = {
      score: r.score,
      scale: r.scale,
      finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    };
    rows.set(r.criterion_id, row);
  }
  return [...rows.values()].sort((a, b) => a.dimension - b.dimension || a.name.localeCompare(b.name));
}
