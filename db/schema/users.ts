import { sql } from "drizzle-orm";
import { bigint, boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts, clusters } from "./accounts";
import { leadingNamePrefixPattern } from "../../app/utils/name-prefix";

import { genders, languages, loginTypes, membershipStatuses, updatesFrequencies } from "./enums";
import { tenantColumns } from "./tenant-columns";

export { genders, languages, loginTypes, membershipStatuses, updatesFrequencies };

/** A person who can sign in. E-mail is unique across the whole product (lookup outcome foundOtherAccount). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    /**
     * What lists sort people by: the last name without its leading lower-case prefix, in lower case
     * ("ter Vermeulen" sorts as "vermeulen", decision 1620). Kept by PostgreSQL; read it, never write it.
     */
    lastNameSort: text("last_name_sort")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(`lower(regexp_replace(last_name, '${leadingNamePrefixPattern.replace(/'/g, "''")}', ''))`),
      ),
    birthday: date("birthday"),
    gender: text("gender", { enum: genders }),
    phone: text("phone"),
    address: text("address"),
    zip: text("zip"),
    city: text("city"),
    country: text("country"),
    language: text("language", { enum: languages }).notNull().default("nl"),
    loginType: text("login_type", { enum: loginTypes }).notNull().default("email"),
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    passwordHash: text("password_hash"),
    isAccountAdmin: boolean("is_account_admin").notNull().default(false),
    isSystemAdmin: boolean("is_system_admin").notNull().default(false),
    /** Set on the first confirmed sign-in; the introduction wizard is shown until then. */
    firstLoginAt: timestamp("first_login_at", { withTimezone: true }),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    /** Set when the person's data was erased (AVG art. 17, decision 1560): the row stays for history's references. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(sql`lower(${t.email})`),
    index("users_account_idx").on(t.accountId),
    // The personnel list's default order: a page is read from this index instead of sorting the cluster (0200).
    index("users_account_name_idx").on(t.accountId, t.lastNameSort, sql`lower(${t.firstName})`, t.id),
    // The personnel search (ILIKE '%…%'), through pg_trgm (migration 0008, docs/decisions/0200).
    index("users_full_name_trgm_idx").using("gin", sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
  ],
);

/** The employee record: a user in a cluster (the spec's membershipId). */
export const memberships = pgTable(
  "memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    employeeNumber: text("employee_number"),
    status: text("status", { enum: membershipStatuses }).notNull().default("active"),
    access: boolean("access").notNull().default(false),
    invited: boolean("invited").notNull().default(false),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    updatesFrequency: text("updates_frequency", { enum: updatesFrequencies }).notNull().default("weekly"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("memberships_cluster_user_uq").on(t.clusterId, t.userId),
    index("memberships_user_idx").on(t.userId),
    index("memberships_account_cluster_idx").on(t.accountId, t.clusterId),
    // The personnel list's count per tab is an index-only scan of this (docs/performance.md).
    index("memberships_current_status_idx")
      .on(t.accountId, t.clusterId, t.status)
      .where(sql`${t.deletedAt} is null`),
    // The few deleted people: "has a live leader" checks them instead of all 100,000 (dashboard, 1920).
    index("memberships_deleted_idx")
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
    index("memberships_employee_number_trgm_idx").using("gin", sql`${t.employeeNumber} gin_trgm_ops`),
  ],
);

/**
 * A cluster's people data version (issue 34, docs/decisions/1984): raised by triggers (migration 0057) whenever
 * what HR analytics' workforce tab reads of the cluster's people changes, by any path — memberships, contracts,
 * team places, tags, positions, and the name, gender and birthday of a member. That tab keeps its answer per
 * version and recomputes only after such a change.
 */
export const peopleVersions = pgTable("people_versions", {
  clusterId: uuid("cluster_id")
    .primaryKey()
    .references(() => clusters.id, { onDelete: "cascade" }),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
