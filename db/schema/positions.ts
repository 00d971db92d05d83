import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { clusters } from "./accounts";
import { memberships } from "./users";
import { tenantColumns } from "./tenant-columns";

export const positions = pgTable(
  "positions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    parentId: uuid("parent_id").references((): AnyPgColumn => positions.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    code: text("code"),
    levels: integer("levels"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("positions_account_cluster_idx").on(t.accountId, t.clusterId),
    uniqueIndex("positions_cluster_name_uq").on(t.clusterId, sql`lower(${t.name})`),
  ],
);

export const contracts = pgTable(
  "contracts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    positionId: uuid("position_id")
      .notNull()
      .references(() => positions.id, { onDelete: "restrict" }),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    fte: numeric("fte", { precision: 4, scale: 2 }).notNull(),
    hoursPerWeek: numeric("hours_per_week", { precision: 5, scale: 2 }),
    isTemporary: boolean("is_temporary").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("contracts_membership_idx").on(t.membershipId), index("contracts_position_idx").on(t.positionId)],
);

/**
 * A cluster's contract data version (issue 34, docs/decisions/1780): raised by triggers whenever a contract is
 * written or removed, or a membership is removed, restored or moved, by any path (services, imports, merges,
 * erasure). The in/out-flow tab keeps its computed figures per version and recomputes only after a change.
 */
export const contractVersions = pgTable("contract_versions", {
  clusterId: uuid("cluster_id")
    .primaryKey()
    .references(() => clusters.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
