import { recordAudit } from "~/features/audit/audit.server";
import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accountSsoConfigs } from "#db/schema";
import type { SsoProvider } from "#db/schema/enums-sso";
import type { TenantContext } from "~/utils/tenant.server";
import { encryptSecret } from "./sso-crypto.server";

export type SsoConfigView = {
  provider: SsoProvider;
  tenantId: string;
  issuer: string;
  clientId: string;
  /** The secret itself never leaves the server. */
  hasSecret: boolean;
  /** Keys the form, so a save empties the secret field with JavaScript on too. */
  updatedAt: string;
};

/** The account's SSO settings for the admin page, without secrets. */
export async function getSsoConfigs(ctx: TenantContext): Promise<Record<SsoProvider, SsoConfigView | null>> {
  const rows = await getDb()
    .select({
      provider: accountSsoConfigs.provider,
      tenantId: accountSsoConfigs.tenantId,
      issuer: accountSsoConfigs.issuer,
      clientId: accountSsoConfigs.clientId,
      updatedAt: accountSsoConfigs.updatedAt,
    })
    .from(accountSsoConfigs)
    .where(eq(accountSsoConfigs.accountId, ctx.accountId));
  const view = (p: SsoProvider) => {
    const row = rows.find((r) => r.provider === p);
    return row
      ? {
          provider: p,
          tenantId: row.tenantId ?? "",
          issuer: row.issuer ?? "",
          clientId: row.clientId,
          hasSecret: true,
          updatedAt: row.updatedAt.toISOString(),
        }
      : null;
  };
  return { azure: view("azure"), surfconext: view("surfconext") };
}

export type SaveSsoInput =
  | { provider: "azure"; tenantId: string; clientId: string; clientSecret: string }
  | { provider: "surfconext"; issuer: string; clientId: string; clientSecret: string };

/** Creates or updates the account's configuration for one provider; an empty secret keeps the stored one. */
export async function saveSsoConfig(
  ctx: TenantContext,
  input: SaveSsoInput,
): Promise<{ ok: true } | { ok: false; field: "clientSecret"; errorKey: string }> {
  const db = getDb();
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: accountSsoConfigs.id })
      .from(accountSsoConfigs)
      .where(and(eq(accountSsoConfigs.accountId, ctx.accountId), eq(accountSsoConfigs.provider, input.provider)));
    if (!existing && !input.clientSecret) {
      return { ok: false as const, field: "clientSecret" as const, errorKey: "auth:ssoConfig.errors.secretRequired" };
    }
    const values = {
      tenantId: input.provider === "azure" ? input.tenantId : null,
      issuer: input.provider === "surfconext" ? input.issuer : null,
      clientId: input.clientId,
      updatedAt: new Date(),
      ...(input.clientSecret ? { clientSecretEncrypted: encryptSecret(input.clientSecret) } : {}),
    };
    if (existing) {
      await tx.update(accountSsoConfigs).set(values).where(eq(accountSsoConfigs.id, existing.id));
    } else {
      await tx.insert(accountSsoConfigs).values({
        ...values,
        accountId: ctx.accountId,
        provider: input.provider,
        clientSecretEncrypted: encryptSecret(input.clientSecret),
      });
    }
    await recordAudit(tx, {
      accountId: ctx.accountId,
      actorUserId: ctx.user.id,
      subjectType: "account",
      subjectId: ctx.accountId,
      action: `sso-config-${input.provider}`,
    });
    return { ok: true as const };
  });
}
