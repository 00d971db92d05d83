import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/client.server";
import { userTokens } from "#db/schema";
import { cleanupJob } from "#jobs/definitions/cleanup";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";

const day = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe("cleanup job: one-time tokens", () => {
  test("deletes tokens used or expired over 7 days ago; keeps the rest", async () => {
    const db = getDb();
    const account = await createAccount(db);
    const cluster = await createClusterFor(db, account.id);
    const { user } = await createUserWithMembership(db, { accountId: account.id, clusterId: cluster.id });
    const token = (
      secretHash: string,
      purpose: "verify-email" | "password-reset" | "login-as",
      times: { expiresAt: Date; usedAt?: Date },
    ) => ({
      accountId: account.id,
      userId: user.id,
      purpose,
      secretHash,
      ...times,
    });
    await db.insert(userTokens).values([
      token("reset-used-long-ago", "password-reset", { expiresAt: ago(8 * day), usedAt: ago(8 * day) }),
      token("reset-expired-long-ago", "password-reset", { expiresAt: ago(8 * day) }),
      token("verify-expired-long-ago", "verify-email", { expiresAt: ago(10 * day) }),
      token("login-as-used-long-ago", "login-as", { expiresAt: ago(9 * day), usedAt: ago(9 * day) }),
      // Used 8 days ago but (oddly) valid until tomorrow: used counts.
      token("reset-used-valid", "password-reset", { expiresAt: new Date(Date.now() + day), usedAt: ago(8 * day) }),
      token("reset-used-recently", "password-reset", { expiresAt: ago(2 * day), usedAt: ago(2 * day) }),
      token("reset-expired-recently", "password-reset", { expiresAt: ago(6 * day) }),
      token("reset-open", "password-reset", { expiresAt: new Date(Date.now() + 60 * 60 * 1000) }),
      token("verify-open", "verify-email", { expiresAt: new Date(Date.now() + 2 * day) }),
    ]);
    const result = await cleanupJob.handler();
    expect(result).toMatchObject({ userTokens: 5 });

    const left = await db
      .select({ secretHash: userTokens.secretHash })
      .from(userTokens)
      .where(eq(userTokens.userId, user.id));
    expect(left.map((t) => t.secretHash).sort()).toEqual([
      "reset-expired-recently",
      "reset-open",
      "reset-used-recently",
      "verify-open",
    ]);

    // Running again finds nothing more.
    expect(await cleanupJob.handler()).toMatchObject({ userTokens: 0 });
  });
});
