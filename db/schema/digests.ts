import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { emailOutbox } from "./email";
import { tasks } from "./tasks";
import { memberships } from "./users";
import { tenantColumns } from "./tenant-columns";

/**
 * One row per digest sent: a membership gets at most one digest per period (the unique index), so a
 * retried job or a second worker inserting the same period finds the row and sends nothing
 * (docs/decisions/1100). `sent_at` is where the next digest's "since" starts.
 */
export const digestsSent = pgTable(
  "digests_sent",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    /** The first day (Europe/Amsterdam) of the period this digest covers. */
    periodStart: date("period_start", { mode: "string" }).notNull(),
    frequency: text("frequency").notNull(),
    emailId: uuid("email_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("digests_sent_membership_period_uq").on(t.membershipId, t.periodStart),
    index("digests_sent_account_cluster_idx").on(t.accountId, t.clusterId),
  ],
);

/**
 * The immediate "you got a task" e-mail, once per task and receiver (a task handed to someone else
 * later mails the new receiver once too) (docs/decisions/1102).
 */
export const taskMails = pgTable(
  "task_mails",
  {
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    receiverId: uuid("receiver_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    emailId: uuid("email_id").references(() => emailOutbox.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("task_mails_task_receiver_uq").on(t.taskId, t.receiverId),
    index("task_mails_receiver_idx").on(t.receiverId),
  ],
);
