import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { executePrepared, getDb, MAX_PREPARED_SHAPES, transactionClient } from "#db/client.server";

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
    expect(rows[0]?.name).toMatch(/_w\d+_[0-9a-f]{8}$/);
  });

  test("runs hot queries as statements prepared per shape, and past the cap unnamed", async () => {
    // Awaited one after another, the queries run on the same pooled connection (pg-pool reuses the last idle one).
    const preparedHere = async () =>
      (
        await executePrepared<{ n: number }>(
          sql`select count(*)::int as n from pg_prepared_statements where name like 'q\_%'`,
        )
      )[0]!.n;
    const before = await preparedHere();
    for (const key of ["account_admin", "team_member", "account_admin"]) {
      const rows = await executePrepared<{ key: string }>(sql`select key from roles where key = ${key} limit 1`);
      expect(rows).toEqual([{ key }]);
    }
    // One new statement for the three calls of that shape (the counting query prepared itself before).
    expect(await preparedHere()).toBe(before + 1);
    for (let i = 0; i < MAX_PREPARED_SHAPES + 5; i++) {
      const rows = await executePrepared<{ n: number }>(sql`select ${i}::int as n ${sql.raw(`/* shape ${i} */`)}`);
      expect(rows).toEqual([{ n: i }]);
    }
    expect(await preparedHere()).toBeLessThanOrEqual(MAX_PREPARED_SHAPES);
  });

  // Drizzle-internal (decision 1991): fails when an upgrade of drizzle-orm moves a transaction's client.
  test("reaches a transaction's own connection, which sees the transaction's uncommitted writes", async () => {
    await getDb().transaction(async (tx) => {
      await tx.execute(sql`create temporary table transaction_client_1991 (n int) on commit drop`);
      await tx.execute(sql`insert into transaction_client_1991 values (1991)`);
      const client = transactionClient(tx);
      expect((await client.query("select n from transaction_client_1991")).rows).toEqual([{ n: 1991 }]);
      const xact = "select pg_current_xact_id()::text as id";
      expect((await client.query(xact)).rows).toEqual((await tx.execute(sql.raw(xact))).rows);
    });
  });
});
