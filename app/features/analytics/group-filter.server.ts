import { sql, type SQL } from "drizzle-orm";
import type { Tenant } from "~/utils/scope.server";

/**
 * The team and tag filters of the analytics pages as conditions on a membership-id column (docs/decisions/1602,
 * 1791): a team member of the team today, tagged today; `true` without the filter. One wording of each, so the
 * tabs that filter people by them agree.
 */
export function memberOfTeamSql(ctx: Tenant, team: string | null, membershipId: SQL): SQL {
  return team
    ? sql`exists (select 1 from role_assignments ra where ra.membership_id = ${membershipId} and ra.role_key = 'team_member'
        and ra.team_id = ${team} and ra.account_id = ${ctx.accountId} and ra.cluster_id = ${ctx.clusterId})`
    : sql`true`;
}

export function taggedSql(tag: string | null, membershipId: SQL): SQL {
  return tag
    ? sql`exists (select 1 from membership_tags mt where mt.membership_id = ${membershipId} and mt.tag_id = ${tag})`
    : sql`true`;
}

/** Someone with an active contract of the position running on `day` (a date expression); `true` without it. */
export function inPositionSql(position: string | null, membershipId: SQL, day: SQL): SQL {
  return position
    ? sql`exists (select 1 from contracts k where k.membership_id = ${membershipId} and k.position_id = ${position}
        and k.is_active and k.start_date <= ${day} and k.end_date >= ${day})`
    : sql`true`;
}
