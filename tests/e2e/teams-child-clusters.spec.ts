import { getDb } from "#db/client.server";
import { createAccount, createClusterFor, createTeam, createUserWithMembership, uniqueSuffix } from "../factories";
import { expect, signIn, test } from "./fixtures";

test(
  "HR of a parent organisation also sees the teams of the organisations below it, read-only",
  { tag: "@js-only" },
  async ({ page }) => {
    const db = getDb();
    const account = await createAccount(db);
    const parent = await createClusterFor(db, account.id, { name: `Holding ${uniqueSuffix()}` });
    const child = await createClusterFor(db, account.id, {
      name: `Locatie Noord ${uniqueSuffix()}`,
      parentId: parent.id,
    });
    await createTeam(db, { accountId: account.id, clusterId: parent.id, name: "Staf" });
    await createTeam(db, { accountId: account.id, clusterId: child.id, name: "Thuiszorg Noord" });
    const hr = await createUserWithMembership(db, {
      accountId: account.id,
      clusterId: parent.id,
      email: `hr-holding-${uniqueSuffix()}@e2e.demo.nl`,
      roles: [{ role: "cluster_admin" }],
    });

    await signIn(page, hr.user.email, { at: "/personnel/teams" });
    await expect(page.getByRole("link", { name: "Staf" })).toBeVisible();
    await expect(page.getByText("Thuiszorg Noord")).toHaveCount(0);

    await page.getByLabel("Ook teams van onderliggende organisaties tonen").check();
    await page.getByRole("button", { name: "Zoeken" }).click();
    await expect(page).toHaveURL(/scope=tree/);
    const row = page.getByRole("row", { name: /Thuiszorg Noord/ });
    await expect(row).toContainText(child.name);
    await expect(row).toContainText("alleen inzien");
    await expect(row.getByRole("link")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Staf" })).toBeVisible();
  },
);
