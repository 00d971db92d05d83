import { and, asc, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import {
  criteria,
  criteriaSetCriteria,
  criteriaSets,
  reviewCriteria,
  reviews,
  reviewScores,
  reviewSubjects,
  reviewTeamStats,
} from "#db/schema";
import { createPeerReview } from "~/features/peer-reviews/peer-review-create.server";
import { finishTeamReview } from "~/features/reviews/review-state.server";
import { saveEvaluation } from "~/features/reviews/review-scores.server";
import { createTeamReviewRound } from "~/features/reviews/round-create.server";
import { requireUser, type TenantContext } from "~/utils/tenant.server";
import { createAccount, createClusterFor, createTeam, createUserWithMembership, uniqueSuffix } from "../factories";
import { getRequest } from "./http";
import { sessionCookieFor } from "./session";

/** The tenant context a signed-in request would get, for calling services directly. */
export async function contextFor(cookie: string): Promise<TenantContext> {
  return requireUser(getRequest("/dashboard", cookie));
}

async function person(
  world: { accountId: string; clusterId: string },
  lastName: string,
  roles: Parameters<typeof createUserWithMembership>[1]["roles"],
) {
  const created = await createUserWithMembership(getDb(), { ...world, lastName, roles });
  const { cookie } = await sessionCookieFor({ userId: created.user.id, ...world });
  return { ...created, cookie };
}

/**
 * An account with one cluster, two teams (Alfa led by `leader` with three members, Beta led by
 * `otherLeader` with one member), HR (cluster admin), a criteria set of two criteria per dimension
 * and an open round over both teams.
 */
export async function reviewWorld() {
  const db = getDb();
  const account = await createAccount(db);
  const cluster = await createClusterFor(db, account.id);
  const ids = { accountId: account.id, clusterId: cluster.id };
  const alfa = await createTeam(db, { ...ids, name: `Alfa ${uniqueSuffix()}` });
  const beta = await createTeam(db, { ...ids, name: `Beta ${uniqueSuffix()}` });
  const hr = await person(ids, "Hr", [{ role: "cluster_admin" }]);
  const leader = await person(ids, "Leider", [{ role: "team_admin", teamId: alfa.id }]);
  const otherLeader = await person(ids, "Anderleider", [{ role: "team_admin", teamId: beta.id }]);
  const members = [];
  for (const name of ["Aalders", "Bakker", "Claes"])
    members.push(await person(ids, name, [{ role: "team_member", teamId: alfa.id }]));
  const betaMember = await person(ids, "Dekker", [{ role: "team_member", teamId: beta.id }]);

  const bookCriteria = await db
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteria)
    .where(and(eq(criteria.clusterId, cluster.id)))
    .orderBy(asc(criteria.dimension), asc(criteria.name));
  const chosen = [1, 2, 3].flatMap((d) => bookCriteria.filter((c) => c.dimension === d).slice(0, 2));
  const [set] = await db
    .insert(criteriaSets)
    .values({ ...ids, name: `Set ${uniqueSuffix()}`, flex: 1, visibleToTeamLeaders: true })
    .returning();
  await db.insert(criteriaSetCriteria).values(chosen.map((c) => ({ ...ids, setId: set.id, criterionId: c.id })));

  const hrCtx = await contextFor(hr.cookie);
  const created = await createTeamReviewRound(hrCtx, {
    name: "Teamreview najaar",
    deadline: "2099-12-01",
    setId: set.id,
    teamIds: [alfa.id, beta.id],
    tagIds: [],
    leaderMembershipIds: [leader.membership.id, otherLeader.membership.id],
    memberMembershipIds: [...members.map((m) => m.membership.id), betaMember.membership.id],
  });
  if (!created.ok) throw new Error(`round not created: ${created.code}`);
  return {
    account,
    cluster,
    alfa,
    beta,
    hr,
    leader,
    otherLeader,
    members,
    betaMember,
    set,
    chosen,
    roundId: created.roundId,
  };
}

/** An open peer round of `w`'s criteria set, created by HR through the service (deadline far ahead); its id. */
export async function peerRoundOf(
  w: { hr: { cookie: string }; set: { id: string } },
  { name, teamIds, participantIds }: { name: string; teamIds: string[]; participantIds: string[] },
): Promise<string> {
  const created = await createPeerReview(await contextFor(w.hr.cookie), {
    name,
    deadline: "01-06-2099",
    teamIds,
    tagIds: [],
    setId: w.set.id,
    participantIds,
    criterionIds: [],
  });
  if (!created.ok) throw new Error(created.code);
  return created.reviewId;
}

