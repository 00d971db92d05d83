import * as z from "zod";
import { memberScoresSchema, reviewSaveSchema } from "~/features/reviews/evaluation-api.schema";
import { peerReviewApiSchema, selfReviewApiSchema } from "~/features/reviews/review-round-api-body";
import { teamReviewApiSchema } from "~/features/reviews/team-review-create.schema";
import { apiOperation, pagingQuery } from "../operation";

/**
 * The answers of the reviews calls of spec §7 (GET api/reviews, GET/PUT api/reviews/{id}, the member
 * entry calls) as zod schemas: what the OpenAPI document publishes and what the integration tests
 * validate real answers against (docs/decisions/1660). Client-safe.
 */

export const reviewTypeSchema = z.enum(["self", "team", "team-summary", "peer"]);

/** A team, tag or criteria set a review refers to. */
export const namedRefSchema = z.object({ id: z.uuid(), name: z.string() });

const dimensionSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** Spec §3 "Criteria score": one criterion's score in a member entry (0 is not-rated). */
export const criteriaScoreSchema = z.object({
  /** `<entry id>:<criterion id>`: a score has no id of its own (docs/decisions/0521). */
  id: z.string(),
  criterionId: z.uuid(),
  dimension: dimensionSchema,
  isManual: z.boolean(),
  name: z.string(),
  score: z.number().int().min(0).max(5),
});

/** Dimension scores of an entry ("1" performance, "2" potential, "3" employability), null while unscored. */
export const dimensionScoresSchema = z.object({
  1: z.number().nullable(),
  2: z.number().nullable(),
  3: z.number().nullable(),
});

/** A member entry of a list answer: who is in the review, without scores. */
export const reviewListMembershipSchema = z.object({
  id: z.uuid(),
  reviewId: z.uuid(),
  membershipId: z.uuid(),
});

/** Per participant of a peer round, the counts of its questionnaires (never who answered what). */
export const peerCountsSchema = z.object({
  peersAsked: z.number().int(),
  peersAnswered: z.number().int(),
  selfFinished: z.boolean(),
  leadersAsked: z.number().int(),
  leadersFinished: z.number().int(),
});

