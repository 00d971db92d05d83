import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";

/**
 * Runs `body` while `table` (schema-qualified if need be: `pgboss.job`) refuses `op` on the rows `when` matches (a plpgsql condition on old/new): a trigger
 * raising stands in for a write failure nobody foresaw (a constraint, a lost race) (decisions 1703, 1840); answers what `body` answers.
 */
export async function refusing<T>(
  table: string,
  op: "insert" | "update" | "delete",
  when: string,
  body: () => Promise<T>,
): Promise<T> {
  const name = `refuse_${table.replace(/\W/g, "_")}_${op}_${Math.floor(Math.random() * 1e9)}`;
  const row = op === "delete" ? "old" : "new";
  await getDb().execute(
    sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
      begin if ${when} then raise exception 'refused'; end if; return ${row}; end $$;
      create trigger ${name} before ${op} on ${table} for each row execute function ${name}()`),
  );
  try {
    return await body();
  } finally {
    await getDb().execute(sql.raw(`drop trigger ${name} on ${table}; drop function ${name}()`));
  }
}
