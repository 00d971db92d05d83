import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import {
  criteriaSets,
  memberships,
  reviewPeerAssignments,
  reviewReviewers,
  reviews,
  reviewSubjects,
  reviewTags,
  reviewTeams,
  reviewTeamStats,
  tags,
  teams,
  users,
} from "#db/schema";
import { joinPerson } from "~/features/people/person-query.server";
import { personName } from "~/utils/person-name";
import { inCluster } from "~/utils/scope.server";
import { teamInScope } from "~/utils/team-scope.server";
import type { TenantContext } from "~/utils/tenant.server";
import { liveReviews } from "./live-reviews.server";
import { reviewScope, selfReviewScope, teamReviewVisibility } from "./review-access.server";

/**
 * What the reviews JSON API shows of each review besides its own columns (docs/decisions/1660, 1661):
 * teams, tags, criteria set, reviewer, progress and the member entries ctx may see, read for a page of
 * reviews in a few queries (never one query per review).
 */

export type ApiReviewRow = typeof reviews.$inferSelect;
type Ref = { id: string; name: string };

/** A member entry ctx may see: the person's entry in a review (a round's entries are its team reviews'). */
export type VisibleSubject = { id: string; reviewId: string; membershipId: string; teamId: string | null };

export type ReviewFacets = {
  teams: Ref[];
  tags: Ref[];
  criteriaSet: Ref | null;
  reviewer: { id: string; name: string } | null;
  progress: number;
  subjects: VisibleSubject[];
  /** Team reviews and rounds: the team reviews behind the entry (itself, or a round's in scope). */
  teamReviewIds: string[];
};

/** done / total with two decimals, 0 when there is nothing to do. */
export const shareOf = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100) / 100);

const idsOf = (rows: readonly ApiReviewRow[], ...types: ApiReviewRow["type"][]) =>
  rows.filter((r) => types.includes(r.type)).map((r) => r.id);

function group<T>(rows: readonly T[], key: (row: T) => string) {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
}

/** The team reviews behind team entries and rounds: each with its team, round and precomputed progress. */
function teamReviewRows(ctx: TenantContext, teamIds: string[], roundIds: string[], db: DbOrTx) {
  if (teamIds.length === 0 && roundIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: reviews.id,
      parentId: reviews.parentId,
      teamId: reviews.teamId,
      teamName: sql<string>`coalesce(${teams.name}, ${reviews.teamName}, '')`,
      subjects: sql<number>`coalesce(${reviewTeamStats.subjects}, 0)`,
      complete: sql<number>`coalesce(${reviewTeamStats.completeSubjects}, 0)`,
    })
    .from(reviews)
    .leftJoin(teams, eq(teams.id, reviews.teamId))
    .leftJoin(reviewTeamStats, eq(reviewTeamStats.reviewId, reviews.id))
    .where(
      and(
        liveReviews(ctx, "team"),
        or(
          teamIds.length ? inArray(reviews.id, teamIds) : undefined,
          roundIds.length ? and(inArray(reviews.parentId, roundIds), teamReviewVisibility(ctx)) : undefined,
        ),
      ),
    )
    .orderBy(asc(sql`lower(coalesce(${teams.name}, ${reviews.teamName}, ''))`), asc(reviews.id));
}

/** The first of each team review's chosen reviewers (by name), as the review's reviewer. */
async function chosenReviewers(teamIds: string[], db: DbOrTx) {
  if (teamIds.length === 0) return new Map<string, Ref>();
  const rows = await joinPerson(
    db
      .select({
        reviewId: reviewReviewers.reviewId,
        id: reviewReviewers.membershipId,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      })
      .from(reviewReviewers)
      .$dynamic(),
    reviewReviewers.membershipId,
  )
    .where(inArray(reviewReviewers.reviewId, teamIds))
    .orderBy(
      asc(sql`lower(${users.lastName})`),
      asc(sql`lower(${users.firstName})`),
      asc(reviewReviewers.membershipId),
    );
  const first = new Map<string, Ref>();
  for (const r of rows)
    if (!first.has(r.reviewId)) first.set(r.reviewId, { id: r.id, name: personName(r.firstName, r.lastName, r.email) });
  return first;
}

