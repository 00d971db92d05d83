/**
 * The import's demo data (issue #16): hr@demo.nl finds a finished spreadsheet import in Zorggroep
 * Noord's history, and its changes say what the data says now.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { clusters, importColumnMappings, memberships, teams, users } from "#db/schema";
import { loader as listLoader } from "~/routes/_app+/import+/_index";
import { loader as viewLoader } from "~/routes/_app+/import+/view.$id";
import { DEMO_IMPORT_FILE } from "../../seed/demo/import";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { context, getRequest } from "../support/http";
import { sessionCookieFor } from "../support/session";

let cookie: string;
let clusterId: string;
beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  const db = getDb();
  const [cluster] = await db.select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const [hr] = await db.select().from(users).where(eq(users.email, demoUsers.hr));
  clusterId = cluster.id;
  ({ cookie } = await sessionCookieFor({ userId: hr.id, accountId: hr.accountId, clusterId }));
}, 120_000);

const args = (path: string, params = {}) => ({ request: getRequest(path, cookie), context: context(), params });

describe("the import's demo data", () => {
  it("shows hr@demo.nl a finished spreadsheet import whose changes match the data", async () => {
    const list = (await listLoader(args("/import"))) as {
      history: { id: string; fileName: string; status: string; by: string; path: string }[];
    };
    const item = list.history.find((h) => h.fileName === DEMO_IMPORT_FILE)!;
    expect(item).toMatchObject({ status: "applied", path: `/import/view/${item.id}` });
    expect(item.by).not.toBe("");

    type View = {
      createdBy: string;
      appliedBy: string;
      counts: Record<string, number>;
      applied: Record<string, number>;
      changes: {
        meta: string;
        label: string;
        field: string | null;
        newValue: string | null;
        decision: string;
        outcome: string | null;
      }[];
    };
    const view = (await viewLoader(args(`/import/view/${item.id}`, { id: item.id }))) as unknown as View;
    expect(view.createdBy).toBe(view.appliedBy);
    expect(view.applied).toMatchObject({ created: 1, updated: 1, teams: 1 });
    const byMeta = (meta: string) => view.changes.filter((c) => c.meta === meta);
    expect(byMeta("NEW_PERSON")).toHaveLength(1);
    expect(byMeta("NOT_IN_IMPORT")).toMatchObject([{ decision: "rejected" }]);
    expect(view.counts.unchanged).toBeGreaterThan(10);

    // The new person, the new team and the changed phone are what the product has now.
    const db = getDb();
    const [joiner] = byMeta("NEW_PERSON");
    const [person] = await db
      .select({ email: users.email })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(and(eq(memberships.clusterId, clusterId), eq(users.email, joiner.newValue!)));
    expect(person).toBeDefined();
    const [team] = byMeta("NEW_TEAM");
    expect(
      await db
        .select()
        .from(teams)
        .where(and(eq(teams.clusterId, clusterId), eq(teams.name, team.label))),
    ).toHaveLength(1);
    const [phone] = byMeta("CHANGED");
    expect(phone).toMatchObject({ field: "phone", decision: "accepted", outcome: "applied" });
    expect(await db.select().from(users).where(eq(users.phone, phone.newValue!))).not.toHaveLength(0);

    // The file's columns are remembered for the next import.
    const remembered = await db
      .select()
      .from(importColumnMappings)
      .where(eq(importColumnMappings.clusterId, clusterId));
    expect(remembered.map((r) => r.field).sort()).toEqual([
      "email",
      "employeeNumber",
      "firstName",
      "lastName",
      "phone",
      "team",
    ]);
  });
});
