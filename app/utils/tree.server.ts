import { sql } from "drizzle-orm";
import type { DbOrTx } from "#db/client.server";

/**
 * Whether `candidateId` is `selfId` or one of its descendants in a tree table (rows with `parent_id`):
 * such a row may not become the parent of `selfId`, or the tree would have a cycle.
 */
export async function isSelfOrBelow(
  db: DbOrTx,
  table: "clusters" | "positions",
  selfId: string,
  candidateId: string,
): Promise<boolean> {
  const tree = sql.identifier(table);
  const result = await db.execute(sql`
    with recursive below as (
      select id from ${tree} where id = ${selfId}
      union all
      select t.id from ${tree} t join below b on t.parent_id = b.id
    ) select id from below where id = ${candidateId} limit 1`);
  return result.rows.length > 0;
}
