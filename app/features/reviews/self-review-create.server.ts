import { createOrFailed, RefusedInTransaction, type WriteFailedStatus } from "~/utils/action-failed.server";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx, type Tx } from "#db/client.server";
import {
  criteria,
  memberships,
  reviewCriteria,
  reviewReviewers,
  reviews,
  reviewSubjects,
  reviewTags,
  reviewTeams,
  teams,
} from "#db/schema";
import { requireLicenceToCreate } from "~/features/account/licence.server";
import {
  addCriterion,
  initialReviewCriteria,
  type ReviewCriterionEntry,
} from "~/features/criteria/review-criteria-rules";
import { getReviewSettings } from "~/features/criteria/review-settings.server";
import type { Dimension } from "~/features/criteria/scales";
import { parseDate, toIsoDate } from "~/utils/dates";
import { inCluster, notFound } from "~/utils/scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { requireRound, teamReviewVisibility } from "./review-access.server";
import { auditReviews } from "./review-audit.server";
import { bookCriterion, criterionEntryColumns, loadRuleSet } from "./review-criteria.server";
import { scaleOf } from "./review-scoring";
import { todayInAmsterdam } from "./team-review-create.schema";
import { teamReviewCandidates, usableSets, wizardOptions } from "./team-review-create.server";

/**
 * Creating a self review (docs/decisions/0940, 0942): from scratch (teams, tags, a set with its flex
 * extras, participants from the teams) or from a team review round (its teams, criteria and members,
 * linked). Checks and rows are written in one transaction.
 */

/** What the wizard offers: the team review wizard's teams, tags and sets, and the rounds to start from. */
export async function selfReviewOptions(ctx: TenantContext, db: DbOrTx = getDb()) {
  const [base, rounds] = await Promise.all([wizardOptions(ctx), roundsToCopy(ctx, db)]);
  return { ...base, rounds };
}

/** Rounds ctx may open (a team leader: those with one of their team reviews), newest first. */
async function roundsToCopy(ctx: TenantContext, db: DbOrTx) {
  const visible = teamReviewVisibility(ctx);
  const child = sql`exists (select 1 from reviews c where c.parent_id = ${reviews.id} and c.type = 'team'
    and c.deleted_at is null)`;
  const rows = await db
    .select({ id: reviews.id, name: reviews.name, deadline: reviews.deadline })
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.type, "team-summary"), isNull(reviews.deletedAt), child))
    .orderBy(desc(reviews.createdAt))
    .limit(100);
  if (!visible) return rows;
  const open = await db
    .selectDistinct({ parentId: reviews.parentId })
    .from(reviews)
    .where(and(inCluster(reviews, ctx), eq(reviews.type, "team"), isNull(reviews.deletedAt), visible));
  const mine = new Set(open.map((r) => r.parentId));
  return rows.filter((r) => mine.has(r.id));
}

export type CreateSelfReviewInput = {
  name: string;
  /** dd-MM-yyyy, as typed. */
  deadline: string;
  teamIds: string[];
  tagIds: string[];
  setId: string;
  participantIds: string[];
  criterionIds: string[];
};

export type CreateSelfReviewError = {
  ok: false;
  field: "name" | "deadline" | "setId" | "roundId" | "participantIds" | "criterionIds" | null;
  code: "date" | "deadlinePast" | "setRequired" | "participantsRequired" | "flexExceeded" | "noMembers" | "failed";
  /** A `failed` write's status (409 conflict, 503 otherwise: decision 1840). */
  status?: WriteFailedStatus;
  writeFailed?: true;
};
export type CreateSelfReviewResult = { ok: true; reviewId: string } | CreateSelfReviewError;

function checkDeadline(value: string, now: Date): string | CreateSelfReviewError {
  const date = parseDate(value);
  if (!date) return { ok: false, field: "deadline", code: "date" };
  const iso = toIsoDate(date);
  if (iso < todayInAmsterdam(now)) return { ok: false, field: "deadline", code: "deadlinePast" };
  return iso;
}

