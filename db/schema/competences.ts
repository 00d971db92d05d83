import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { competenceTypes } from "./enums";
import { positions } from "./positions";
import { tags } from "./tags";
import { memberships, users } from "./users";
import { tenantColumns } from "./tenant-columns";

/** The competence book of a cluster (spec §1, §3): five types, archived instead of deleted. */
export const competences = pgTable(
  "competences",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    type: text("type", { enum: competenceTypes }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Key of the default-book competence this row was seeded from; null for the organisation's own. */
    sourceKey: text("source_key"),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("competences_account_cluster_idx").on(t.accountId, t.clusterId, t.type),
    uniqueIndex("competences_cluster_name_uq").on(t.clusterId, sql`lower(${t.name})`),
  ],
);

/** The matrix: the level a position requires of a competence (its own; children inherit, docs/decisions/1060). */
export const positionCompetences = pgTable(
  "position_competences",
  {
    ...tenantColumns(),
    positionId: uuid("position_id")
      .notNull()
      .references(() => positions.id, { onDelete: "cascade" }),
    competenceId: uuid("competence_id")
      .notNull()
      .references(() => competences.id, { onDelete: "cascade" }),
    requiredLevel: smallint("required_level").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.positionId, t.competenceId] }),
    index("position_competences_cluster_idx").on(t.accountId, t.clusterId),
    index("position_competences_competence_idx").on(t.competenceId),
    check("position_competences_level_ck", sql`${t.requiredLevel} between 1 and 5`),
  ],
);

/**
 * A person's actual level of a competence (spec §3 "actual competence score per membership"). A change is a
 * new row; the row it replaces gets `superseded_at`, so earlier scores stay as history. Removing one's own
 * score only sets `superseded_at` on it.
 */
export const competenceScores = pgTable(
  "competence_scores",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    competenceId: uuid("competence_id")
      .notNull()
      .references(() => competences.id, { onDelete: "cascade" }),
    level: smallint("level").notNull(),
    givenBy: uuid("given_by").references(() => users.id, { onDelete: "set null" }),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp("superseded_at", { withTimezone: true }),
  },
  (t) => [
    index("competence_scores_cluster_idx").on(t.accountId, t.clusterId),
    index("competence_scores_membership_idx").on(t.membershipId, t.competenceId, t.givenAt),
    // Foreign keys that deleting a competence or a person checks row by row (1403).
    index("competence_scores_competence_idx").on(t.competenceId),
    index("competence_scores_given_by_idx")
      .on(t.givenBy)
      .where(sql`${t.givenBy} is not null`),
    uniqueIndex("competence_scores_current_uq")
      .on(t.membershipId, t.competenceId)
      .where(sql`${t.supersededAt} is null`),
    check("competence_scores_level_ck", sql`${t.level} between 1 and 5`),
  ],
);

/** Competence tags (tags of kind `competence`) on competences: the matrix filter and positions/sync (docs/decisions/1302). */
export const competenceTags = pgTable(
  "competence_tags",
  {
    ...tenantColumns(),
    competenceId: uuid("competence_id")
      .notNull()
      .references(() => competences.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.competenceId, t.tagId] }),
    index("competence_tags_tag_idx").on(t.tagId),
    index("competence_tags_cluster_idx").on(t.accountId, t.clusterId),
  ],
);

/**
 * Competence sets (the navigation's "Competences › sets", docs/decisions/1412): a named group of
 * competences, each with the level a position that takes the set requires. Applying a set writes those
 * levels into the matrix (position_competences); the set itself is a template, no link stays behind.
 */
export const competenceSets = pgTable(
  "competence_sets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("competence_sets_account_cluster_idx").on(t.accountId, t.clusterId),
    uniqueIndex("competence_sets_cluster_name_uq").on(t.clusterId, sql`lower(${t.name})`),
  ],
);

/** Account and cluster on each item too, so merging competences moves them like its other references. */
export const competenceSetItems = pgTable(
  "competence_set_items",
  {
    ...tenantColumns(),
    setId: uuid("set_id")
      .notNull()
      .references(() => competenceSets.id, { onDelete: "cascade" }),
    competenceId: uuid("competence_id")
      .notNull()
      .references(() => competences.id, { onDelete: "cascade" }),
    level: smallint("level").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.setId, t.competenceId] }),
    index("competence_set_items_competence_idx").on(t.competenceId),
    index("competence_set_items_cluster_idx").on(t.accountId, t.clusterId),
    check("competence_set_items_level_ck", sql`${t.level} between 1 and 5`),
  ],
);
