import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { tagKinds } from "./enums";
import { memberships } from "./users";
import { tenantColumns } from "./tenant-columns";

/**
 * Tags of a cluster. Personnel tags label employees (filters, review selection); criteria tags label
 * criteria in the criteria book. System tags cannot be removed (spec §3, §5).
 */
export const tags = pgTable(
  "tags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    kind: text("kind", { enum: tagKinds }).notNull(),
    name: text("name").notNull(),
    isSystem: boolean("is_system").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tags_account_cluster_idx").on(t.accountId, t.clusterId, t.kind),
    // Names are matched case-insensitively (spec §5).
    uniqueIndex("tags_cluster_kind_name_uq").on(t.clusterId, t.kind, sql`lower(${t.name})`),
  ],
);

/** Personnel tags on employees (memberships). */
export const membershipTags = pgTable(
  "membership_tags",
  {
    ...tenantColumns(),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.membershipId, t.tagId] }), index("membership_tags_tag_idx").on(t.tagId)],
);
