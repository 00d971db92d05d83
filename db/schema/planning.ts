import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { planningHorizons } from "./enums";
import { positions } from "./positions";
import { teams } from "./teams";
import { tenantColumns } from "./tenant-columns";

/**
 * Workforce planning (spec §3 Planning; docs/decisions/1550): what HR says a team needs of one position at one
 * horizon — people and FTE — and why. Available and the gap are computed from contracts, never stored.
 */
export const planningNeeds = pgTable(
  "planning_needs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    positionId: uuid("position_id")
      .notNull()
      .references(() => positions.id, { onDelete: "cascade" }),
    horizon: text("horizon", { enum: planningHorizons }).notNull(),
    employees: integer("employees").notNull(),
    fte: numeric("fte", { precision: 7, scale: 2 }).notNull(),
    reason: text("reason").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("planning_needs_uq").on(t.teamId, t.positionId, t.horizon),
    index("planning_needs_account_cluster_idx").on(t.accountId, t.clusterId),
    check("planning_needs_horizon_ck", sql`${t.horizon} in ('current', '1y', '5y')`),
    check("planning_needs_employees_ck", sql`${t.employees} between 0 and 9999`),
    check("planning_needs_fte_ck", sql`${t.fte} between 0 and 9999`),
  ],
);
