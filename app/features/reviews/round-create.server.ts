import { createOrFailed, type WriteFailedStatus } from "~/utils/action-failed.server";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import {
  memberships,
  reviewCriteria,
  reviewReviewers,
  reviews,
  reviewSubjects,
  reviewTags,
  reviewTeamStats,
  roleAssignments,
  tags,
  teams,
} from "#db/schema";
import { requireLicenceToCreate } from "~/features/account/licence.server";
import { initialReviewCriteria } from "~/features/criteria/review-criteria-rules";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import { parseDate, toIsoDate } from "~/utils/dates";
import { inCluster, notFound, requireIdsInScope } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { auditReviews } from "./review-audit.server";
import { loadRuleSet } from "./review-criteria.server";
import { scaleOf, teamReviewStats } from "./review-scoring";
import { todayInAmsterdam } from "./team-review-create.schema";
import { teamReviewCandidates, usableSets } from "./team-review-create.server";

/**
 * Creating a round: the checks of what a request names and the rows they allow are written in one
 * transaction, so nothing that was checked can change before it is used.
 */

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

type Plan = { team: { id: string; name: string }; reviewers: string[]; subjects: string[] }[];

/**
 * Creates a round with one team review per selected team that has a selected leader and selected
 * members. A member in several selected teams is reviewed once, in the first of them by name
 * (docs/decisions/0500). Ids outside the cluster are a 404; checks and rows run in one transaction
 * (a savepoint of `db` when that is a caller's transaction).
 */
export async function createTeamReviewRound(
  ctx: TenantContext,
  input: CreateRoundInput,
  db: DbOrTx = getDb(),
): Promise<CreateRoundResult> {
  requireLicenceToCreate(ctx);
  return db.transaction(async (tx) => {
    const settings = await getReviewSettings(ctx, tx);
    const teamRows = input.teamIds.length
      ? await tx
          .select({ id: teams.id, name: teams.name })
          .from(teams)
          .where(and(inCluster(teams, ctx), inArray(teams.id, input.teamIds), isNull(teams.deletedAt)))
          .orderBy(asc(sql`lower(${teams.name})`))
      : [];
    if (teamRows.length !== new Set(input.teamIds).size) notFound();
    const tagIds = await requireIdsInScope(tx, tags, input.tagIds, ctx, eq(tags.kind, "personnel"));
    const set = input.setId ? ((await loadRuleSet(tx, ctx, input.setId)) ?? notFound()) : null;
    const places = await teamPlaces(tx, ctx, teamRows);
    const leaders = new Set(input.leaderMembershipIds);
    const plan = planRound(teamRows, places, leaders, new Set(input.memberMembershipIds));
    if (plan.length === 0) {
      const anyLeader = places.some((p) => p.role === "team_admin" && leaders.has(p.membershipId));
      return { ok: false, code: anyLeader ? "noMembers" : "noLeaders" };
    }

    const base = {
      accountId: ctx.accountId,
      clusterId: ctx.clusterId,
      name: input.name,
      deadline: input.deadline,
      scale: scaleOf(settings.currentScale),
      setId: set?.id ?? null,
      createdBy: ctx.membershipId,
    };
    const [round] = await tx
      .insert(reviews)
      .values({ ...base, type: "team-summary" })
      .returning({ id: reviews.id });
    if (tagIds.length) await tx.insert(reviewTags).values(tagIds.map((tagId) => ({ reviewId: round.id, tagId })));
    const criteriaEntries = initialReviewCriteria(set);
    const scope = { accountId: ctx.accountId, clusterId: ctx.clusterId };
    for (const item of plan) {
      const [review] = await tx
        .insert(reviews)
        .values({ ...base, type: "team", parentId: round.id, teamId: item.team.id, teamName: item.team.name })
        .returning({ id: reviews.id });
      await tx
        .insert(reviewReviewers)
        .values(item.reviewers.map((membershipId) => ({ ...scope, reviewId: review.id, membershipId })));
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
      await tx
        .insert(reviewSubjects)
        .values(
          item.subjects.map((membershipId) => ({ ...scope, reviewId: review.id, roundId: round.id, membershipId })),
        );
      const unscored = {
        performance: null,
        potential: null,
        employability: null,
        developmentRole: null,
        scoredCount: 0,
      };
      await tx.insert(reviewTeamStats).values({
        reviewId: review.id,
        roundId: round.id,
        ...teamReviewStats(
          item.subjects.map(() => unscored),
          criteriaEntries.length,
        ),
      });
    }
    await auditReviews(tx, ctx, "review.create", [round.id], { teams: plan.length });
    return { ok: true, roundId: round.id };
  });
}

