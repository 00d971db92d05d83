import { sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import type { Dimension } from "~/features/criteria/scales";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * Criteria analytics (docs/decisions/1409): per criterion of a dimension, how the people were scored in the
 * finished team reviews of a period. Reviews keep the scale they were made with, so each score counts as
 * its place on its own scale (0 % lowest level, 100 % highest; as the development-role thresholds do);
 * not-rated (0) is counted apart. Weakest criteria first: where development is needed.
 */

export type CriterionAnalytics = {
  id: string;
  name: string;
  archived: boolean;
  scored: number;
  notRated: number;
  averagePercent: number | null;
  rounds: number;
};

export async function criteriaAnalytics(ctx: TenantContext, dimension: Dimension, since: string | null) {
  const { rows } = await getDb().execute<{
    id: string;
    name: string;
    archived: boolean;
    scored: number;
    not_rated: number;
    average: number | null;
    rounds: number;
  }>(sql`
    select c.id, c.name, c.archived_at is not null as archived,
      (count(*) filter (where sc.score > 0))::int as scored,
      (count(*) filter (where sc.score = 0))::int as not_rated,
      avg((sc.score - 1)::float8 / greatest(r.scale - 1, 1) * 100) filter (where sc.score > 0) as average,
      count(distinct coalesce(r.parent_id, r.id))::int as rounds
    from review_scores sc
    join reviews r on r.id = sc.review_id
    join criteria c on c.id = sc.criterion_id and c.account_id = ${ctx.accountId} and c.cluster_id = ${ctx.clusterId}
    where r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId} and r.type = 'team'
      and r.is_finished and r.deleted_at is null and sc.dimension = ${dimension}
      ${since ? sql`and r.finished_at >= ${since}::date` : sql``}
    group by c.id, c.name, c.archived_at
    order by average asc nulls last, lower(c.name), c.id`);
  const criteria: CriterionAnalytics[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    archived: r.archived,
    scored: r.scored,
    notRated: r.not_rated,
    averagePercent: r.average === null ? null : Number(r.average),
    rounds: r.rounds,
  }));
  const scored = criteria.reduce((sum, c) => sum + c.scored, 0);
  const weighted = criteria.reduce((sum, c) => sum + (c.averagePercent ?? 0) * c.scored, 0);
  return { criteria, averagePercent: scored > 0 ? weighted / scored : null };
}

export type CriteriaAnalytics = Awaited<ReturnType<typeof criteriaAnalytics>>;
