import { sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import type { Tenant } from "~/utils/scope.server";
import type { TeamDevelopmentStep } from "./steps";

/** Whether the team has done a step, from the data the other modules keep; null: not measured. */
export type TeamProgress = Record<TeamDevelopmentStep, boolean | null>;

/** The dialog step in numbers: active team members, those with a dialog (started or finished), finished ones. */
export type TeamDialogProgress = { members: number; withDialog: number; finished: number };

/**
 * How far a team is with its dialogs (docs/decisions/1343): of the team's active members (team_member), how
 * many have a started or finished dialog about them, and how many a finished one. Counts only, no names.
 */
export async function teamDialogProgress(ctx: Tenant, teamId: string, db: DbOrTx = getDb()) {
  const result = await db.execute<{ members: number; with_dialog: number; finished: number }>(
    sql`select count(*)::int as members,
      count(*) filter (where exists (select 1 from dialogs d where d.membership_id = m.id
        and d.state in ('started', 'finished') and d.account_id = ${ctx.accountId}
        and d.cluster_id = ${ctx.clusterId}))::int as with_dialog,
      count(*) filter (where exists (select 1 from dialogs d where d.membership_id = m.id
        and d.state = 'finished' and d.account_id = ${ctx.accountId}
        and d.cluster_id = ${ctx.clusterId}))::int as finished
    from memberships m
    where m.account_id = ${ctx.accountId} and m.cluster_id = ${ctx.clusterId}
      and m.deleted_at is null and m.status = 'active'
      and exists (select 1 from role_assignments ra where ra.membership_id = m.id
        and ra.team_id = ${teamId} and ra.role_key = 'team_member')`,
  );
  const row = result.rows[0];
  return { members: row.members, withDialog: row.with_dialog, finished: row.finished } satisfies TeamDialogProgress;
}

/**
 * A team's progress through the method (1121): active goals; a finished team review of the team; a self
 * review about the team that someone finished; development goals recorded in a team review of the team.
 * Dialogs (with `dialogs`, the team's dialog progress; module dialog): every active member has a dialog;
 * without the module not measured (null). The caller checks the team is visible.
 */
export async function teamProgress(
  ctx: Tenant,
  teamId: string,
  dialogs: TeamDialogProgress | null = null,
  db: DbOrTx = getDb(),
): Promise<TeamProgress> {
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
    dialogs: dialogs ? dialogs.members > 0 && dialogs.withDialog === dialogs.members : null,
    "follow-up": row.follow_up,
  };
}
