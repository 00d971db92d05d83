import { sql, type SQL } from "drizzle-orm";
import type { Tenant } from "~/utils/scope.server";
import { inTeamScope, type TeamScope } from "~/utils/team-scope.server";
import { SEVERAL_TEAMS } from "./small-groups";

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

/**
 * The team rows of a view without its team filter (docs/decisions/1990): `people` is a relation of the view's
 * people (`id` a membership id, `in_tag`, `in_position` as the view's other filters match), counted per team they
 * are a team member of (the team filter's rule) — null for the people in no team, and `SEVERAL_TEAMS` once for
 * those in several — as `FilterRow`s (`team_id`, `in_tag`, `in_position`, `n`) for `filteredGroup`'s team sibling
 * suppression. Only the scope's teams count (a team leader cannot open the others; people only in those are the
 * remainder). One join of the people to their team places, grouped twice: no lookup per person or team.
 */
export function teamRowsSql(scope: TeamScope, people: SQL): SQL {
  // The people are one cluster's memberships, so their team places are too: no tenant condition needed here.
  // Grouped by the uuid, cast after: hashing 10,000 uuids costs a quarter less than their text.
  return sql`
    with places as (
      select p.id, p.in_tag, p.in_position, ra.team_id
      from (${people}) p left join role_assignments ra on ra.membership_id = p.id and ra.role_key = 'team_member'
        and ${inTeamScope(scope, sql`ra.team_id`) ?? sql`true`}
    )
    select team_id::text, in_tag, in_position, count(*)::int as n from places group by team_id, in_tag, in_position
    union all
    select ${SEVERAL_TEAMS}::text, in_tag, in_position, count(*)::int from (
      select id, in_tag, in_position from places where team_id is not null group by 1, 2, 3 having count(*) > 1
    ) several
    group by 2, 3`;
}
