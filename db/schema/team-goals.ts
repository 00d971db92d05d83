import { sql } from "drizzle-orm";
import { check, date, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { teamGoalKinds } from "./enums";
import { reviews } from "./reviews";
import { teams } from "./teams";
import { users } from "./users";
import { tenantColumns } from "./tenant-columns";

/**
 * A team's goal or ambition (spec §3 "Team goal"): its text, the growth strategy, how it is measured,
 * a time period and additional text. Archiving is final (spec §4): `archived_at` is set once and never
 * cleared. The team is soft-deleted on removal, so its goals stay readable for the review history.
 */
export const teamGoals = pgTable(
  "team_goals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: teamGoalKinds }).notNull(),
    text: text("text").notNull(),
    growthStrategy: text("growth_strategy").notNull().default(""),
    measuredBy: text("measured_by").notNull().default(""),
    periodStart: date("period_start", { mode: "string" }),
    periodEnd: date("period_end", { mode: "string" }),
    additionalText: text("additional_text").notNull().default(""),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("team_goals_account_cluster_idx").on(t.accountId, t.clusterId),
    index("team_goals_team_idx").on(t.teamId, t.archivedAt),
    check(
      "team_goals_period_ck",
      sql`${t.periodStart} is null or ${t.periodEnd} is null or ${t.periodStart} <= ${t.periodEnd}`,
    ),
  ],
);

/**
 * A team goal linked to a team review round (spec §3 Review "linked team goals", docs/decisions/1340): the
 * round's `team` review of the goal's own team, so the link cannot cross teams. The results of the round
 * show the linked goals beside the team's results.
 */
export const teamGoalReviews = pgTable(
  "team_goal_reviews",
  {
    ...tenantColumns(),
    goalId: uuid("goal_id")
      .notNull()
      .references(() => teamGoals.id, { onDelete: "cascade" }),
    /** The `team` review (one team in a round) the goal belongs to. */
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.goalId, t.reviewId] }),
    index("team_goal_reviews_review_idx").on(t.reviewId),
    index("team_goal_reviews_cluster_idx").on(t.accountId, t.clusterId),
  ],
);
