import { sql } from "drizzle-orm";
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts, clusters } from "./accounts";
import { users } from "./users";

/** Server-side sessions; the cookie holds only the signed id. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    currentClusterId: uuid("current_cluster_id").references(() => clusters.id, { onDelete: "set null" }),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

/**
 * Attempt counters of app/features/auth/throttle.server.ts: one row per (rule, hashed subject) with a fixed
 * window. One upsert increments and returns the count, so parallel attempts can never all pass the check.
 */
export const authThrottle = pgTable(
  "auth_throttle",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull().defaultNow(),
    windowSeconds: integer("window_seconds").notNull(),
  },
  (t) => [index("auth_throttle_window_idx").on(t.windowStart)],
);

/** Append-only log of sign-ins, role changes, views of review data and the like. */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    clusterId: uuid("cluster_id").references(() => clusters.id, { onDelete: "set null" }),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    action: text("action").notNull(),
    data: jsonb("data"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_events_account_idx").on(t.accountId, t.createdAt),
    // Deleting a user sets their events' actor to null: without this a scan of every event per user (1403).
    index("audit_events_actor_idx")
      .on(t.actorUserId)
      .where(sql`${t.actorUserId} is not null`),
  ],
);
