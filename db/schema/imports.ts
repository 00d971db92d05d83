import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { bytea } from "./bytea";
import { memberships, users } from "./users";
import { tenantColumns } from "./tenant-columns";

/** Where an import is (spec §4 wizard steps); `parsing` and `comparing` are a job at work. */
export const importStatuses = ["parsing", "columns", "comparing", "review", "applied", "failed"] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** The spec's change meta values, plus those it does not name (a new person, a changed field, a contract). */
export const importChangeMetas = [
  "NO_CHANGE",
  "NEW_TEAM",
  "NOT_IN_IMPORT",
  "NEW_PERSON",
  "CHANGED",
  "NEW_CONTRACT",
] as const;
export type ImportChangeMeta = (typeof importChangeMetas)[number];

/**
 * For NOT_IN_IMPORT, accepted means "deactivate", rejected "keep" and endContract "end their running
 * contracts on the day of applying" (docs/decisions/1240); endContract is for NOT_IN_IMPORT only.
 */
export const importDecisions = ["pending", "accepted", "rejected", "endContract"] as const;
export type ImportDecision = (typeof importDecisions)[number];

export type ImportCounts = {
  rows: number;
  rowsWithErrors: number;
  newPeople: number;
  newTeams: number;
  changes: number;
  missing: number;
  unchanged: number;
  contracts?: number;
};
export type ImportAppliedCounts = {
  created: number;
  updated: number;
  deactivated: number;
  teams: number;
  contracts?: number;
  /** Current contracts brought up to date from the people's rows (decision 1621). */
  contractsUpdated?: number;
  /** NOT_IN_IMPORT with "end contract": people whose contracts were ended (1240). */
  contractsEnded?: number;
  skipped: number;
};
/** A problem of one row: the field it is about and an i18n key with its values. */
export type ImportRowError = { field: string; key: string; values?: Record<string, string> };

/** One personnel import of a cluster: who ran it, which file, where it is, what it counted. */
export const imports = pgTable(
  "imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    appliedBy: uuid("applied_by").references(() => users.id, { onDelete: "set null" }),
    source: text("source").notNull().default("excel"),
    fileName: text("file_name").notNull(),
    fileType: text("file_type", { enum: ["csv", "xlsx"] }).notNull(),
    status: text("status", { enum: importStatuses }).notNull().default("parsing"),
    errorKey: text("error_key"),
    /** The values the error message interpolates (a row number, a limit). */
    errorValues: jsonb("error_values").$type<Record<string, string | number>>().notNull().default({}),
    sheetNames: jsonb("sheet_names").$type<string[]>().notNull().default([]),
    sheet: integer("sheet").notNull().default(0),
    headers: jsonb("headers").$type<string[]>().notNull().default([]),
    /** Column index → field key (spec §4 columns step). */
    mapping: jsonb("mapping").$type<Record<string, string>>().notNull().default({}),
    rowsTotal: integer("rows_total").notNull().default(0),
    rowsDone: integer("rows_done").notNull().default(0),
    counts: jsonb("counts").$type<Partial<ImportCounts>>().notNull().default({}),
    applied: jsonb("applied").$type<Partial<ImportAppliedCounts>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** Runs of the parse stage begun for the current sheet (docs/decisions/1450). */
    parseAttempts: integer("parse_attempts").notNull().default(0),
    /** A parse run began and has not ended: seen by the next run, its worker died while parsing (1450). */
    parseRunning: boolean("parse_running").notNull().default(false),
  },
  (t) => [index("imports_cluster_created_idx").on(t.accountId, t.clusterId, t.createdAt)],
);

/** The uploaded file until the import is applied: the worker reads it from here (any machine). */
export const importFiles = pgTable("import_files", {
  importId: uuid("import_id")
    .primaryKey()
    .references(() => imports.id, { onDelete: "cascade" }),
  data: bytea("data").notNull(),
});

/** One data row of the file as read, with the problems found in it. */
export const importRows = pgTable(
  "import_rows",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    importId: uuid("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    ...tenantColumns(),
    rowNumber: integer("row_number").notNull(),
    values: jsonb("values").$type<string[]>().notNull(),
    errors: jsonb("errors").$type<ImportRowError[]>().notNull().default([]),
  },
  (t) => [index("import_rows_import_idx").on(t.importId, t.rowNumber)],
);

/** One outcome of the comparison: a person or team to add, a field old → new, a person not in the file. */
export const importChanges = pgTable(
  "import_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    importId: uuid("import_id")
      .notNull()
      .references(() => imports.id, { onDelete: "cascade" }),
    ...tenantColumns(),
    membershipId: uuid("membership_id").references(() => memberships.id, { onDelete: "set null" }),
    rowNumber: integer("row_number"),
    /** Who or what the change is about, as shown (a person's name, a team's name). */
    label: text("label").notNull(),
    meta: text("meta", { enum: importChangeMetas }).notNull(),
    field: text("field"),
    oldValue: text("old_value"),
    newValue: text("new_value"),
    /** NEW_PERSON: the row's values by field key, as applied. */
    data: jsonb("data").$type<Record<string, string>>(),
    decision: text("decision", { enum: importDecisions }).notNull().default("pending"),
    /** Set when applying: what happened (applied, or why it was skipped). */
    outcome: text("outcome"),
  },
  (t) => [
    index("import_changes_import_idx").on(t.importId, t.meta),
    // Deleting a person sets their changes' membership to null: without this a scan per person (1403).
    index("import_changes_membership_idx")
      .on(t.membershipId)
      .where(sql`${t.membershipId} is not null`),
  ],
);

/** The column mapping remembered per cluster: a header (normalised) → field key. */
export const importColumnMappings = pgTable(
  "import_column_mappings",
  {
    ...tenantColumns(),
    header: text("header").notNull(),
    field: text("field").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clusterId, t.header] })],
);
