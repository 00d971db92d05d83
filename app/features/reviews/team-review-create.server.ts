import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { membershipTags, memberships, roleAssignments, tags, teams, users } from "#db/schema";
import { listSets } from "~/features/criteria/criteria-sets.server";
import { listTagOptions } from "~/features/tags/tags.server";
import { parseDate, toIsoDate } from "~/utils/dates";
import { can, type TenantContext } from "~/utils/tenant.server";
import { todayInAmsterdam } from "./team-review-create.schema";
import { notFound, requireIdsInScope } from "~/utils/scope.server";
import { createTeamReviewRound, reviewScope } from "./team-reviews.server";

export type Person = { membershipId: string; name: string; teamId: string; teamName: string };

/**
 * The teams ctx may create a round for: every team of the cluster for cluster-wide reviewers, only the
 * teams they lead for a team leader (docs/decisions/0502).
 */
export async function creatableTeams(ctx: TenantContext, options: { upTo?: number } = {}) {
  const scope = reviewScope(ctx);
  if (!scope.all && scope.teamIds.length === 0) return [];
  const query = getDb()
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(
      and(
        eq(teams.accountId, ctx.accountId),
        eq(teams.clusterId, ctx.clusterId),
        isNull(teams.deletedAt),
        scope.all ? undefined : inArray(teams.id, scope.teamIds),
      ),
    )
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
async function requireCreatableTeams(ctx: TenantContext, teamIds: string[]) {
  const allowed = new Map((await creatableTeams(ctx)).map((t) => [t.id, t]));
  if (teamIds.some((id) => !allowed.has(id))) notFound();
  return [...new Set(teamIds)].map((id) => allowed.get(id)!);
}

/**
 * The wizard's second step: the leaders (team_admin with access, active, not deleted) and members
 * (team_member, active, not deleted; with tags chosen, only those with at least one of them) of the
 * chosen teams. A person in several teams appears once per team.
 */
export async function teamReviewCandidates(ctx: TenantContext, input: { teamIds: string[]; tagIds: string[] }) {
  const chosen = await requireCreatableTeams(ctx, input.teamIds);
  const tagIds = await requireIdsInScope(getDb(), tags, input.tagIds, ctx, eq(tags.kind, "personnel"));
  if (chosen.length === 0) return { leaders: [] as Person[], members: [] as Person[] };
  const rows = await getDb()
    .select({
      membershipId: memberships.id,
      teamId: roleAssignments.teamId,
      role: roleAssignments.roleKey,
      access: memberships.access,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(roleAssignments)
    .innerJoin(memberships, eq(memberships.id, roleAssignments.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(roleAssignments.accountId, ctx.accountId),
        eq(roleAssignments.clusterId, ctx.clusterId),
        inArray(
          roleAssignments.teamId,
          chosen.map((t) => t.id),
        ),
        inArray(roleAssignments.roleKey, ["team_admin", "team_member"]),
        eq(memberships.status, "active"),
        isNull(memberships.deletedAt),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`));
  const tagged = tagIds.length
    ? new Set(
        (
          await getDb()
            .select({ membershipId: membershipTags.membershipId })
            .from(membershipTags)
            .where(and(eq(membershipTags.clusterId, ctx.clusterId), inArray(membershipTags.tagId, tagIds)))
        ).map((r) => r.membershipId),
      )
    : null;
  const teamName = new Map(chosen.map((t) => [t.id, t.name]));
  const person = (r: (typeof rows)[number]): Person => ({
    membershipId: r.membershipId,
    name: `${r.firstName} ${r.lastName}`.trim(),
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

export type CreateTeamReviewInput = {
  name: string;
  /** dd-MM-yyyy, as typed. */
  deadline: string;
  teamIds: string[];
  tagIds: string[];
  setId: string | null;
  leaderIds: string[];
  memberIds: string[];
};

export type CreateTeamReviewResult =
  | { ok: true; roundId: string; setId: string }
  | {
      ok: false;
      field: "name" | "deadline" | "teamIds" | "setId" | "leaderIds" | "memberIds" | null;
      code: "noLeaders" | "noMembers" | "setRequired" | "deadlinePast" | "date" | "failed";
    };

/**
 * Creates a round from the wizard or the API: checks the creator's teams, tags and set, keeps only
 * the chosen people who are candidates, then hands over to createTeamReviewRound (one transaction).
 */
export async function createTeamReview(
  ctx: TenantContext,
  input: CreateTeamReviewInput,
  now: Date = new Date(),
): Promise<CreateTeamReviewResult> {
  const date = parseDate(input.deadline);
  if (!date) return { ok: false, field: "deadline", code: "date" };
  const deadline = toIsoDate(date);
  if (deadline < todayInAmsterdam(now)) return { ok: false, field: "deadline", code: "deadlinePast" };
  if (!input.setId || !(await usableSets(ctx)).some((s) => s.id === input.setId))
    return { ok: false, field: "setId", code: "setRequired" };
  const candidates = await teamReviewCandidates(ctx, { teamIds: input.teamIds, tagIds: input.tagIds });
  const leaderIds = new Set(input.leaderIds);
  const memberIds = new Set(input.memberIds);
  const leaders = candidates.leaders.filter((p) => leaderIds.has(p.membershipId));
  const members = candidates.members.filter((p) => memberIds.has(p.membershipId));
  if (leaders.length === 0) return { ok: false, field: null, code: "noLeaders" };
  if (members.length === 0) return { ok: false, field: "memberIds", code: "noMembers" };
  try {
    const result = await createTeamReviewRound(ctx, {
      name: input.name.trim(),
      deadline,
      setId: input.setId,
      teamIds: [...new Set(input.teamIds)],
      tagIds: [...new Set(input.tagIds)],
      leaderMembershipIds: [...new Set(leaders.map((p) => p.membershipId))],
      memberMembershipIds: [...new Set(members.map((p) => p.membershipId))],
    });
    if (!result.ok) return { ok: false, field: result.code === "noMembers" ? "memberIds" : null, code: result.code };
    return { ok: true, roundId: result.roundId, setId: input.setId };
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error("[team-review-create] creating a round failed", error);
    return { ok: false, field: null, code: "failed" };
  }
}
