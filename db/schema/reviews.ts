import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clusters } from "./accounts";
import { criteria, criteriaSets } from "./criteria";
import { tags } from "./tags";
import { teams } from "./teams";
import { memberships, users } from "./users";
import { tenantColumns } from "./tenant-columns";

export const reviewTypes = ["team-summary", "team", "self", "peer"] as const;
export type ReviewType = (typeof reviewTypes)[number];

/**
 * A review (spec §3). A team review round that HR creates is a `team-summary` review; it has one
 * `team` review per team (parentId → the round), evaluated by that team's chosen leaders
 * (docs/decisions/0500). A review keeps the scale it was created with.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    parentId: uuid("parent_id").references((): AnyPgColumn => reviews.id, { onDelete: "restrict" }),
    type: text("type", { enum: reviewTypes }).notNull(),
    name: text("name").notNull(),
    deadline: date("deadline", { mode: "string" }),
    scale: smallint("scale").notNull(),
    setId: uuid("set_id").references(() => criteriaSets.id, { onDelete: "restrict" }),
    /** The team a `team` review is about. */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "restrict" }),
    /** Team name when the review was created, kept for results after a team is renamed or deleted. */
    teamName: text("team_name"),
    /** A self review created from a team review round: that round (its scores are the team's score). */
    sourceReviewId: uuid("source_review_id").references((): AnyPgColumn => reviews.id, { onDelete: "restrict" }),
    isFinished: boolean("is_finished").notNull().default(false),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    completionConfirmedAt: timestamp("completion_confirmed_at", { withTimezone: true }),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    /**
     * When the review was last rolled back or unlocked after it was finished, confirmed or locked: a score or
     * answer changed from then on is recorded in the audit trail (decision 1670).
     */
    reopenedAt: timestamp("reopened_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => memberships.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("reviews_account_cluster_idx").on(t.accountId, t.clusterId, t.type),
    index("reviews_parent_idx").on(t.parentId),
    // Foreign keys that deleting a person or team checks row by row (1403).
    index("reviews_team_idx").on(t.teamId),
    // A round's team reviews without a team, the small branch of the overview's page in team order (1921).
    index("reviews_parent_teamless_idx")
      .on(t.parentId)
      .where(sql`${t.teamId} is null`),
    index("reviews_created_by_idx")
      .on(t.createdBy)
      .where(sql`${t.createdBy} is not null`),
    check("reviews_scale_ck", sql`${t.scale} between 3 and 5`),
  ],
);

/** Tags chosen when a round was created (members were picked by teams and tags). */
export const reviewTags = pgTable(
  "review_tags",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "restrict" }),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.tagId] })],
);

/** Who evaluates a team review; invitation and reminders are recorded so each is sent once. */
export const reviewReviewers = pgTable(
  "review_reviewers",
  {
    ...tenantColumns("restrict"),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "restrict" }),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    /** Reminder keys already sent ("7d", "1d"). */
    remindersSent: text("reminders_sent")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.reviewId, t.membershipId] }),
    index("review_reviewers_membership_idx").on(t.membershipId),
  ],
);

/** The criteria of a review per dimension: the set's, plus extras up to the set's flex. */
export const reviewCriteria = pgTable(
  "review_criteria",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    criterionId: uuid("criterion_id")
      .notNull()
      .references(() => criteria.id, { onDelete: "restrict" }),
    dimension: smallint("dimension").notNull(),
    belongsToSet: boolean("belongs_to_set").notNull().default(false),
    locked: boolean("locked").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.criterionId] })],
);

/**
 * A person being reviewed (spec: membership entry). Dimension averages and the development role
 * are derived from the scores in the same transaction that changes them.
 */
export const reviewSubjects = pgTable(
  "review_subjects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    /** The round, for results across teams without a join through the team review. */
    roundId: uuid("round_id").references((): AnyPgColumn => reviews.id, { onDelete: "restrict" }),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "restrict" }),
    performance: real("performance"),
    potential: real("potential"),
    employability: real("employability"),
    /** Development role id 1..5, null while a dimension has no score. */
    developmentRole: smallint("development_role"),
    /**
     * The development role after calibration (1..5), null when never calibrated: the placement every
     * result and analytic reads is `placedRoleSql` (docs/decisions/1610); the moves are in placement_calibrations.
     */
    calibratedRole: smallint("calibrated_role"),
    scoredCount: integer("scored_count").notNull().default(0),
    developmentGoal: text("development_goal").notNull().default(""),
    /** Self reviews: the team the participant answers about (null for team reviews: the review's team). */
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "restrict" }),
    /** Self reviews: when the participant finished the questionnaire (read-only from then on). */
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_subjects_review_membership_uq").on(t.reviewId, t.membershipId),
    index("review_subjects_membership_idx").on(t.membershipId),
    index("review_subjects_round_idx").on(t.roundId),
    index("review_subjects_team_idx").on(t.teamId),
  ],
);

