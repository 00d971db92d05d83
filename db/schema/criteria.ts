import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { accounts, clusters } from "./accounts";
import { tags } from "./tags";
import { teams } from "./teams";
import { tenantColumns } from "./tenant-columns";

/** Characteristic text per scale level name (excellent, good, normal, mediocre, low). */
export type Characteristics = Partial<Record<"excellent" | "good" | "normal" | "mediocre" | "low", string>>;

/** The criteria book of a cluster (spec §3). Dimension 1 performance, 2 potential, 3 employability. */
export const criteria = pgTable(
  "criteria",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    dimension: smallint("dimension").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    characteristics: jsonb("characteristics").$type<Characteristics>().notNull().default({}),
    /** Key of the default-book criterion this row was seeded from; null for the organisation's own. */
    sourceKey: text("source_key"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("criteria_account_cluster_idx").on(t.accountId, t.clusterId, t.dimension),
    uniqueIndex("criteria_cluster_name_uq").on(t.clusterId, sql`lower(${t.name})`),
    check("criteria_dimension_ck", sql`${t.dimension} between 1 and 3`),
  ],
);

/** Criteria tags (tags of kind 'criteria') on criteria. */
export const criterionTags = pgTable(
  "criterion_tags",
  {
    ...tenantColumns(),
    criterionId: uuid("criterion_id")
      .notNull()
      .references(() => criteria.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.criterionId, t.tagId] }), index("criterion_tags_tag_idx").on(t.tagId)],
);

export const criteriaSets = pgTable(
  "criteria_sets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    visibleToTeamLeaders: boolean("visible_to_team_leaders").notNull().default(false),
    /** Extra criteria a review may add per dimension beyond the set's own. */
    flex: integer("flex").notNull().default(0),
    basic: boolean("basic").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("criteria_sets_account_cluster_idx").on(t.accountId, t.clusterId),
    uniqueIndex("criteria_sets_cluster_name_uq").on(t.clusterId, sql`lower(${t.name})`),
    check("criteria_sets_flex_ck", sql`${t.flex} between 0 and 20`),
  ],
);

export const criteriaSetCriteria = pgTable(
  "criteria_set_criteria",
  {
    ...tenantColumns(),
    setId: uuid("set_id")
      .notNull()
      .references(() => criteriaSets.id, { onDelete: "cascade" }),
    criterionId: uuid("criterion_id")
      .notNull()
      .references(() => criteria.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.criterionId] }),
    index("criteria_set_criteria_criterion_idx").on(t.criterionId),
  ],
);

export const criteriaSetTeams = pgTable(
  "criteria_set_teams",
  {
    ...tenantColumns(),
    setId: uuid("set_id")
      .notNull()
      .references(() => criteriaSets.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.setId, t.teamId] }), index("criteria_set_teams_team_idx").on(t.teamId)],
);

/** Per-language overrides of a text; a missing language falls back to the translated default. */
export type LocalizedText = Partial<Record<"nl" | "en" | "de", string>>;

export type ReviewSettingsDimensions = Partial<
  Record<"1" | "2" | "3", { name?: LocalizedText; label?: LocalizedText }>
>;
export type RoleThresholds = { lowerPercent: number; upperPercent: number; employabilityPercent: number };

/** One row per cluster, created lazily with defaults (features/criteria/review-settings.server.ts). */
export const reviewSettings = pgTable(
  "review_settings",
  {
    clusterId: uuid("cluster_id")
      .primaryKey()
      .references(() => clusters.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    currentScale: smallint("current_scale").notNull().default(5),
    dimensions: jsonb("dimensions").$type<ReviewSettingsDimensions>().notNull().default({}),
    roleLabels: jsonb("role_labels").$type<Partial<Record<string, LocalizedText>>>().notNull().default({}),
    thresholds: jsonb("thresholds")
      .$type<RoleThresholds>()
      .notNull()
      .default({ lowerPercent: 33, upperPercent: 67, employabilityPercent: 50 }),
    reviewerRoles: jsonb("reviewer_roles").$type<string[]>().notNull().default(["team_admin", "reviewer"]),
    /** Peer reviews: peer averages are shown to the reviewed person from this many answers (never below 3). */
    peerAnonymityThreshold: smallint("peer_anonymity_threshold").notNull().default(3),
    /** Placeholder for the flow feature's settings. */
    flow: jsonb("flow").$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("review_settings_peer_threshold_ck", sql`${t.peerAnonymityThreshold} >= 3`)],
);
