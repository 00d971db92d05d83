import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { accountSsoConfigs } from "#db/schema";
import { decryptSecret } from "~/features/auth/sso-crypto.server";
import { action, loader } from "~/routes/_app+/account+/settings_.sso";
import { context, getRequest, run, unwrapData } from "../support/http";
import { orgWorld, postForm } from "../support/org";

const TENANT = "7f0c1d2e-1111-4222-8333-944455556666";

async function post(fields: Record<string, string>, cookie: string) {
  return run(() =>
    action({ request: postForm("/account/settings/sso", fields, cookie), context: context(), params: {} }),
  );
}

async function configsOf(cookie: string) {
  const result = (await run(() =>
    loader({ request: getRequest("/account/settings/sso", cookie), context: context(), params: {} }),
  )) as Awaited<ReturnType<typeof loader>>;
  return result.configs;
}

describe("SSO configuration by the account admin", () => {
  it("saves Entra and SURFconext settings with the secret encrypted and never shown back", async () => {
    const world = await orgWorld({ accountAdmin: true });
    const saved = (await post(
      { intent: "azure", tenantId: TENANT, clientId: "app-1", clientSecret: "top-secret" },
      world.cookie,
    )) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/account/settings/sso");
    const [row] = await getDb()
      .select()
      .from(accountSsoConfigs)
      .where(eq(accountSsoConfigs.accountId, world.account.id));
    expect(row.clientSecretEncrypted).not.toContain("top-secret");
    expect(decryptSecret(row.clientSecretEncrypted)).toBe("top-secret");

    // An empty secret keeps the stored one.
    await post({ intent: "azure", tenantId: TENANT, clientId: "app-2", clientSecret: "" }, world.cookie);
    const [again] = await getDb().select().from(accountSsoConfigs).where(eq(accountSsoConfigs.id, row.id));
    expect(again.clientId).toBe("app-2");
    expect(decryptSecret(again.clientSecretEncrypted)).toBe("top-secret");

    await post(
      { intent: "surfconext", issuer: "https://connect.surfconext.nl", clientId: "surf", clientSecret: "s" },
      world.cookie,
    );
    const configs = await configsOf(world.cookie);
    expect(configs.azure).toMatchObject({
      provider: "azure",
      tenantId: TENANT,
      issuer: "",
      clientId: "app-2",
      hasSecret: true,
    });
    expect(configs.surfconext?.issuer).toBe("https://connect.surfconext.nl");
    expect(JSON.stringify(configs)).not.toContain("top-secret");
  });

  it("answers bad input with field errors, keeps what was typed except the secret, and asks a first secret", async () => {
    const world = await orgWorld({ accountAdmin: true });
    const bad = unwrapData(
      await post(
        { intent: "surfconext", issuer: "http://not-https.example", clientId: "", clientSecret: "x" },
        world.cookie,
      ),
    );
    expect(bad.status).toBe(400);
    const reply = bad.data as { error: Record<string, string[]>; initialValue: Record<string, string> };
    expect(reply.error.issuer).toEqual(["auth:ssoConfig.errors.issuerInvalid"]);
    expect(reply.error.clientId).toEqual(["auth:ssoConfig.errors.clientIdRequired"]);
    expect(reply.initialValue.issuer).toBe("http://not-https.example");
    expect(reply.initialValue.clientSecret).toBeUndefined();

    const noSecret = unwrapData(await post({ intent: "azure", tenantId: "not-a-guid", clientId: "a" }, world.cookie));
    expect((noSecret.data as { error: Record<string, string[]> }).error.tenantId).toEqual([
      "auth:ssoConfig.errors.tenantIdInvalid",
    ]);
    const first = unwrapData(await post({ intent: "azure", tenantId: TENANT, clientId: "a" }, world.cookie));
    expect((first.data as { error: Record<string, string[]> }).error.clientSecret).toEqual([
      "auth:ssoConfig.errors.secretRequired",
    ]);
    expect(
      await getDb().select().from(accountSsoConfigs).where(eq(accountSsoConfigs.accountId, world.account.id)),
    ).toHaveLength(0);
  });

  it("is for the account admin only and shows each account only its own settings", async () => {
    const other = await orgWorld({ accountAdmin: true });
    await post({ intent: "azure", tenantId: TENANT, clientId: "other-app", clientSecret: "x" }, other.cookie);
    const mine = await orgWorld({ accountAdmin: true });
    expect(await configsOf(mine.cookie)).toEqual({ azure: null, surfconext: null });

    const notAdmin = await orgWorld({ accountAdmin: false });
    const denied = await run(() =>
      loader({ request: getRequest("/account/settings/sso", notAdmin.cookie), context: context(), params: {} }),
    );
    expect(denied).toBeInstanceOf(Response);
    expect((denied as Response).headers.get("Location")).toBe("/dashboard");
    const refused = await post(
      { intent: "azure", tenantId: TENANT, clientId: "x", clientSecret: "x" },
      notAdmin.cookie,
    );
    expect((refused as Response).headers.get("Location")).toBe("/dashboard");
    expect(
      await getDb().select().from(accountSsoConfigs).where(eq(accountSsoConfigs.accountId, notAdmin.account.id)),
    ).toHaveLength(0);
  });
});
