/**
 * Issue #38's read replica (decision 1772): analytics and the personnel export read through getReadDb(), which
 * is the database at DATABASE_REPLICA_URL when that is set and the primary otherwise. The "replica" here is the
 * same database under another connection name and read-only, as a hot standby is: the test sees in
 * pg_stat_activity which connection ran the service's statement, so a service that still read the primary fails.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, getReadDb } from "#db/client.server";
import { workforceAnalytics } from "~/features/analytics/workforce.server";
import { listEmployeesForExport } from "~/features/employees/employee-list.server";
import { employeeIn, orgWorld } from "../support/org";
import { contextFor } from "../support/reviews";

let w: Awaited<ReturnType<typeof orgWorld>>;

beforeAll(async () => {
  w = await orgWorld();
  await employeeIn(w, "Eerste");
  await employeeIn(w, "Tweede");
});

afterAll(async () => {
  delete process.env.DATABASE_REPLICA_URL;
  await closeDb();
});

function replicaUrl(): string {
  const url = new URL(process.env.DATABASE_URL!);
  url.searchParams.set("application_name", "replica-check");
  url.searchParams.set("options", "-c default_transaction_read_only=on");
  return url.toString();
}

/** The last statement of each connection named replica-check, read on the primary's pool. */
const replicaStatements = async () =>
  (
    await getDb().execute<{ query: string }>(
      sql`select query from pg_stat_activity where application_name = 'replica-check' and datname = current_database()`,
    )
  ).rows.map((row) => row.query);

describe("reads for analytics and exports", () => {
  it("go to DATABASE_REPLICA_URL when it is set, to the primary when not", async () => {
    const ctx = await contextFor(w.cookie);
    const today = new Date().toISOString().slice(0, 10);
    delete process.env.DATABASE_REPLICA_URL;
    expect(getReadDb()).toBe(getDb());
    expect((await listEmployeesForExport(ctx, { tab: "active" })).rows).toHaveLength(3);
    expect(await replicaStatements()).toEqual([]);

    process.env.DATABASE_REPLICA_URL = replicaUrl();
    expect(getReadDb()).not.toBe(getDb());
    const { rows } = await listEmployeesForExport(ctx, { tab: "active" });
    expect(rows.map((r) => r.lastName).sort()).toEqual(["Eerste", "Tweede", w.admin.user.lastName].sort());
    expect((await replicaStatements()).join("\n")).toMatch(/from memberships m join users u/);
    expect((await workforceAnalytics(ctx, today)).active).toBe(3);
    expect((await replicaStatements()).join("\n")).toMatch(/with scoped as/);
    // The replica is read-only: a write through it is refused, as a standby refuses it.
    await expect(getReadDb().execute(sql`update memberships set access = access`)).rejects.toThrow();

    delete process.env.DATABASE_REPLICA_URL;
    expect(getReadDb()).toBe(getDb());
  });
});