/** The people (memberships) who created reviews, by membership id. */
async function creators(ctx: TenantContext, ids: string[], db: DbOrTx) {
  if (ids.length === 0) return new Map<string, Ref>();
  const rows = await db
    .select({ id: memberships.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(inCluster(memberships, ctx), inArray(memberships.id, ids)));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: personName(r.firstName, r.lastName, r.email) }]));
}

/** Finished and asked peer questionnaires per participant (counts only, docs/decisions/1021). */
async function peerAnswerCounts(peerIds: string[], db: DbOrTx) {
  if (peerIds.length === 0) return new Map<string, { asked: number; answered: number }>();
  const rows = await db
    .select({
      subjectId: reviewPeerAssignments.subjectId,
      asked: sql<number>`count(*)::int`,
      answered: sql<number>`count(${reviewPeerAssignments.finishedAt})::int`,
    })
    .from(reviewPeerAssignments)
    .where(and(inArray(reviewPeerAssignments.reviewId, peerIds), eq(reviewPeerAssignments.role, "peer")))
    .groupBy(reviewPeerAssignments.subjectId);
  return new Map(rows.map((r) => [r.subjectId, r]));
}

/**
 * The facets of these reviews (all of ctx's cluster and already visible to ctx through
 * apiReviewVisibility): a round shows the team reviews of it ctx may open, a self or peer round the
 * participants of the teams ctx manages there (as their pages).
 */
