import { sql } from "drizzle-orm";
import { boolean, check, date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { memberships } from "./users";
import { tenantColumns } from "./tenant-columns";

export const taskTypes = ["task", "note"] as const;
export type TaskType = (typeof taskTypes)[number];
/** What a task can be about (spec §3 "about", the reviewable): a person, a team, a review or a dialog. */
export const taskAboutTypes = ["person", "team", "review", "dialog"] as const;
export type TaskAboutType = (typeof taskAboutTypes)[number];

/**
 * A task or a private note (spec §3 "Task and note"). A task goes from a sender to a receiver (both
 * memberships of the task's cluster; sender = receiver for a task to myself); a note has its author as
 * both and is never shown to anyone else. `about` is a loose reference (type + id), shown as a link
 * when the reader may open it; it is not a foreign key because a task outlives what it was about.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    type: text("type", { enum: taskTypes }).notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    done: boolean("done").notNull().default(false),
    doneAt: timestamp("done_at", { withTimezone: true }),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    receiverId: uuid("receiver_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    aboutType: text("about_type", { enum: taskAboutTypes }),
    aboutId: uuid("about_id"),
    dueDate: date("due_date", { mode: "string" }),
    seenAt: timestamp("seen_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tasks_receiver_idx").on(t.receiverId, t.archivedAt, t.done),
    index("tasks_sender_idx").on(t.senderId, t.archivedAt),
    index("tasks_account_cluster_idx").on(t.accountId, t.clusterId),
    // The task-mail sweep (every minute) reads only unopened open tasks: without this a scan of every task.
    index("tasks_unseen_open_idx")
      .on(t.updatedAt)
      .where(sql`${t.seenAt} is null and not ${t.done} and ${t.archivedAt} is null`),
    // A note is its author's own: never given to someone else.
    check("tasks_note_private_ck", sql`${t.type} <> 'note' or ${t.senderId} = ${t.receiverId}`),
    check("tasks_about_ck", sql`(${t.aboutType} is null) = (${t.aboutId} is null)`),
  ],
);
