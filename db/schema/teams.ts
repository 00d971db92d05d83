import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { memberships } from "./users";
import { tenantColumns } from "./tenant-columns";

export const teams = pgTable(
  "teams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("teams_account_cluster_idx").on(t.accountId, t.clusterId),
    uniqueIndex("teams_cluster_name_uq")
      .on(t.clusterId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    // Team choosers read the first teams by name and stop (listFilterOptions).
    index("teams_current_name_idx")
      .on(t.accountId, t.clusterId, t.name)
      .where(sql`${t.deletedAt} is null`),
    // The deleted teams of a cluster, the other small branch of the team reviews overview's page (1921).
    index("teams_deleted_idx")
      .on(t.clusterId)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

export const roleKeys = [
  "employee",
  "cluster_admin",
  "data_manager",
  "auth_manager",
  "advisor",
  "team_admin",
  "reviewer",
  "team_member",
  "account_admin",
] as const;
export type RoleKey = (typeof roleKeys)[number];
export const roleLevels = ["cluster", "team"] as const;

/** The spec's role entity: id, key and level. Seeded by the first migration. */
export const roles = pgTable(
  "roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    key: text("key", { enum: roleKeys }).notNull(),
    level: text("level", { enum: roleLevels }).notNull(),
  },
  (t) => [uniqueIndex("roles_key_level_uq").on(t.key, t.level)],
);

/**
 * A membership's role in a cluster, or in one team of it. Team places are team-level
 * roles: team_member (member) and team_admin (team leader). See docs/decisions/0004.
 */
export const roleAssignments = pgTable(
  "role_assignments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    roleKey: text("role_key", { enum: roleKeys }).notNull(),
    level: text("level", { enum: roleLevels }).notNull(),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("role_assignments_level_team_ck", sql`(${t.level} = 'team') = (${t.teamId} is not null)`),
    uniqueIndex("role_assignments_uq").on(
      t.membershipId,
      t.roleKey,
      sql`coalesce(${t.teamId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index("role_assignments_team_idx").on(t.teamId, t.roleKey),
    index("role_assignments_cluster_idx").on(t.accountId, t.clusterId),
    // The cluster's team leaders in one index range: the dashboard's teams without a leader, set-based (1920).
    index("role_assignments_team_admin_idx")
      .on(t.accountId, t.clusterId, t.teamId, t.membershipId)
      .where(sql`${t.roleKey} = 'team_admin'`),
  ],
);

/** Which named rights a role grants in a cluster; editable per cluster (spec §2 settings for administrative rights). */
export const roleRights = pgTable(
  "role_rights",
  {
    ...tenantColumns(),
    roleKey: text("role_key", { enum: roleKeys }).notNull(),
    rightKey: text("right_key").notNull(),
  },
  (t) => [uniqueIndex("role_rights_pk").on(t.clusterId, t.roleKey, t.rightKey)],
);