/** One criterion's score for one subject; 0 is not-rated. `scoredBy` decides who may delete it. */
export const reviewScores = pgTable(
  "review_scores",
  {
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => reviewSubjects.id, { onDelete: "restrict" }),
    criterionId: uuid("criterion_id")
      .notNull()
      .references(() => criteria.id, { onDelete: "restrict" }),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    dimension: smallint("dimension").notNull(),
    score: smallint("score").notNull(),
    isManual: boolean("is_manual").notNull().default(true),
    scoredBy: uuid("scored_by").references(() => memberships.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.criterionId] }),
    index("review_scores_review_idx").on(t.reviewId),
    index("review_scores_criterion_idx").on(t.criterionId),
    index("review_scores_scored_by_idx")
      .on(t.scoredBy)
      .where(sql`${t.scoredBy} is not null`),
    check("review_scores_score_ck", sql`${t.score} between 0 and 5`),
  ],
);

/** The teams a self review was created for (with the name then, kept for results after a rename). */
export const reviewTeams = pgTable(
  "review_teams",
  {
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "restrict" }),
    teamName: text("team_name").notNull(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.teamId] }), index("review_teams_team_idx").on(t.teamId)],
);

/**
 * A self review's answers about the team (the questionnaire's first part), one per participant and
 * criterion; the answers about yourself are review_scores (docs/decisions/0940).
 */
export const reviewTeamAnswers = pgTable(
  "review_team_answers",
  {
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => reviewSubjects.id, { onDelete: "restrict" }),
    criterionId: uuid("criterion_id")
      .notNull()
      .references(() => criteria.id, { onDelete: "restrict" }),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    dimension: smallint("dimension").notNull(),
    score: smallint("score").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subjectId, t.criterionId] }),
    index("review_team_answers_review_idx").on(t.reviewId),
    index("review_team_answers_criterion_idx").on(t.criterionId),
    check("review_team_answers_score_ck", sql`${t.score} between 0 and 5`),
  ],
);

export type LevelCounts = Record<"1" | "2" | "3", Record<string, number>>;

/**
 * Precomputed per team review: progress and distributions, rewritten whenever its scores change so
 * that overview and summary pages never aggregate all scores (docs/decisions/0501).
 */
export const reviewTeamStats = pgTable(
  "review_team_stats",
  {
    reviewId: uuid("review_id")
      .primaryKey()
      .references(() => reviews.id, { onDelete: "restrict" }),
    roundId: uuid("round_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    subjects: integer("subjects").notNull().default(0),
    /** Subjects with at least one score. */
    startedSubjects: integer("started_subjects").notNull().default(0),
    /** Subjects with every criterion scored (not-rated counts as scored). */
    completeSubjects: integer("complete_subjects").notNull().default(0),
    /** Subjects per development role id ("1".."5") and "none". */
    roleCounts: jsonb("role_counts").$type<Record<string, number>>().notNull().default({}),
    /** Per dimension, subjects per rounded dimension score ("0" for not rated). */
    levelCounts: jsonb("level_counts").$type<LevelCounts>().notNull().default({ 1: {}, 2: {}, 3: {} }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("review_team_stats_round_idx").on(t.roundId)],
);

/**
 * Calibration (docs/decisions/1610): one move of a person's placement in a finished team review to another
 * development role, by whom, when and why. Append-only; the latest move's `toRole` is the subject's
 * `calibratedRole`, the computed `developmentRole` stays the original.
 */
export const placementCalibrations = pgTable(
  "placement_calibrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    subjectId: uuid("subject_id")
      .notNull()
      .references(() => reviewSubjects.id, { onDelete: "restrict" }),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "restrict" }),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "restrict" }),
    /** The placement before this move (the computed role, or an earlier calibration); null for none. */
    fromRole: smallint("from_role"),
    toRole: smallint("to_role").notNull(),
    reason: text("reason").notNull(),
    movedBy: uuid("moved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("placement_calibrations_subject_idx").on(t.subjectId, t.createdAt),
    index("placement_calibrations_membership_idx").on(t.membershipId),
    index("placement_calibrations_account_cluster_idx").on(t.accountId, t.clusterId),
    check("placement_calibrations_role_ck", sql`${t.toRole} between 1 and 5`),
  ],
);

/**
 * A cluster's review data version (issue 34, docs/decisions/1911): raised by triggers whenever a review, a
 * subject or a counted score changes in a way criteria analytics' score counts can see, by any path. Those
 * counts are kept per version and recomputed only after such a change.
 */
export const reviewVersions = pgTable("review_versions", {
  clusterId: uuid("cluster_id")
    .primaryKey()
    .references(() => clusters.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