export async function teamReviewOf(w: { roundId: string }, teamId: string) {
  const [row] = await getDb()
    .select()
    .from(reviews)
    .where(and(eq(reviews.parentId, w.roundId), eq(reviews.teamId, teamId)));
  return row;
}

export async function subjectOf(reviewId: string, membershipId: string) {
  const [row] = await getDb()
    .select()
    .from(reviewSubjects)
    .where(and(eq(reviewSubjects.reviewId, reviewId), eq(reviewSubjects.membershipId, membershipId)));
  return row;
}

/** Everything a finished review's results are made of: scores, per-person results, criteria, stats. */
export async function resultsOf(reviewId: string) {
  const db = getDb();
  const [scores, subjects, criteriaRows, stats] = await Promise.all([
    db
      .select({
        subjectId: reviewScores.subjectId,
        criterionId: reviewScores.criterionId,
        dimension: reviewScores.dimension,
        score: reviewScores.score,
      })
      .from(reviewScores)
      .where(eq(reviewScores.reviewId, reviewId))
      .orderBy(asc(reviewScores.subjectId), asc(reviewScores.criterionId)),
    db
      .select({
        id: reviewSubjects.id,
        performance: reviewSubjects.performance,
        potential: reviewSubjects.potential,
        employability: reviewSubjects.employability,
        developmentRole: reviewSubjects.developmentRole,
        scoredCount: reviewSubjects.scoredCount,
      })
      .from(reviewSubjects)
      .where(eq(reviewSubjects.reviewId, reviewId))
      .orderBy(asc(reviewSubjects.id)),
    db
      .select({ criterionId: reviewCriteria.criterionId, dimension: reviewCriteria.dimension })
      .from(reviewCriteria)
      .where(eq(reviewCriteria.reviewId, reviewId))
      .orderBy(asc(reviewCriteria.criterionId)),
    db
      .select({
        subjects: reviewTeamStats.subjects,
        startedSubjects: reviewTeamStats.startedSubjects,
        completeSubjects: reviewTeamStats.completeSubjects,
        roleCounts: reviewTeamStats.roleCounts,
        levelCounts: reviewTeamStats.levelCounts,
      })
      .from(reviewTeamStats)
      .where(eq(reviewTeamStats.reviewId, reviewId)),
  ]);
  return { scores, subjects, criteria: criteriaRows, stats };
}

/** Alfa's review (of `reviewWorld`) fully scored by its leader and finished. */
export async function scoreAndFinishAlfa(w: Awaited<ReturnType<typeof reviewWorld>>, alfaReviewId: string) {
  const leaderCtx = await contextFor(w.leader.cookie);
  for (const [i, member] of w.members.entries()) {
    const subject = await subjectOf(alfaReviewId, member.membership.id);
    const saved = await saveEvaluation(leaderCtx, alfaReviewId, {
      scores: w.chosen.map((c, j) => ({ subjectId: subject.id, criterionId: c.id, score: ((i + j) % 5) + 1 })),
    });
    if (!saved.ok) throw new Error("scores not saved");
  }
  const finished = await finishTeamReview(leaderCtx, alfaReviewId);
  if (!finished.ok) throw new Error("review not finished");
}

/**
 * A cluster with HR (cluster_admin, signed in) and one team per name, each with a leader and a member, and an
 * open team-review round over all of them: the world of the overview tests with many teams.
 */
export async function teamRoundWorld(teamNames: readonly string[], roundName = "Grote ronde") {
  const db = getDb();
  const account = await createAccount(db);
  const cluster = await createClusterFor(db, account.id);
  const ids = { accountId: account.id, clusterId: cluster.id };
  const hr = await createUserWithMembership(db, { ...ids, roles: [{ role: "cluster_admin" }] });
  const cookie = (await sessionCookieFor({ userId: hr.user.id, ...ids })).cookie;
  const teams = new Map<string, { teamId: string; leader: string; member: string }>();
  for (const name of teamNames) {
    const team = await createTeam(db, { ...ids, name });
    const leader = await createUserWithMembership(db, { ...ids, roles: [{ role: "team_admin", teamId: team.id }] });
    const member = await createUserWithMembership(db, { ...ids, roles: [{ role: "team_member", teamId: team.id }] });
    teams.set(name, { teamId: team.id, leader: leader.membership.id, member: member.membership.id });
  }
  const all = [...teams.values()];
  const created = await createTeamReviewRound(await contextFor(cookie), {
    name: roundName,
    deadline: "2099-01-01",
    setId: null,
    teamIds: all.map((t) => t.teamId),
    tagIds: [],
    leaderMembershipIds: all.map((t) => t.leader),
    memberMembershipIds: all.map((t) => t.member),
  });
  if (!created.ok) throw new Error(created.code);
  return { ids, cookie, teams, roundId: created.roundId };
}