/** The team leaders and members of the chosen teams (memberships not deleted). */
async function teamPlaces(db: DbOrTx, ctx: TenantContext, teamRows: { id: string }[]) {
  if (teamRows.length === 0) return [];
  return db
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
    );
}

/** One team review per team (by name) with a selected leader and selected members not placed before. */
function planRound(
  teamRows: { id: string; name: string }[],
  places: Awaited<ReturnType<typeof teamPlaces>>,
  leaders: Set<string>,
  members: Set<string>,
): Plan {
  const placed = new Set<string>();
  const plan: Plan = [];
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
  return plan;
}

export type CreateTeamReviewInput = {
  name: string;
  /** dd-MM-yyyy, as typed. */
  deadline: string;
  teamIds: string[];
  tagIds: string[];
  setId: string | null;
  leaderIds: string[];
  memberIds: string[];
};

export type CreateTeamReviewResult =
  | { ok: true; roundId: string; setId: string }
  | {
      ok: false;
      field: "name" | "deadline" | "teamIds" | "setId" | "leaderIds" | "memberIds" | null;
      code: "noLeaders" | "noMembers" | "setRequired" | "deadlinePast" | "date" | "failed";
      /** A `failed` write's status (409 conflict, 503 otherwise: decision 1840). */
      status?: WriteFailedStatus;
      writeFailed?: true;
    };

/**
 * Creates a round from the wizard or the API: checks the creator's teams, tags and set, keeps only
 * the chosen people who are candidates, then creates the round, the candidates' checks and the rows in
 * one transaction.
 */
export async function createTeamReview(
  ctx: TenantContext,
  input: CreateTeamReviewInput,
  now: Date = new Date(),
): Promise<CreateTeamReviewResult> {
  requireLicenceToCreate(ctx, now);
  const date = parseDate(input.deadline);
  if (!date) return { ok: false, field: "deadline", code: "date" };
  const deadline = toIsoDate(date);
  if (deadline < todayInAmsterdam(now)) return { ok: false, field: "deadline", code: "deadlinePast" };
  if (!input.setId || !(await usableSets(ctx)).some((s) => s.id === input.setId))
    return { ok: false, field: "setId", code: "setRequired" };
  const setId = input.setId;
  return createOrFailed("team-review-create", () =>
    getDb().transaction(async (tx): Promise<CreateTeamReviewResult> => {
      const candidates = await teamReviewCandidates(ctx, { teamIds: input.teamIds, tagIds: input.tagIds }, tx);
      const leaderIds = new Set(input.leaderIds);
      const memberIds = new Set(input.memberIds);
      const leaders = candidates.leaders.filter((p) => leaderIds.has(p.membershipId));
      const members = candidates.members.filter((p) => memberIds.has(p.membershipId));
      if (leaders.length === 0) return { ok: false, field: null, code: "noLeaders" };
      if (members.length === 0) return { ok: false, field: "memberIds", code: "noMembers" };
      const result = await createTeamReviewRound(
        ctx,
        {
          name: input.name.trim(),
          deadline,
          setId,
          teamIds: [...new Set(input.teamIds)],
          tagIds: [...new Set(input.tagIds)],
          leaderMembershipIds: [...new Set(leaders.map((p) => p.membershipId))],
          memberMembershipIds: [...new Set(members.map((p) => p.membershipId))],
        },
        tx,
      );
      if (!result.ok) return { ok: false, field: result.code === "noMembers" ? "memberIds" : null, code: result.code };
      return { ok: true, roundId: result.roundId, setId };
    }),
  );
}