/** A refusal found inside the transaction: thrown so that nothing is written (createOrFailed answers it). */
const refuse = (result: CreateSelfReviewError) => new RefusedInTransaction(result);

type Participant = { membershipId: string; teamId: string };

/**
 * The rows every questionnaire round (self, peer) starts with, on the caller's transaction: the review,
 * its teams, tags, criteria and one subject per participant. Returns the review id and the subjects; who
 * answers about them (review_reviewers, peer assignments) is the type's own step.
 */
async function insertQuestionnaireRound(
  tx: DbOrTx,
  ctx: TenantContext,
  type: "self" | "peer",
  input: {
    name: string;
    deadline: string;
    setId: string | null;
    sourceReviewId: string | null;
    teams: { id: string; name: string }[];
    tagIds: string[];
    criteria: ReviewCriterionEntry[];
    participants: Participant[];
  },
) {
  const settings = await getReviewSettings(ctx, tx);
  const scope = { accountId: ctx.accountId, clusterId: ctx.clusterId };
  const [review] = await tx
    .insert(reviews)
    .values({
      ...scope,
      type,
      name: input.name,
      deadline: input.deadline,
      scale: scaleOf(settings.currentScale),
      setId: input.setId,
      sourceReviewId: input.sourceReviewId,
      createdBy: ctx.membershipId,
    })
    .returning({ id: reviews.id });
  await tx
    .insert(reviewTeams)
    .values(input.teams.map((t) => ({ reviewId: review.id, teamId: t.id, teamName: t.name })));
  if (input.tagIds.length)
    await tx.insert(reviewTags).values(input.tagIds.map((tagId) => ({ reviewId: review.id, tagId })));
  if (input.criteria.length)
    await tx.insert(reviewCriteria).values(
      input.criteria.map((c, position) => ({
        reviewId: review.id,
        criterionId: c.id,
        dimension: c.dimension,
        belongsToSet: c.belongsToSet,
        locked: c.locked,
        position,
      })),
    );
  const subjects = await tx
    .insert(reviewSubjects)
    .values(
      input.participants.map((p) => ({
        ...scope,
        reviewId: review.id,
        membershipId: p.membershipId,
        teamId: p.teamId,
      })),
    )
    .returning({ id: reviewSubjects.id, membershipId: reviewSubjects.membershipId, teamId: reviewSubjects.teamId });
  return { reviewId: review.id, subjects };
}

/** A self review's participants answer themselves: one review_reviewers row each (the invitation state). */
async function insertSelfReviewers(
  tx: DbOrTx,
  ctx: TenantContext,
  reviewId: string,
  participants: { membershipId: string }[],
) {
  const scope = { accountId: ctx.accountId, clusterId: ctx.clusterId };
  await tx
    .insert(reviewReviewers)
    .values(participants.map((p) => ({ ...scope, reviewId, membershipId: p.membershipId })));
}

/** What a round type adds once its rows are written (who answers), inside the same transaction. */
export type RoundTypeStep = (
  tx: Tx,
  round: {
    reviewId: string;
    subjects: { id: string; membershipId: string; teamId: string | null }[];
    leaders: { membershipId: string; teamId: string }[];
  },
) => Promise<void>;

/**
 * A self or peer round from scratch (docs/decisions/0942, 1020): checks the deadline, the set, the teams
 * and tags, the extra criteria (flex) and the participants (members of the chosen teams), then writes it
 * all with the type's own step in one transaction; a refusal writes nothing.
 */
