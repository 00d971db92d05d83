import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { clusters } from "./accounts";
import { sessions } from "./auth";
import { dialogEventKinds, dialogStates } from "./enums-dialogs";
import { reviewSubjects } from "./reviews";
import { teams } from "./teams";
import { memberships } from "./users";
import { tenantColumns } from "./tenant-columns";

export { dialogEventKinds, dialogStates, type DialogEventKind, type DialogState } from "./enums-dialogs";

/**
 * A development dialog (spec §1, §3 "Dialog"): a person (participant) and their leader work on an
 * objective through learning goals, initiatives and actions (docs/decisions/1000).
 */
export const dialogs = pgTable(
  "dialogs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    /** Whose development this is. */
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "restrict" }),
    /** The leader holding the dialog; null when the person started it and has no team leader. */
    leaderMembershipId: uuid("leader_membership_id").references(() => memberships.id, { onDelete: "set null" }),
    objective: text("objective").notNull(),
    /**
     * The team review result whose development goal the dialog started from (issue #18), or null; the
     * goal is read from it, so the page shows the goal as it stands (docs/decisions/1280).
     */
    reviewSubjectId: uuid("review_subject_id").references(() => reviewSubjects.id, { onDelete: "set null" }),
    state: text("state", { enum: dialogStates }).notNull().default("started"),
    createdBy: uuid("created_by").references(() => memberships.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dialogs_person_idx").on(t.accountId, t.clusterId, t.membershipId),
    index("dialogs_leader_idx").on(t.accountId, t.clusterId, t.leaderMembershipId),
    index("dialogs_membership_idx").on(t.membershipId),
    check("dialogs_state_ck", sql`${t.state} in ('started', 'finished', 'archived')`),
  ],
);

/** A learning goal of a dialog; archived ones can be restored (spec §4). */
export const dialogLearningGoals = pgTable(
  "dialog_learning_goals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    dialogId: uuid("dialog_id")
      .notNull()
      .references(() => dialogs.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    archived: boolean("archived").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dialog_learning_goals_dialog_idx").on(t.dialogId, t.createdAt)],
);

/** An initiative towards a learning goal: progress 0–100 %, an open-issue flag and notes. */
export const dialogInitiatives = pgTable(
  "dialog_initiatives",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    dialogId: uuid("dialog_id")
      .notNull()
      .references(() => dialogs.id, { onDelete: "cascade" }),
    learningGoalId: uuid("learning_goal_id")
      .notNull()
      .references(() => dialogLearningGoals.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    progress: smallint("progress").notNull().default(0),
    openIssue: boolean("open_issue").notNull().default(false),
    notes: text("notes").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dialog_initiatives_goal_idx").on(t.learningGoalId, t.createdAt),
    check("dialog_initiatives_progress_ck", sql`${t.progress} between 0 and 100`),
  ],
);

/** A link of an initiative: a title and an http(s) address. */
export const dialogInitiativeLinks = pgTable(
  "dialog_initiative_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    dialogId: uuid("dialog_id")
      .notNull()
      .references(() => dialogs.id, { onDelete: "cascade" }),
    initiativeId: uuid("initiative_id")
      .notNull()
      .references(() => dialogInitiatives.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    url: text("url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("dialog_initiative_links_initiative_idx").on(t.initiativeId),
    check("dialog_initiative_links_url_ck", sql`${t.url} ~* '^https?://'`),
  ],
);

/** One of at most five successive actions of an initiative (spec §9); position 1–5 is unique per initiative. */
export const dialogActions = pgTable(
  "dialog_actions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    dialogId: uuid("dialog_id")
      .notNull()
      .references(() => dialogs.id, { onDelete: "cascade" }),
    initiativeId: uuid("initiative_id")
      .notNull()
      .references(() => dialogInitiatives.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    title: text("title").notNull(),
    completed: boolean("completed").notNull().default(false),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    unique("dialog_actions_position_uq").on(t.initiativeId, t.position),
    check("dialog_actions_position_ck", sql`${t.position} between 1 and 5`),
  ],
);

/** The dialog's history: who changed what and when, and meetings held (date and summary). */
export const dialogEvents = pgTable(
  "dialog_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns("restrict"),
    dialogId: uuid("dialog_id")
      .notNull()
      .references(() => dialogs.id, { onDelete: "cascade" }),
    actorMembershipId: uuid("actor_membership_id").references(() => memberships.id, { onDelete: "set null" }),
    kind: text("kind", { enum: dialogEventKinds }).notNull(),
    /** What the change was about (a learning goal's title, a new progress): shown as the event's text. */
    detail: text("detail").notNull().default(""),
    meetingDate: date("meeting_date", { mode: "string" }),
    summary: text("summary").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dialog_events_dialog_idx").on(t.dialogId, t.createdAt)],
);

/**
 * The team the dialogs list was last filtered on, per session and cluster (spec §4 "the selected
 * dialogs-team setting", cleared at logout: the row goes with the session row; docs/decisions/1281).
 */
export const dialogTeamSelections = pgTable(
  "dialog_team_selections",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    clusterId: uuid("cluster_id")
      .notNull()
      .references(() => clusters.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.clusterId] })],
);
