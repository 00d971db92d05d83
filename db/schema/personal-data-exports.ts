import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { tenantColumns } from "./tenant-columns";
import { users } from "./users";

export const personalDataExportStatuses = ["pending", "running", "ready", "failed"] as const;
export type PersonalDataExportStatus = (typeof personalDataExportStatuses)[number];

/**
 * A request for one person's data (issue 35, decision 1740): made by the person or an account admin in a
 * cluster (whose peer results the export carries), written by the `personal-data-export` job into files under
 * DATA_DIR, downloadable until `expires_at`. Holds ids and dates only, never the data itself; deleted when the
 * person is erased, and by the cleanup job after expiry.
 */
export const personalDataExports = pgTable(
  "personal_data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    /** Whose data. */
    personId: uuid("person_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Who asked: the person themselves or an account admin; only they and the account admins download it. */
    requestedBy: uuid("requested_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: personalDataExportStatuses }).notNull().default("pending"),
    /** 0–100, written by the job while it reads the tables. */
    progress: integer("progress").notNull().default(0),
    /** The folder of the files, relative to DATA_DIR; null until ready and again once the files are removed. */
    fileLocation: text("file_location"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Until when the download link works; after it the link answers 410 and the cleanup removes the files. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("personal_data_exports_person_idx").on(t.accountId, t.personId),
    index("personal_data_exports_expires_idx").on(t.expiresAt),
  ],
);
