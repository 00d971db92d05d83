import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "#db/client.server";
import {
  accounts,
  clusters,
  criteria,
  criteriaSetCriteria,
  criteriaSets,
  memberships,
  reviews,
  reviewSubjects,
  roleAssignments,
  teams,
  users,
} from "#db/schema";
import { demoClusters, demoUsers, leiderTeams } from "../../../seed/demo-data";
import { createTeamReviewRound } from "~/features/reviews/round-create.server";
import { finishTeamReview } from "~/features/reviews/review-state.server";
import { saveEvaluation } from "~/features/reviews/review-scores.server";
import type { TenantContext } from "~/utils/tenant.server";

/**
 * Test data for team review e2e tests: a fresh round in Zorggroep Noord over the two teams of
 * leider@demo.nl, with a new visible set of two criteria per dimension, created through the real
 * service (as HR would through the wizard). Optionally scored and finished.
 */
export async function createLeaderRound(options: { name?: string; scoreAll?: number; finish?: boolean } = {}) {
  const db = getDb();
  const [cluster] = await db.select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const ids = { accountId: cluster.accountId, clusterId: cluster.id };
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const leader = await membershipOf(cluster.id, demoUsers.leider);
  const hr = await membershipOf(cluster.id, demoUsers.hr);
  const teamRows = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.clusterId, cluster.id), inArray(teams.name, [...leiderTeams]), isNull(teams.deletedAt)));
  const places = await db
    .select({ membershipId: roleAssignments.membershipId })
    .from(roleAssignments)
    .where(
      and(
        inArray(
          roleAssignments.teamId,
          teamRows.map((t) => t.id),
        ),
        eq(roleAssignments.roleKey, "team_member"),
      ),
    );
  const book = await db
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteria)
    .where(and(eq(criteria.clusterId, cluster.id), isNull(criteria.archivedAt)))
    .orderBy(asc(criteria.dimension), asc(criteria.name));
  const chosen = [1, 2, 3].flatMap((d) => book.filter((c) => c.dimension === d).slice(0, 2));
  const [set] = await db
    .insert(criteriaSets)
    .values({ ...ids, name: `E2E set ${stamp}`, flex: 1, visibleToTeamLeaders: true })
    .returning();
  await db.insert(criteriaSetCriteria).values(chosen.map((c) => ({ ...ids, setId: set.id, criterionId: c.id })));

  const hrCtx = await fakeContext(ids, hr);
  const created = await createTeamReviewRound(hrCtx, {
    name: options.name ?? `Teamreview ${stamp}`,
    deadline: "2099-12-01",
    setId: set.id,
    teamIds: teamRows.map((t) => t.id),
    tagIds: [],
    leaderMembershipIds: [leader.membershipId],
    memberMembershipIds: [...new Set(places.map((p) => p.membershipId))],
  });
  if (!created.ok) throw new Error(`round not created: ${created.code}`);
  const teamReviews = await db.select().from(reviews).where(eq(reviews.parentId, created.roundId));
  if (options.scoreAll !== undefined || options.finish) {
    const leaderCtx = await fakeContext(ids, leader);
    for (const review of teamReviews) {
      if (options.scoreAll !== undefined) {
        const subjects = await db.select().from(reviewSubjects).where(eq(reviewSubjects.reviewId, review.id));
        const scores = subjects.flatMap((s, i) =>
          chosen.map((c, j) => ({ subjectId: s.id, criterionId: c.id, score: ((options.scoreAll! + i + j) % 5) + 1 })),
        );
        const saved = await saveEvaluation(leaderCtx, review.id, { scores });
        if (!saved.ok) throw new Error(`scores not saved: ${saved.code}`);
      }
      if (options.finish) await finishTeamReview(leaderCtx, review.id);
    }
  }
  return { roundId: created.roundId, teamReviews, set, criteria: chosen };
}

async function membershipOf(clusterId: string, email: string) {
  const [row] = await getDb()
    .select({ membershipId: memberships.id, userId: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.clusterId, clusterId), eq(users.email, email)));
  return row;
}

/**
 * Enough of a tenant context for the review services, for a leader (team scope) or HR (cluster-wide), with the
 * account's real licence (creating a round checks it, decision 1700).
 */
async function fakeContext(
  ids: { accountId: string; clusterId: string },
  who: { membershipId: string; userId: string },
) {
  const [account] = await getDb().select().from(accounts).where(eq(accounts.id, ids.accountId));
  return {
    ...ids,
    account,
    membershipId: who.membershipId,
    user: { id: who.userId, isAccountAdmin: true, isSystemAdmin: false },
    roles: new Set(["cluster_admin"]),
    teamRoles: [],
    rights: new Set(["reviews.manage"]),
  } as unknown as TenantContext;
}
