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

/**
 * The audit trail (issue 35, decisions 1520-1522): who did what to whom and when, append-only (a trigger refuses
 * UPDATE, DELETE and TRUNCATE; only the account's own deletion takes its rows along). Written through
 * `recordAudit` (app/features/audit/audit.server.ts) in the transaction of the change. Actor, target and cluster
 * carry no foreign key: the trail outlives the records it speaks of. `data` holds ids and counts, never
 * personal content. `target_user_id` is the person the event is about; for a membership subject the database
 * fills it in on insert.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    clusterId: uuid("cluster_id"),
    actorUserId: uuid("actor_user_id"),
    targetUserId: uuid("target_user_id"),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    action: text("action").notNull(),
    data: jsonb("data"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The viewer's pages, newest first, keyset on (created_at, id): one index per filter it offers (1521).
    index("audit_events_account_time_idx").on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index("audit_events_target_time_idx").on(t.accountId, t.targetUserId, t.createdAt.desc(), t.id.desc()),
    index("audit_events_actor_time_idx").on(t.accountId, t.actorUserId, t.createdAt.desc(), t.id.desc()),
    index("audit_events_action_time_idx").on(t.accountId, t.action, t.createdAt.desc(), t.id.desc()),
  ],
);
