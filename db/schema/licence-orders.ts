import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { billingPeriods, licenceOrderStatuses } from "./enums-licence";
import { users } from "./users";

/**
 * A licence order an account admin placed (spec §1 "licence and account management"): what was ordered, for
 * which period, the amounts at the price list of that day, and who placed it. The licence belongs to the
 * account, not to a cluster, so the row carries the account only (as account_modules do). Kept as the
 * invoicing record: never updated except its status, never deleted with a person.
 */
export const licenceOrders = pgTable(
  "licence_orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    orderedByUserId: uuid("ordered_by_user_id").references(() => users.id, { onDelete: "set null" }),
    employees: integer("employees").notNull(),
    teams: integer("teams").notNull(),
    modules: text("modules").array().notNull(),
    billingPeriod: text("billing_period", { enum: billingPeriods }).notNull(),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
    /** Euro cents, excluding VAT; VAT at `vatPercent`; total including VAT. */
    netCents: integer("net_cents").notNull(),
    vatPercent: integer("vat_percent").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    status: text("status", { enum: licenceOrderStatuses }).notNull().default("to-be-invoiced"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("licence_orders_account_time_idx").on(t.accountId, t.createdAt.desc())],
);
