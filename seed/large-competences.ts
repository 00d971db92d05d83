/**
 * Benchmark data for competences (issue #19 "Scale"): Groot BV's 40 positions each require 8 of the 12
 * default-book competences, and every employee with a contract has a current score on each competence
 * their position requires (every tenth also an earlier one, as history). Idempotent: nothing happens when
 * the cluster already has required levels. One `insert … select` per table.
 */
import { sql } from "drizzle-orm";
import type { Database } from "#db/client.server";

export async function seedLargeCompetences(db: Database, ids: { accountId: string; clusterId: string }) {
  const { accountId: a, clusterId: c } = ids;
  const existing = await db.execute(sql`select 1 from position_competences where cluster_id = ${c} limit 1`);
  if (existing.rows.length > 0) return false;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into position_competences (account_id, cluster_id, position_id, competence_id, required_level)
      select ${a}, ${c}, p.id, k.id, 1 + (p.n + k.n) % 5
      from (select id, row_number() over (order by name) as n from positions where cluster_id = ${c}) p
      cross join (select id, row_number() over (order by name) as n from competences where cluster_id = ${c}) k
      where (p.n + k.n) % 3 <> 0`);
    await tx.execute(sql`
      insert into competence_scores (account_id, cluster_id, membership_id, competence_id, level, given_at, superseded_at)
      select ${a}, ${c}, x.membership_id, x.competence_id, 1 + (x.n + h.back) % 5,
        now() - make_interval(days => (x.n % 60)::int + 120 * h.back),
        case when h.back = 1 then now() - make_interval(days => (x.n % 60)::int) end
      from (
        select ct.membership_id, pc.competence_id, row_number() over () as n
        from contracts ct join position_competences pc on pc.position_id = ct.position_id
        where ct.cluster_id = ${c}
      ) x
      cross join (values (0), (1)) h(back)
      where h.back = 0 or x.n % 10 = 0`);
  });
  return true;
}