export async function createQuestionnaireRound(
  ctx: TenantContext,
  type: "self" | "peer",
  input: CreateSelfReviewInput,
  step: RoundTypeStep,
  now: Date = new Date(),
): Promise<CreateSelfReviewResult> {
  requireLicenceToCreate(ctx, now);
  const deadline = checkDeadline(input.deadline, now);
  if (typeof deadline !== "string") return deadline;
  if (!(await usableSets(ctx)).some((s) => s.id === input.setId))
    return { ok: false, field: "setId", code: "setRequired" };
  return createOrFailed(`${type}-review-create`, () =>
    getDb().transaction(async (tx): Promise<CreateSelfReviewResult> => {
      const candidates = await teamReviewCandidates(ctx, { teamIds: input.teamIds, tagIds: input.tagIds }, tx);
      const wanted = new Set(input.participantIds);
      const participants: Participant[] = [];
      for (const p of candidates.members) {
        if (!wanted.has(p.membershipId) || participants.some((q) => q.membershipId === p.membershipId)) continue;
        participants.push({ membershipId: p.membershipId, teamId: p.teamId });
      }
      if (participants.length === 0) throw refuse({ ok: false, field: "participantIds", code: "participantsRequired" });
      const set = (await loadRuleSet(tx, ctx, input.setId)) ?? notFound();
      let entries = initialReviewCriteria(set);
      for (const id of new Set(input.criterionIds)) {
        if (entries.some((e) => e.id === id)) continue;
        const criterion = (await bookCriterion(tx, ctx, id)) ?? notFound();
        const added = addCriterion(set, entries, criterion);
        if (!added.ok) throw refuse({ ok: false, field: "criterionIds", code: "flexExceeded" });
        entries = added.entries;
      }
      const teamRows = await tx
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(and(inCluster(teams, ctx), inArray(teams.id, [...new Set(input.teamIds)])));
      const round = await insertQuestionnaireRound(tx, ctx, type, {
        name: input.name.trim(),
        deadline,
        setId: set.id,
        sourceReviewId: null,
        teams: teamRows,
        tagIds: [...new Set(input.tagIds)],
        criteria: entries,
        participants,
      });
      await step(tx, { ...round, leaders: candidates.leaders });
      await auditReviews(tx, ctx, "review.create", [round.reviewId], {
        type,
        participants: participants.length,
        ...(type === "self" ? { from: null } : {}),
      });
      return { ok: true as const, reviewId: round.reviewId };
    }),
  );
}

/** From scratch: checks teams, tags, set, extra criteria (flex) and participants, then writes it all. */
export function createSelfReview(
  ctx: TenantContext,
  input: CreateSelfReviewInput,
  now: Date = new Date(),
): Promise<CreateSelfReviewResult> {
  return createQuestionnaireRound(
    ctx,
    "self",
    input,
    (tx, round) => insertSelfReviewers(tx, ctx, round.reviewId, round.subjects),
    now,
  );
}

/**
 * From a team review round ctx may open: the teams, criteria (of every team review, once) and members
 * of the team reviews ctx may open, the round's tags and set; linked to the round.
 */
