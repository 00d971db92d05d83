import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { getDb } from "#db/client.server";

describe("integration database", () => {
  test("is a migrated copy of the template with the seeded roles", async () => {
    const db = getDb();
    const { rows } = await db.execute<{ key: string; level: string }>(
      sql`select key, level from roles order by key, level`,
    );
    expect(rows).toHaveLength(11);
    expect(rows).toContainEqual({ key: "account_admin", level: "cluster" });
    expect(rows).toContainEqual({ key: "team_member", level: "team" });
  });

  test("belongs to this worker alone", async () => {
    const { rows } = await getDb().execute<{ name: string }>(sql`select current_database() as name`);
    expect(rows[0]?.name).toMatch(/_w\d+$/);
  });
});