/** Spec §3 "Membership entry in a review": id, reviewId, score, criteriaScores, extraScores.teamScores. */
export const reviewMembershipSchema = reviewListMembershipSchema.extend({
  teamId: z.uuid().nullable(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  score: dimensionScoresSchema,
  developmentRole: z.enum(["changeofcareer", "potential", "achiever", "midfield", "star"]).nullable(),
  developmentGoal: z.string(),
  /** Self reviews: when the participant finished their questionnaire. */
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  criteriaScores: z.array(criteriaScoreSchema),
  /** teamScores: a self review participant's answers about their team. */
  extraScores: z.object({ teamScores: z.array(criteriaScoreSchema) }),
  /** Peer rounds only. */
  peer: peerCountsSchema.optional(),
});

/** One review in GET api/reviews (spec §3 "Review"). */
export const reviewListEntrySchema = z.object({
  id: z.uuid(),
  type: reviewTypeSchema,
  name: z.string(),
  clusterId: z.uuid(),
  /** yyyy-MM-dd. */
  deadline: z.iso.date().nullable(),
  scale: z.union([z.literal(3), z.literal(4), z.literal(5)]),
  isFinished: z.union([z.literal(0), z.literal(1)]),
  locked: z.boolean(),
  completionConfirmed: z.boolean(),
  /** Share done, 0..1 with two decimals (docs/decisions/1661). */
  progress: z.number().min(0).max(1),
  reviewerId: z.uuid().nullable(),
  reviewerName: z.string().nullable(),
  /** A team review's round (a `team-summary` review); null for every other type. */
  parentId: z.uuid().nullable(),
  teams: z.array(namedRefSchema),
  tags: z.array(namedRefSchema),
  criteriaSet: namedRefSchema.nullable(),
  memberships: z.array(reviewListMembershipSchema),
  createdAt: z.iso.datetime({ offset: true }),
});

export const reviewListSchema = z.object({
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  total: z.number().int().min(0),
  reviews: z.array(reviewListEntrySchema),
});

/** A team goal linked to a team review (spec §3 Review "linked team goals"). */
export const linkedTeamGoalSchema = z.object({
  id: z.uuid(),
  reviewId: z.uuid(),
  teamId: z.uuid(),
  teamName: z.string(),
  kind: z.enum(["goal", "ambition"]),
  text: z.string(),
  growthStrategy: z.string(),
  measuredBy: z.string(),
  /** dd-MM-yyyy, "" when not set. */
  periodStart: z.string(),
  periodEnd: z.string(),
  additionalText: z.string(),
  archivedOn: z.string().nullable(),
});

/** Distribution over development roles ("1".."5", "none") and per dimension over scale levels. */
export const reviewSummarySchema = z.object({
  subjects: z.number().int().min(0),
  roleCounts: z.record(z.string(), z.number().int()),
  levelCounts: z.object({
    1: z.record(z.string(), z.number().int()),
    2: z.record(z.string(), z.number().int()),
    3: z.record(z.string(), z.number().int()),
  }),
});

export const reviewCriteriaPerDimensionSchema = z.array(
  z.object({
    dimension: dimensionSchema,
    criteria: z.array(z.object({ id: z.uuid(), name: z.string(), belongsToSet: z.boolean(), locked: z.boolean() })),
  }),
);

/** GET api/reviews/{id} (and the answer of PUT api/reviews/{id}). */
export const reviewDetailSchema = reviewListEntrySchema.extend({
  memberships: z.array(reviewMembershipSchema),
  criteria: reviewCriteriaPerDimensionSchema,
  /** Finished team reviews (and rounds: over their finished team reviews); null for other types. */
  summary: reviewSummarySchema.nullable(),
  teamGoals: z.array(linkedTeamGoalSchema),
});

/** POST api/reviews: 201 with the new review's id. */
export const reviewCreatedSchema = z.object({ id: z.uuid() });

export type ReviewListEntry = z.infer<typeof reviewListEntrySchema>;
export type ReviewDetail = z.infer<typeof reviewDetailSchema>;
export type ReviewMembership = z.infer<typeof reviewMembershipSchema>;
export type CriteriaScore = z.infer<typeof criteriaScoreSchema>;

/**
 * POST api/reviews: a self review without a type (spec §9), a peer round with `type: "peer"`, a team review
 * round with `type: "team"` (or "team-summary", as the list names a round).
 */
export const createReviewBodySchema = z.discriminatedUnion("type", [
  selfReviewApiSchema,
  peerReviewApiSchema,
  teamReviewApiSchema.extend({ type: z.enum(["team", "team-summary"]) }),
]);

/** DELETE /api/reviews and POST api/reviews/details: `{ reviews }`, review ids. */
export const reviewIdsBodySchema = z.object({
  reviews: z.array(z.uuid()).min(1).max(200).meta({ description: "Ids of rounds (team-summary reviews)." }),
});

/** POST api/reviews/{id}/member: whose entry (the person's membership id). */
export const reviewMemberBodySchema = z.object({ membershipId: z.uuid() });

const progressStateSchema = z.enum(["notStarted", "inProgress", "finished"]);

/** POST api/reviews/details: per round its teams and how far their team reviews are. */
export const roundDetailsSchema = z.object({
  reviews: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      deadline: z.string().nullable(),
      locked: z.boolean(),
      teams: z.array(
        z.object({ id: z.uuid().nullable(), name: z.string(), teamReviewId: z.uuid(), progress: progressStateSchema }),
      ),
      progress: z.object({
        teamReviews: z.number().int(),
        finished: z.number().int(),
        inProgress: z.number().int(),
        notStarted: z.number().int(),
        subjects: z.number().int(),
        complete: z.number().int(),
      }),
    }),
  ),
});