export async function createSelfReviewFromRound(
  ctx: TenantContext,
  input: { roundId: string; name?: string; deadline: string },
  now: Date = new Date(),
): Promise<CreateSelfReviewResult> {
  requireLicenceToCreate(ctx, now);
  const deadline = checkDeadline(input.deadline, now);
  if (typeof deadline !== "string") return deadline;
  return createOrFailed("self-review-create", () =>
    getDb().transaction(async (tx): Promise<CreateSelfReviewResult> => {
      const round = await requireRound(ctx, input.roundId, tx);
      const visible = teamReviewVisibility(ctx);
      const teamReviews = await tx
        .select({ id: reviews.id, teamId: reviews.teamId, teamName: reviews.teamName })
        .from(reviews)
        .where(and(eq(reviews.parentId, round.id), eq(reviews.type, "team"), isNull(reviews.deletedAt), visible));
      const reviewIds = teamReviews.map((r) => r.id);
      if (reviewIds.length === 0) notFound();
      // One after the other: a transaction's statements share one connection.
      const criteriaRows = await tx
        .select(criterionEntryColumns)
        .from(reviewCriteria)
        .where(inArray(reviewCriteria.reviewId, reviewIds))
        .orderBy(asc(reviewCriteria.dimension), asc(reviewCriteria.position));
      const subjectRows = await tx
        .select({ membershipId: reviewSubjects.membershipId, reviewId: reviewSubjects.reviewId })
        .from(reviewSubjects)
        .innerJoin(memberships, eq(memberships.id, reviewSubjects.membershipId))
        .where(and(inArray(reviewSubjects.reviewId, reviewIds), isNull(memberships.deletedAt)));
      const tagRows = await tx
        .select({ tagId: reviewTags.tagId })
        .from(reviewTags)
        .where(eq(reviewTags.reviewId, round.id));
      const teamRows = await tx
        .select({ id: teams.id, name: teams.name })
        .from(teams)
        .where(
          and(
            inCluster(teams, ctx),
            inArray(
              teams.id,
              teamReviews.flatMap((r) => (r.teamId ? [r.teamId] : [])),
            ),
          ),
        );
      const teamOf = new Map(teamReviews.map((r) => [r.id, r.teamId]));
      const participants = subjectRows.flatMap((s) => {
        const teamId = teamOf.get(s.reviewId);
        return teamId ? [{ membershipId: s.membershipId, teamId }] : [];
      });
      if (participants.length === 0) throw refuse({ ok: false, field: "roundId", code: "noMembers" });
      const seen = new Set<string>();
      const entries = criteriaRows
        .filter((c) => !seen.has(c.id) && seen.add(c.id))
        .map((c) => ({ ...c, dimension: c.dimension as Dimension }));
      const { reviewId } = await insertQuestionnaireRound(tx, ctx, "self", {
        name: input.name?.trim() || round.name,
        deadline,
        setId: round.setId,
        sourceReviewId: round.id,
        teams: teamRows.map((t) => ({
          id: t.id,
          name: teamReviews.find((r) => r.teamId === t.id)?.teamName ?? t.name,
        })),
        tagIds: tagRows.map((t) => t.tagId),
        criteria: entries,
        participants,
      });
      await insertSelfReviewers(tx, ctx, reviewId, participants);
      await auditReviews(tx, ctx, "review.create", [reviewId], {
        type: "self",
        participants: participants.length,
        from: round.id,
      });
      return { ok: true as const, reviewId };
    }),
  );
}

/** The wizard's second step: the members of the chosen teams (tags applied), the set's criteria and the extras allowed. */
export async function selfReviewStepTwo(
  ctx: TenantContext,
  input: { teamIds: string[]; tagIds: string[]; setId: string },
  db: DbOrTx = getDb(),
) {
  const candidates = await teamReviewCandidates(ctx, input, db);
  const set = (await loadRuleSet(db, ctx, input.setId)) ?? notFound();
  const book = await db
    .select({ id: criteria.id, name: criteria.name, dimension: criteria.dimension })
    .from(criteria)
    .where(and(inCluster(criteria, ctx), isNull(criteria.archivedAt)))
    .orderBy(asc(criteria.dimension), asc(sql`lower(${criteria.name})`));
  const inSet = new Set(set.criteria.map((c) => c.id));
  const people = new Map<string, { membershipId: string; name: string; teams: string[] }>();
  for (const p of candidates.members) {
    const entry = people.get(p.membershipId) ?? { membershipId: p.membershipId, name: p.name, teams: [] };
    if (!entry.teams.includes(p.teamName)) entry.teams.push(p.teamName);
    people.set(p.membershipId, entry);
  }
  return {
    participants: [...people.values()],
    flex: set.flex,
    setCriteria: book.filter((c) => inSet.has(c.id)).map((c) => ({ ...c, dimension: c.dimension as Dimension })),
    extras: book.filter((c) => !inSet.has(c.id)).map((c) => ({ ...c, dimension: c.dimension as Dimension })),
  };
}
