import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea } from "./bytea";
import { tenantColumns } from "./tenant-columns";
import { users } from "./users";

export const personalDataExportStatuses = ["pending", "running", "ready", "failed"] as const;
export type PersonalDataExportStatus = (typeof personalDataExportStatuses)[number];

/**
 * A request for one person's data (issue 35, decisions 1740 and 1965): made by the person or an account admin in
 * a cluster (whose peer results the export carries), written by the `personal-data-export` job into
 * personal_data_export_files, downloadable until `expires_at`. Holds ids and dates only, never the data itself;
 * deleted when the person is erased, and by the cleanup job after expiry.
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
    /**
     * Unused since decision 1965 (the files are rows of personal_data_export_files): was the folder under
     * DATA_DIR. Left for the release before, whose web processes still read it during a rolling deploy; drop it
     * in the next release's migration ("expand, then contract", docs/deploy.md).
     */
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

export const personalDataExportFormats = ["json", "xlsx"] as const;
export type PersonalDataExportFormat = (typeof personalDataExportFormats)[number];

/**
 * An export's files (decision 1965): one row per format with the bytes, written by the job in the transaction
 * that marks the request ready, streamed by any web process, deleted by the cleanup when the link expires (and
 * with the request: erasure, the cleanup's later removal of the row, the account's deletion). In PostgreSQL, not
 * on a disk, so that web and worker processes on different machines see the same files.
 */
export const personalDataExportFiles = pgTable(
  "personal_data_export_files",
  {
    exportId: uuid("export_id")
      .notNull()
      .references(() => personalDataExports.id, { onDelete: "cascade" }),
    ...tenantColumns(),
    format: text("format", { enum: personalDataExportFormats }).notNull(),
    content: bytea("content").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.format] })],
);
