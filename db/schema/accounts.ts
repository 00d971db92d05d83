import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import { tenantColumns } from "./tenant-columns";

export const licenceStatuses = ["trial", "active", "expired", "cancelled"] as const;
export type LicenceStatus = (typeof licenceStatuses)[number];

export const accounts = pgTable("accounts", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  licenceStatus: text("licence_status", { enum: licenceStatuses }).notNull().default("trial"),
  licensedTeams: integer("licensed_teams").notNull().default(0),
  licensedEmployees: integer("licensed_employees").notNull().default(0),
  licenceExpiresAt: timestamp("licence_expires_at", { withTimezone: true }),
  trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
  // Company details (spec §3 account).
  address: text("address"),
  zip: text("zip"),
  city: text("city"),
  country: text("country"),
  vatNumber: text("vat_number"),
  iban: text("iban"),
  bic: text("bic"),
  chamberOfCommerce: text("chamber_of_commerce"),
  phone: text("phone"),
  invoiceDate: date("invoice_date"),
  // Retention (decision 1561): months after leaving, after a review finished, after a dialog ended; days for
  // import files. Null for review texts and dialogs: kept as long as the person is.
  retentionPeopleMonths: integer("retention_people_months").notNull().default(24),
  retentionReviewTextMonths: integer("retention_review_text_months").default(36),
  retentionDialogMonths: integer("retention_dialog_months").default(36),
  retentionImportDays: integer("retention_import_days").notNull().default(30),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const clusters = pgTable(
  "clusters",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    parentId: uuid("parent_id").references((): AnyPgColumn => clusters.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** Analytics hide groups of fewer people than this (issue 34, docs/decisions/1600): 3 at least. */
    minGroupSize: integer("min_group_size").notNull().default(5),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("clusters_account_idx").on(t.accountId),
    check("clusters_min_group_size_ck", sql`${t.minGroupSize} between 3 and 50`),
    uniqueIndex("clusters_account_name_uq")
      .on(t.accountId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** Modules bought by the account; a cluster can only switch on what is active here (spec §4). */
export const accountModules = pgTable(
  "account_modules",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    moduleKey: text("module_key").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("account_modules_pk").on(t.accountId, t.moduleKey)],
);

export const clusterModules = pgTable(
  "cluster_modules",
  {
    ...tenantColumns(),
    moduleKey: text("module_key").notNull(),
  },
  (t) => [uniqueIndex("cluster_modules_pk").on(t.clusterId, t.moduleKey)],
);
