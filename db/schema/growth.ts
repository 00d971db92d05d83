import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { competences } from "./competences";
import { positions } from "./positions";
import { memberships } from "./users";
import { tenantColumns } from "./tenant-columns";

/**
 * An employee's ambition (spec §1 growth and ambition, docs/decisions/1122): where they want to grow — a
 * role, a position of the cluster, a competence of its book, free text. One current ambition per employee record; at least one part set.
 */
export const ambitions = pgTable(
  "ambitions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    role: text("role").notNull().default(""),
    positionId: uuid("position_id").references(() => positions.id, { onDelete: "set null" }),
    /** A competence of the cluster's book to grow in (docs/decisions/1342). */
    competenceId: uuid("competence_id").references(() => competences.id, { onDelete: "set null" }),
    text: text("text").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ambitions_membership_uq").on(t.membershipId),
    index("ambitions_account_cluster_idx").on(t.accountId, t.clusterId),
    check("ambitions_role_len_ck", sql`char_length(${t.role}) <= 200`),
    check("ambitions_text_len_ck", sql`char_length(${t.text}) <= 2000`),
  ],
);
