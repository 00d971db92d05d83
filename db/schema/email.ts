import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { languages } from "./users";

export const emailStatuses = ["pending", "sent", "failed"] as const;

/**
 * Outbox of e-mails. A feature writes a row in its own transaction and enqueues a job with
 * the row's id; the job renders the template in the recipient's language and sends it once.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    template: text("template").notNull(),
    locale: text("locale", { enum: languages }).notNull(),
    props: jsonb("props").notNull().default({}),
    status: text("status", { enum: emailStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    messageId: text("message_id"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /**
     * A delivery's claim on a pending row, held while it renders and sends without a transaction open
     * (docs/decisions/1264); another delivery skips the row until it is cleared or has passed.
     */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /**
     * Who holds the claim: a send-email job's id, so that the same job retried after its worker died takes
     * its own claim over at once instead of waiting for it to lapse (docs/decisions/1267).
     */
    claimedBy: uuid("claimed_by"),
  },
  (t) => [index("email_outbox_status_idx").on(t.status, t.createdAt)],
);