export async function reviewFacets(
  ctx: TenantContext,
  rows: readonly ApiReviewRow[],
  db: DbOrTx = getDb(),
): Promise<Map<string, ReviewFacets>> {
  if (rows.length === 0) return new Map();
  const teamIds = idsOf(rows, "team");
  const roundIds = idsOf(rows, "team-summary");
  const roundTeamIds = idsOf(rows, "self", "peer");
  const peerIds = idsOf(rows, "peer");
  // One after the other: `db` may be a caller's transaction.
  const teamReviews = await teamReviewRows(ctx, teamIds, roundIds, db);
  const roundTeamRows = roundTeamIds.length
    ? await db
        .select({ reviewId: reviewTeams.reviewId, id: reviewTeams.teamId, name: reviewTeams.teamName })
        .from(reviewTeams)
        .where(inArray(reviewTeams.reviewId, roundTeamIds))
        .orderBy(asc(sql`lower(${reviewTeams.teamName})`))
    : [];
  // A team review was created with its round's tags.
  const tagOwner = (r: ApiReviewRow) => (r.type === "team" ? (r.parentId ?? r.id) : r.id);
  const tagRows = await db
    .select({ reviewId: reviewTags.reviewId, id: tags.id, name: tags.name })
    .from(reviewTags)
    .innerJoin(tags, eq(tags.id, reviewTags.tagId))
    .where(inArray(reviewTags.reviewId, [...new Set(rows.map(tagOwner))]))
    .orderBy(asc(sql`lower(${tags.name})`));
  const setIds = [...new Set(rows.map((r) => r.setId).filter((id): id is string => id !== null))];
  const sets = setIds.length
    ? await db
        .select({ id: criteriaSets.id, name: criteriaSets.name })
        .from(criteriaSets)
        .where(and(inCluster(criteriaSets, ctx), inArray(criteriaSets.id, setIds)))
    : [];
  const reviewers = await chosenReviewers(teamIds, db);
  const creatorIds = rows.map((r) => r.createdBy).filter((id): id is string => id !== null);
  const createdBy = await creators(ctx, [...new Set(creatorIds)], db);
  const subjectReviewIds = [...teamReviews.map((t) => t.id), ...roundTeamIds];
  const subjectRows = subjectReviewIds.length
    ? await db
        .select({
          id: reviewSubjects.id,
          reviewId: reviewSubjects.reviewId,
          membershipId: reviewSubjects.membershipId,
          teamId: reviewSubjects.teamId,
          finished: sql<boolean>`${reviewSubjects.finishedAt} is not null`,
        })
        .from(reviewSubjects)
        .where(inArray(reviewSubjects.reviewId, subjectReviewIds))
        .orderBy(asc(reviewSubjects.reviewId), asc(reviewSubjects.id))
    : [];
  const peerCounts = await peerAnswerCounts(peerIds, db);

  const teamReviewsByRound = group(teamReviews, (t) => t.parentId ?? "");
  const teamReviewById = new Map(teamReviews.map((t) => [t.id, t]));
  const roundTeamsOf = group(roundTeamRows, (t) => t.reviewId);
  const tagsOf = group(tagRows, (t) => t.reviewId);
  const subjectsOf = group(subjectRows, (s) => s.reviewId);
  const setById = new Map(sets.map((s) => [s.id, s]));
  const selfScope = selfReviewScope(ctx);
  const peerScope = reviewScope(ctx);

  const facets = new Map<string, ReviewFacets>();
  for (const row of rows) {
    const behind =
      row.type === "team-summary"
        ? (teamReviewsByRound.get(row.id) ?? [])
        : row.type === "team"
          ? [teamReviewById.get(row.id)].filter((t) => t !== undefined)
          : [];
    const scope = row.type === "self" ? selfScope : peerScope;
    const subjects =
      row.type === "team" || row.type === "team-summary"
        ? behind.flatMap((t) => subjectsOf.get(t.id) ?? [])
        : (subjectsOf.get(row.id) ?? []).filter((s) => teamInScope(scope, s.teamId));
    const progress =
      row.type === "self"
        ? shareOf(subjects.filter((s) => s.finished).length, subjects.length)
        : row.type === "peer"
          ? shareOf(
              subjects.reduce((n, s) => n + (peerCounts.get(s.id)?.answered ?? 0), 0),
              subjects.reduce((n, s) => n + (peerCounts.get(s.id)?.asked ?? 0), 0),
            )
          : shareOf(
              behind.reduce((n, t) => n + t.complete, 0),
              behind.reduce((n, t) => n + t.subjects, 0),
            );
    const teamRefs =
      row.type === "self" || row.type === "peer"
        ? (roundTeamsOf.get(row.id) ?? []).map(({ id, name }) => ({ id, name }))
        : behind.filter((t) => t.teamId !== null).map((t) => ({ id: t.teamId!, name: t.teamName }));
    facets.set(row.id, {
      teams: teamRefs,
      tags: (tagsOf.get(tagOwner(row)) ?? []).map(({ id, name }) => ({ id, name })),
      criteriaSet: row.setId ? (setById.get(row.setId) ?? null) : null,
      reviewer:
        (row.type === "team" ? reviewers.get(row.id) : undefined) ??
        (row.createdBy ? createdBy.get(row.createdBy) : undefined) ??
        null,
      progress,
      subjects: subjects.map(({ id, reviewId, membershipId, teamId }) => ({ id, reviewId, membershipId, teamId })),
      teamReviewIds: behind.map((t) => t.id),
    });
  }
  return facets;
}

/** One list entry of GET api/reviews (reviewListEntrySchema). */
export function reviewListEntry(row: ApiReviewRow, facets: ReviewFacets) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    clusterId: row.clusterId,
    deadline: row.deadline,
    scale: row.scale as 3 | 4 | 5,
    isFinished: row.isFinished ? (1 as const) : (0 as const),
    locked: Boolean(row.lockedAt),
    completionConfirmed: Boolean(row.completionConfirmedAt),
    progress: facets.progress,
    reviewerId: facets.reviewer?.id ?? null,
    reviewerName: facets.reviewer?.name ?? null,
    parentId: row.type === "team" ? row.parentId : null,
    teams: facets.teams,
    tags: facets.tags,
    criteriaSet: facets.criteriaSet,
    memberships: facets.subjects.map(({ id, reviewId, membershipId }) => ({ id, reviewId, membershipId })),
    createdAt: row.createdAt.toISOString(),
  };
}
