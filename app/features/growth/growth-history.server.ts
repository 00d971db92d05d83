import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { developmentRoles, type DevelopmentRoleKey } from "~/features/criteria/development-roles";
import { placedRoleOf } from "~/features/reviews/placement.server";
import type { AmbitionOwner } from "./ambitions.server";

/** One finished review of me: its round, when, my dimension averages and the development role they give. */
export type GrowthReviewRow = {
  reviewId: string;
  type: "team" | "self";
  name: string;
  teamName: string | null;
  finishedAt: string | null;
  scale: number;
  performance: number | null;
  potential: number | null;
  employability: number | null;
  /** The placement: calibrated (1610), else computed from the scores. */
  role: DevelopmentRoleKey | null;
  /** The role computed from the scores: differs from `role` when a calibration moved the person. */
  originalRole: DevelopmentRoleKey | null;
};

const roleKeyOf = (id: number | null) => developmentRoles.find((r) => r.id === id)?.key ?? null;

/**
 * My team review and self review results per round, newest first (1122): team reviews once the team review
 * is finished (the scores the leader gave me, as in my self review's comparison), self reviews once I finished
 * mine. Only my own rows of this cluster; deleted reviews are left out.
 */
export async function myReviewHistory(
  ctx: AmbitionOwner,
  types: readonly ("team" | "self")[],
  db: DbOrTx = getDb(),
): Promise<GrowthReviewRow[]> {
  if (types.length === 0) return [];
  const result = await db.execute<{
    review_id: string;
    type: "team" | "self";
    name: string;
    team_name: string | null;
    finished_at: Date | string | null;
    scale: number;
    performance: number | null;
    potential: number | null;
    employability: number | null;
    development_role: number | null;
    original_role: number | null;
  }>(sql`
    select r.id as review_id, r.type, coalesce(round.name, r.name) as name,
           coalesce(r.team_name, (select rt.team_name from review_teams rt where rt.review_id = r.id and rt.team_id = s.team_id)) as team_name,
           case when r.type = 'team' then r.finished_at else s.finished_at end as finished_at,
           r.scale, s.performance, s.potential, s.employability, ${placedRoleOf("s")} as development_role,
           s.development_role as original_role
    from review_subjects s
    join reviews r on r.id = s.review_id
    left join reviews round on round.id = r.parent_id
    where s.membership_id = ${ctx.membershipId}
      and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}
      and r.deleted_at is null
      and r.type in (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})
      and ((r.type = 'team' and r.is_finished) or (r.type = 'self' and s.finished_at is not null))
    order by 5 desc nulls last, r.created_at desc
    limit 50`);
  return result.rows.map((r) => ({
    reviewId: r.review_id,
    type: r.type,
    name: r.name,
    teamName: r.team_name,
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
    scale: r.scale,
    performance: r.performance,
    potential: r.potential,
    employability: r.employability,
    role: roleKeyOf(r.development_role),
    originalRole: roleKeyOf(r.original_role),
  }));
}
