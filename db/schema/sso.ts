import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { ssoProviders } from "./enums-sso";
import { users } from "./users";

export { ssoProviders };

/**
 * Single sign-on per account (issue 3): Microsoft Entra ID (azure, by tenant id) or SURFconext (by issuer).
 * The client secret is stored encrypted (AES-256-GCM, see docs/decisions/0421) and never shown back.
 */
export const accountSsoConfigs = pgTable(
  "account_sso_configs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ssoProviders }).notNull(),
    /** azure: the directory (tenant) id. */
    tenantId: text("tenant_id"),
    /** surfconext: the issuer URL. */
    issuer: text("issuer"),
    clientId: text("client_id").notNull(),
    clientSecretEncrypted: text("client_secret_encrypted").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("account_sso_configs_account_provider_uq").on(t.accountId, t.provider)],
);

/** A user's identity at an OpenID provider, linked once by verified e-mail and matched by (issuer, subject) after. */
export const userSsoIdentities = pgTable(
  "user_sso_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ssoProviders }).notNull(),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("user_sso_identities_issuer_subject_uq").on(t.issuer, t.subject),
    index("user_sso_identities_user_idx").on(t.userId),
  ],
);
