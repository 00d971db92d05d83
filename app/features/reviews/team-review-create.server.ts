import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb, type DbOrTx } from "#db/client.server";
import { membershipTags, tags, teams } from "#db/schema";
import { listSets } from "~/features/criteria/criteria-sets.server";
import { listTagOptions } from "~/features/tags/tags.server";
import { can, type TenantContext } from "~/utils/tenant.server";
import { inCluster, notFound, requireIdsInScope } from "~/utils/scope.server";
import { coversNoTeam, inTeamScope } from "~/utils/team-scope.server";
import { reviewScope } from "./review-access.server";
import { personName } from "~/utils/person-name";
import { teamPlaces } from "~/features/teams/team-places.server";

export type Person = { membershipId: string; name: string; teamId: string; teamName: string };

/**
 * The teams ctx may create a round for: every team of the cluster for cluster-wide reviewers, only the
 * teams they lead for a team leader (docs/decisions/0502).
 */
export async function creatableTeams(ctx: TenantContext, options: { upTo?: number } = {}, db: DbOrTx = getDb()) {
  const scope = reviewScope(ctx);
  if (coversNoTeam(scope)) return [];
  const query = db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(inCluster(teams, ctx), isNull(teams.deletedAt), inTeamScope(scope, teams.id)))
    .orderBy(asc(sql`lower(${teams.name})`));
  return options.upTo === undefined ? query : query.limit(options.upTo);
}

/** Sets the creator may use: active and not archived (team leaders only those visible to them). */
export async function usableSets(ctx: TenantContext) {
  const sets = await listSets(ctx);
  return sets.filter((s) => s.isActive).map((s) => ({ id: s.id, name: s.name }));
}

/** What the wizard's first step offers. */
export async function wizardOptions(ctx: TenantContext) {
  const [teamRows, tagRows, sets] = await Promise.all([creatableTeams(ctx), listTagOptions(ctx), usableSets(ctx)]);
  return {
    teams: teamRows,
    tags: tagRows.map((t) => ({ id: t.id, name: t.name })),
    sets,
    mayManageSets: can(ctx, "sets.manage"),
  };
}

/** Every id must be a team ctx may pick; anything else (another cluster, another leader's team) is a 404. */
async function requireCreatableTeams(ctx: TenantContext, teamIds: string[], db: DbOrTx) {
  const allowed = new Map((await creatableTeams(ctx, {}, db)).map((t) => [t.id, t]));
  if (teamIds.some((id) => !allowed.has(id))) notFound();
  return [...new Set(teamIds)].map((id) => allowed.get(id)!);
}

/**
 * The wizard's second step: the leaders (team_admin with access, active, not deleted) and members
 * (team_member, active, not deleted; with tags chosen, only those with at least one of them) of the
 * chosen teams. A person in several teams appears once per team.
 */
export async function teamReviewCandidates(
  ctx: TenantContext,
  input: { teamIds: string[]; tagIds: string[] },
  db: DbOrTx = getDb(),
) {
  const chosen = await requireCreatableTeams(ctx, input.teamIds, db);
  const tagIds = await requireIdsInScope(db, tags, input.tagIds, ctx, eq(tags.kind, "personnel"));
  if (chosen.length === 0) return { leaders: [] as Person[], members: [] as Person[] };
  const rows = await teamPlaces(
    ctx,
    chosen.map((t) => t.id),
    db,
  );
  const tagged = tagIds.length
    ? new Set(
        (
          await db
            .select({ membershipId: membershipTags.membershipId })
            .from(membershipTags)
            .where(and(eq(membershipTags.clusterId, ctx.clusterId), inArray(membershipTags.tagId, tagIds)))
        ).map((r) => r.membershipId),
      )
    : null;
  const teamName = new Map(chosen.map((t) => [t.id, t.name]));
  const person = (r: (typeof rows)[number]): Person => ({
    membershipId: r.membershipId,
    name: personName(r.firstName, r.lastName),
    teamId: r.teamId!,
    teamName: teamName.get(r.teamId!) ?? "",
  });
  const byTeam = (a: Person, b: Person) => a.teamName.localeCompare(b.teamName, "nl");
  return {
    leaders: rows
      .filter((r) => r.role === "team_admin" && r.access)
      .map(person)
      .sort(byTeam),
    members: rows
      .filter((r) => r.role === "team_member" && (!tagged || tagged.has(r.membershipId)))
      .map(person)
      .sort(byTeam),
  };
}
