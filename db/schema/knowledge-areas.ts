import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { teams } from "./teams";
import { memberships, users } from "./users";
import { tenantColumns } from "./tenant-columns";

/**
 * Knowledge areas and the team knowledge card (spec §1, §3 "Knowledge area and card"; docs/decisions/1080).
 * Kept apart from the competences module's tables: a knowledge area may later become a competence type.
 * Levels run on the fixed knowledge scale 0..3 (app/features/knowledge-areas/knowledge-scale.ts).
 */
export const knowledgeAreas = pgTable(
  "knowledge_areas",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("knowledge_areas_account_cluster_idx").on(t.accountId, t.clusterId),
    uniqueIndex("knowledge_areas_cluster_name_uq")
      .on(t.clusterId, sql`lower(${t.name})`)
      .where(sql`${t.archivedAt} is null`),
  ],
);

/** How many people a team needs in an area with at least `level` (one row per team, area and level). */
export const teamKnowledgeNeeds = pgTable(
  "team_knowledge_needs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    knowledgeAreaId: uuid("knowledge_area_id")
      .notNull()
      .references(() => knowledgeAreas.id, { onDelete: "cascade" }),
    level: integer("level").notNull(),
    neededCount: integer("needed_count").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("team_knowledge_needs_uq").on(t.teamId, t.knowledgeAreaId, t.level),
    index("team_knowledge_needs_account_cluster_idx").on(t.accountId, t.clusterId),
    check("team_knowledge_needs_level_ck", sql`${t.level} between 1 and 3`),
    check("team_knowledge_needs_count_ck", sql`${t.neededCount} between 0 and 99`),
  ],
);

/** A person's level in a knowledge area (0 = none), who gave it and when; one current row per membership and area. */
export const memberKnowledgeLevels = pgTable(
  "member_knowledge_levels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    knowledgeAreaId: uuid("knowledge_area_id")
      .notNull()
      .references(() => knowledgeAreas.id, { onDelete: "cascade" }),
    level: integer("level").notNull(),
    givenBy: uuid("given_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("member_knowledge_levels_uq").on(t.membershipId, t.knowledgeAreaId),
    index("member_knowledge_levels_area_idx").on(t.knowledgeAreaId),
    index("member_knowledge_levels_given_by_idx")
      .on(t.givenBy)
      .where(sql`${t.givenBy} is not null`),
    index("member_knowledge_levels_account_cluster_idx").on(t.accountId, t.clusterId),
    check("member_knowledge_levels_level_ck", sql`${t.level} between 0 and 3`),
  ],
);
