import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { placementCalibrations, reviews, reviewSubjects, reviewTeamStats, users } from "#db/schema";
import { auditBy, recordAudit } from "~/features/audit/audit.server";
import { liveReviews } from "~/features/reviews/live-reviews.server";
import { placedRole, placedRoleOf } from "~/features/reviews/placement.server";
import { reviewScope } from "~/features/reviews/review-access.server";
import { refreshTeamStats } from "~/features/reviews/review-scores.server";
import { joinPerson, personOfRow } from "~/features/people/person-query.server";
import { personName } from "~/utils/person-name";
import { personNameSql } from "~/utils/person-name.server";
import type { Result } from "~/utils/results.server";
import { isUuid, notFound } from "~/utils/scope.server";
import { inTeamScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import type { CalibrationMoveInput } from "./calibration.schema";

/**
 * Calibration (docs/decisions/1610): after a team review is finished, HR and the round's leaders compare the
 * development roles across teams and move a person to another role with a reason. Who may: reviews.manage
 * in the team scope (`reviewScope`, 1420) — HR the cluster, a leader the teams they lead; a chosen reviewer
 * of another team does not calibrate. Locked reviews are read-only, as everywhere.
 */

const CALIBRATION_PAGE_SIZE = 50;

/** The finished, live team reviews ctx may calibrate, as a condition on `reviews`. */
function calibratable(ctx: TenantContext): SQL {
  return and(liveReviews(ctx, "team"), eq(reviews.isFinished, true), inTeamScope(reviewScope(ctx), reviews.teamId))!;
}

/** Rounds with at least one team review ctx may calibrate, newest first. */
export async function calibrationRounds(ctx: TenantContext) {
  const round = sql`round`;
  const rows = await getDb().execute<{ id: string; name: string }>(sql`
    select ${round}.id, ${round}.name from ${reviews} ${round}
    where ${round}.account_id = ${ctx.accountId} and ${round}.cluster_id = ${ctx.clusterId}
      and ${round}.type = 'team-summary' and ${round}.deleted_at is null
      and exists (select 1 from ${reviews} where ${reviews.parentId} = ${round}.id and ${calibratable(ctx)})
    order by ${round}.created_at desc, ${round}.id`);
  return rows.rows;
}

export type CalibrationFilter = { round: string | null; team: string | null; role: number | null; page: number };

/**
 * The calibration board of one round (the newest when none or an unknown one is asked): per finished team
 * review in scope the spread over the roles (review_team_stats, kept calibrated), and the people — filtered by
 * team review and role, a page at a time — with their computed and their placed role.
 */
export async function calibrationBoard(ctx: TenantContext, filter: CalibrationFilter) {
  const rounds = await calibrationRounds(ctx);
  const round = rounds.find((r) => r.id === filter.round) ?? rounds[0] ?? null;
  if (!round) return { rounds, round: null, teams: [], people: [], total: 0, filter, pageSize: CALIBRATION_PAGE_SIZE };
  const db = getDb();
  const teams = await db
    .select({
      reviewId: reviews.id,
      teamName: reviews.teamName,
      locked: sql<boolean>`${reviews.lockedAt} is not null`,
      subjects: reviewTeamStats.subjects,
      roleCounts: reviewTeamStats.roleCounts,
    })
    .from(reviews)
    .leftJoin(reviewTeamStats, eq(reviewTeamStats.reviewId, reviews.id))
    .where(and(calibratable(ctx), eq(reviews.parentId, round.id)))
    .orderBy(sql`lower(${reviews.teamName})`, reviews.id);
  const team = teams.find((t) => t.reviewId === filter.team) ?? null;
  const ids = team ? [team.reviewId] : teams.map((t) => t.reviewId);
  const where = and(
    eq(reviewSubjects.accountId, ctx.accountId),
    eq(reviewSubjects.clusterId, ctx.clusterId),
    ids.length ? sql`${reviewSubjects.reviewId} = any(${`{${ids.join(",")}}`}::uuid[])` : sql`false`,
    filter.role ? sql`${placedRole} = ${filter.role}` : undefined,
  );
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(reviewSubjects)
    .where(where);
  const people = await joinPerson(
    db
      .select({
        subjectId: reviewSubjects.id,
        reviewId: reviewSubjects.reviewId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        originalRole: reviewSubjects.developmentRole,
        placedRole,
      })
      .from(reviewSubjects)
      .$dynamic(),
    reviewSubjects.membershipId,
  )
    .where(where)
    .orderBy(sql`lower(${personNameSql(users)})`, reviewSubjects.id)
    .limit(CALIBRATION_PAGE_SIZE)
    .offset((filter.page - 1) * CALIBRATION_PAGE_SIZE);
  const teamNameOf = new Map(teams.map((t) => [t.reviewId, t.teamName ?? ""]));
  return {
    rounds,
    round,
    pageSize: CALIBRATION_PAGE_SIZE,
    teams: teams.map((t) => ({
      reviewId: t.reviewId,
      teamName: t.teamName ?? "",
      locked: t.locked,
      subjects: t.subjects ?? 0,
      roleCounts: t.roleCounts ?? {},
    })),
    people: people.map((p) => ({
      subjectId: p.subjectId,
      name: personName(p.firstName, p.lastName, p.email),
      teamName: teamNameOf.get(p.reviewId) ?? "",
      originalRole: p.originalRole,
      placedRole: p.placedRole === null ? null : Number(p.placedRole),
    })),
    total,
    filter: { ...filter, round: round.id, team: team?.reviewId ?? null },
  };
}

/** A person's placement in a team review ctx may calibrate; 404 for anything else (another cluster, team, id). */
async function requireCalibratable(ctx: TenantContext, subjectId: string, db: DbOrTx) {
  if (!isUuid(subjectId)) notFound();
  const { rows } = await db.execute<{
    subject_id: string;
    review_id: string;
    round_id: string | null;
    round_name: string | null;
    team_name: string | null;
    locked: boolean;
    development_role: number | null;
    placed_role: number | null;
    membership_id: string;
    user_id: string;
    first_name: string;
    last_name: string;
    email: string;
  }>(sql`
    select s.id as subject_id, s.review_id, ${reviews.parentId} as round_id, p.name as round_name,
      ${reviews.teamName} as team_name, ${reviews.lockedAt} is not null as locked, s.development_role,
      ${placedRoleOf("s")} as placed_role,
      m.id as membership_id, u.id as user_id, u.first_name, u.last_name, u.email
    from ${reviewSubjects} s
    join ${reviews} on ${reviews.id} = s.review_id
    join memberships m on m.id = s.membership_id
    join users u on u.id = m.user_id
    left join ${reviews} p on p.id = ${reviews.parentId}
    where s.id = ${subjectId} and s.account_id = ${ctx.accountId} and s.cluster_id = ${ctx.clusterId}
      and ${calibratable(ctx)}
    for update of s`);
  const row = rows[0];
  if (!row) notFound();
  return row;
}

/** One person's placement and every move of it, newest first: the page with the move form. */
export async function subjectCalibration(ctx: TenantContext, subjectId: string) {
  const db = getDb();
  const row = await requireCalibratable(ctx, subjectId, db);
  return {
    subjectId: row.subject_id,
    reviewId: row.review_id,
    roundId: row.round_id,
    roundName: row.round_name ?? "",
    teamName: row.team_name ?? "",
    locked: row.locked,
    person: personOfRow(row),
    originalRole: row.development_role,
    placedRole: row.placed_role,
    moves: await calibrationMoves(db, sql`${placementCalibrations.subjectId} = ${row.subject_id}`),
  };
}

/** Moves of placements (newest first) with who made them: the history the person's pages show. */
export async function calibrationMoves(db: DbOrTx, where: SQL) {
  const rows = await db
    .select({
      id: placementCalibrations.id,
      subjectId: placementCalibrations.subjectId,
      fromRole: placementCalibrations.fromRole,
      toRole: placementCalibrations.toRole,
      reason: placementCalibrations.reason,
      createdAt: placementCalibrations.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(placementCalibrations)
    .leftJoin(users, eq(users.id, placementCalibrations.movedBy))
    .where(where)
    .orderBy(desc(placementCalibrations.createdAt), desc(placementCalibrations.id));
  return rows.map((r) => ({
    id: r.id,
    subjectId: r.subjectId,
    fromRole: r.fromRole,
    toRole: r.toRole,
    reason: r.reason,
    at: r.createdAt.toISOString(),
    movedBy: r.email === null ? null : personName(r.firstName ?? "", r.lastName ?? "", r.email),
  }));
}

export type CalibrationMove = Awaited<ReturnType<typeof calibrationMoves>>[number];

/**
 * Moves a person to another development role (undoing is a move back, with its own reason). Keeps the
 * computed role, writes the move, the new placement and the team review's counts, and the audit row (ids and
 * role codes; never the reason) in one transaction.
 */
export async function calibratePlacement(
  ctx: TenantContext,
  subjectId: string,
  input: CalibrationMoveInput,
): Promise<Result> {
  return getDb().transaction(async (tx) => {
    const row = await requireCalibratable(ctx, subjectId, tx);
    if (row.locked) return { ok: false, field: "", errorKey: "calibration:errors.locked" };
    if (row.placed_role === input.role) return { ok: false, field: "role", errorKey: "calibration:errors.sameRole" };
    await tx.insert(placementCalibrations).values({
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      subjectId: row.subject_id,
      reviewId: row.review_id,
      membershipId: row.membership_id,
      fromRole: row.placed_role,
      toRole: input.role,
      reason: input.reason,
      movedBy: ctx.user.id,
    });
    await tx
      .update(reviewSubjects)
      .set({ calibratedRole: input.role, updatedAt: new Date() })
      .where(eq(reviewSubjects.id, row.subject_id));
    await refreshTeamStats(tx, row.review_id);
    await recordAudit(tx, {
      ...auditBy(ctx),
      subjectType: "membership",
      subjectId: row.membership_id,
      action: "review.calibrate",
      data: {
        reviewId: row.review_id,
        roundId: row.round_id,
        subjectId: row.subject_id,
        from: row.placed_role,
        to: input.role,
        original: row.development_role,
      },
    });
    return { ok: true };
  });
}