/** The review calls in the OpenAPI document (docs/decisions/1650, 1660, 1760). */
export const reviewOperations = {
  listReviews: apiOperation({
    operationId: "listReviews",
    method: "get",
    path: "/api/reviews",
    tag: "Reviews",
    summary: "Every review the caller may open, newest first, paged",
    description:
      "Rounds (team-summary), team, self and peer reviews in one list; 403 for a user without any review right.",
    access: "reviews.manage or selfReviews.manage",
    query: z.object(pagingQuery(100, 50)),
    responses: { 200: { description: "One page of reviews.", schema: reviewListSchema } },
  }),
  getReview: apiOperation({
    operationId: "getReview",
    method: "get",
    path: "/api/reviews/{id}",
    tag: "Reviews",
    summary: "One review of the list, with its member entries, criteria, summary and linked team goals",
    access: "reviews.manage or selfReviews.manage",
    responses: { 200: { description: "The review.", schema: reviewDetailSchema } },
  }),
  createReview: apiOperation({
    operationId: "createReview",
    method: "post",
    path: "/api/reviews",
    tag: "Reviews",
    summary: "Create a self review (no type), a peer round or a team review round",
    description:
      "Without `type` a self review is created (spec §9). Self and peer: name, deadline (dd-MM-yyyy or " +
      "yyyy-MM-dd), teams, tags, memberships (the participants, members of those teams), criteria (extra " +
      "ones), set (default: the cluster's only active set). Team: name, deadline, teams, tags, set, leaders, " +
      "members. Ids of another cluster are 404 and nothing is written; a broken rule is 422 with the message " +
      "in the caller's language. An account whose licence has expired creates nothing: 403 `licenceExpired`.",
    access: "selfReviews.manage (self), reviews.manage (peer), teamReviews.manage (team)",
    body: createReviewBodySchema,
    extraErrors: {
      404: "A team, tag, set, criterion or membership is not in the caller's cluster.",
      409: "The data changed while the review was written (a conflict): nothing was created; `code` is `failed`.",
      503: "The review could not be written now: nothing was created; `code` is `failed`, try again.",
    },
    responses: { 201: { description: "Created: the new review's id.", schema: reviewCreatedSchema } },
  }),
  saveReview: apiOperation({
    operationId: "saveReview",
    method: "put",
    path: "/api/reviews/{id}",
    tag: "Reviews",
    summary: "The evaluate save of a team review: scores, criteria and finishing",
    description:
      "`isFinished: 1` finishes it; `criteria` is the whole selection; `memberships` the entries with their " +
      "criteriaScores (and developmentGoal). Checked as a whole first: a broken rule (locked, finished, a " +
      "score outside the scale, a criterion not in the review) is 422 and nothing is saved.",
    access: "reviews.manage",
    body: reviewSaveSchema,
    responses: { 200: { description: "The saved review, as GET /api/reviews/{id}.", schema: reviewDetailSchema } },
  }),
  deleteReviews: apiOperation({
    operationId: "deleteReviews",
    method: "delete",
    path: "/api/reviews",
    tag: "Reviews",
    summary: "Delete rounds (with their team reviews), self reviews and peer rounds",
    access: "teamReviews.manage for rounds, selfReviews.manage for self reviews, reviews.manage for peer rounds",
    body: reviewIdsBodySchema,
    extraErrors: {
      404: "An id is not a round, self review or peer round the caller may open in its cluster (nothing is deleted).",
    },
    responses: {
      200: { description: "How many reviews were deleted.", schema: z.object({ deleted: z.number().int() }) },
    },
  }),
  reviewDetails: apiOperation({
    operationId: "reviewDetails",
    method: "post",
    path: "/api/reviews/details",
    tag: "Reviews",
    summary: "Teams and progress of rounds",
    access: "teamReviews.manage",
    body: reviewIdsBodySchema,
    extraErrors: { 404: "An id is not a round the caller may open." },
    responses: { 200: { description: "Per round its teams and progress.", schema: roundDetailsSchema } },
  }),
  reviewMember: apiOperation({
    operationId: "reviewMember",
    method: "post",
    path: "/api/reviews/{id}/member",
    tag: "Reviews",
    summary: "One person's entry in a team review",
    access: "reviews.manage",
    body: reviewMemberBodySchema,
    responses: { 200: { description: "The member entry.", schema: reviewMembershipSchema } },
  }),
  updateReviewMembership: apiOperation({
    operationId: "updateReviewMembership",
    method: "post",
    path: "/api/reviews/update/{reviewId}/membership/{id}",
    tag: "Reviews",
    summary: "Save one member's scores in a team review",
    description:
      "`{id}` is the member entry's id as GET /api/reviews/{id} gives it. Rules as the evaluate save. " +
      "PUT on the same path does the same.",
    access: "reviews.manage",
    params: { reviewId: z.uuid(), id: z.uuid() },
    body: memberScoresSchema,
    responses: { 200: { description: "The saved entry.", schema: reviewMembershipSchema } },
  }),
};
