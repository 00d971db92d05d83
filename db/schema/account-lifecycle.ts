import { sql } from "drizzle-orm";
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { sessions } from "./auth";
import { memberships, users } from "./users";
import { tenantColumns } from "./tenant-columns";

export const userTokenPurposes = ["verify-email", "password-reset", "login-as", "email-change"] as const;
export type UserTokenPurpose = (typeof userTokenPurposes)[number];

/**
 * Single-use, expiring secrets sent by e-mail. Only a SHA-256 of the secret is stored, so a copy of
 * the database does not let anyone verify an address or reset a password.
 */
export const userTokens = pgTable(
  "user_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: userTokenPurposes }).notNull(),
    /** login-as: the system admin who asked for the token. */
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "cascade" }),
    /** email-change: the address that becomes the user's once this token is used (docs/decisions/0620). */
    newEmail: text("new_email"),
    secretHash: text("secret_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_tokens_secret_uq").on(t.secretHash), index("user_tokens_user_idx").on(t.userId, t.purpose)],
);

/** One invitation e-mail per membership at a time; uninvite voids it. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...tenantColumns(),
    membershipId: uuid("membership_id")
      .notNull()
      .references(() => memberships.id, { onDelete: "cascade" }),
    invitedByUserId: uuid("invited_by_user_id").references(() => users.id, { onDelete: "set null" }),
    secretHash: text("secret_hash").notNull(),
    /** The reminder carries its own link; the first one keeps working too. */
    reminderSecretHash: text("reminder_secret_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("invitations_secret_uq").on(t.secretHash),
    uniqueIndex("invitations_reminder_secret_uq").on(t.reminderSecretHash),
    index("invitations_membership_idx").on(t.membershipId),
    index("invitations_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.acceptedAt} is null and ${t.voidedAt} is null and ${t.remindedAt} is null`),
  ],
);

/** A user's TOTP secret (encrypted with a key derived from SESSION_SECRET), replay guard and recovery codes. */
export const userTwoFactor = pgTable("user_two_factor", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  accountId: uuid("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  secretEncrypted: text("secret_encrypted").notNull(),
  /** Null while set-up is not finished. */
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  /** The last accepted TOTP time step: a code of that step or earlier is refused (no replay). */
  lastTimeStep: bigint("last_time_step", { mode: "number" }),
  recoveryCodeHashes: text("recovery_code_hashes")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Sign-in rules an account admin sets for the whole account. */
export const accountSecuritySettings = pgTable("account_security_settings", {
  accountId: uuid("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** With module 2fa: account admins and cluster/authorisation admins must use two-factor sign-in. */
  requireTwoFactorForAdmins: boolean("require_two_factor_for_admins").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Sessions a system admin started as another user (login-as), with the admin's own session to return to. */
export const sessionImpersonations = pgTable("session_impersonations", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => sessions.id, { onDelete: "cascade" }),
  impersonatorUserId: uuid("impersonator_user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  returnSessionId: text("return_session_id"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
