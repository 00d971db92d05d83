import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import type { Tenant } from "~/utils/scope.server";
import type { TeamDevelopmentStep } from "./steps";

/** Whether the team has done a step, from the data the other modules keep; null: not measured. */
export type TeamProgress = Record<TeamDevelopmentStep, boolean | null>;

/**
 * A team's progress through the method (1121): active goals; a finished team review of the team; a self
 * review about the team that someone finished; development goals recorded in a team review of the team.
 * Dialogs are not measured until the dialog module offers its data. The caller checks the team is visible.
 */
export async function teamProgress(ctx: Tenant, teamId: string, db: DbOrTx = getDb()): Promise<TeamProgress> {
  const result = await db.execute<{ goals: boolean; team_review: boolean; self_reviews: boolean; follow_up: boolean }>(
    sql`select
      exists (select 1 from team_goals g where g.team_id = ${teamId} and g.archived_at is null
        and g.account_id = ${ctx.accountId} and g.cluster_id = ${ctx.clusterId}) as goals,
      exists (select 1 from reviews r where r.team_id = ${teamId} and r.type = 'team' and r.is_finished
        and r.deleted_at is null and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}) as team_review,
      exists (select 1 from review_subjects s join reviews r on r.id = s.review_id
        where r.type = 'self' and r.deleted_at is null and s.finished_at is not null
          and (s.team_id = ${teamId} or (s.team_id is null
            and exists (select 1 from review_teams rt where rt.review_id = r.id and rt.team_id = ${teamId})))
          and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}) as self_reviews,
      exists (select 1 from review_subjects s join reviews r on r.id = s.review_id
        where r.type = 'team' and r.team_id = ${teamId} and r.deleted_at is null and s.development_goal <> ''
          and r.account_id = ${ctx.accountId} and r.cluster_id = ${ctx.clusterId}) as follow_up`,
  );
  const row = result.rows[0];
  return {
    goals: row.goals,
    "team-review": row.team_review,
    "self-reviews": row.self_reviews,
    dialogs: null,
    "follow-up": row.follow_up,
  };
}
