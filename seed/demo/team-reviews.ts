/**
 * Demo team reviews in the first Demo BV cluster: two finished rounds half a year apart with results (in the
 * earlier one about a third of the people scored a level lower, so analytics show movement between
 * development roles), and an open round over the teams of leider@demo.nl, partly scored. One team was reviewed
 * with fewer people than the analytics threshold (`smallReviewedTeam`). Raw inserts, because this is history the services cannot
 * make: rounds created months ago, scored and finished by their leaders without mail or audit events.
 * The numbers come from the same pure rules the review services use (initialReviewCriteria,
 * summariseSubject, teamReviewStats), so they match what saving the scores would compute.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  reviewCriteria,
  reviewReviewers,
  reviews,
  reviewScores,
  reviewSubjects,
  reviewTeamStats,
  roleAssignments,
  teams,
} from "#db/schema";
import { defaultRoleThresholds } from "~/features/criteria/development-roles";
import { initialReviewCriteria } from "~/features/criteria/review-criteria-rules";
import type { ScaleSize } from "~/features/criteria/scales";
import { summariseSubject, teamReviewStats, type CriterionScore } from "~/features/reviews/review-scoring";
import { addDays, createRng, isoDate, type Rng, type SeedContext } from "../context";
import { demoReviewNames, demoUsers, leiderTeams, smallReviewedTeam } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoCriteriaSet } from "./criteria-sets";
import type { DemoPeople } from "./users";

const SCALE: ScaleSize = 5;

export async function seedTeamReviews(
  { tx, now, rng }: SeedContext,
  input: { tenants: DemoTenants; set: DemoCriteriaSet; people: DemoPeople },
): Promise<void> {
  const ids = input.tenants.clusters.noord;
  const { set } = input;
  // hr@demo.nl made the rounds, as the pages would have recorded it (the API's reviewerId of a round).
  const createdBy = input.people.membershipOf(demoUsers.hr, "noord");
  const clusterTeams = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.clusterId, ids.clusterId))
    .orderBy(asc(teams.name));
  const places = await tx
    .select({
      membershipId: roleAssignments.membershipId,
      teamId: roleAssignments.teamId,
      role: roleAssignments.roleKey,
    })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.clusterId, ids.clusterId),
        inArray(roleAssignments.roleKey, ["team_admin", "team_member"]),
      ),
    );

  const entries = initialReviewCriteria(set);
  const days = (n: number) => addDays(now, n);
  type Scores = (CriterionScore & { criterionId: string })[];
  /** Each person's scores in the later finished round, from which the earlier round's are derived. */
  const laterScores = new Map<string, Scores>();
  // Its own generator: the earlier round leaves the random numbers of the rest of the demo as they were.
  const earlierRng = createRng(20251101);
  const earlierScores = (membershipId: string): Scores => {
    const later =
      laterScores.get(membershipId) ??
      entries.map((c) => ({ criterionId: c.id, dimension: c.dimension, score: demoScore(earlierRng) }));
    const lower = earlierRng.next() < 0.35;
    return later.map((s) => ({
      criterionId: s.criterionId,
      dimension: s.dimension,
      score: lower ? Math.max(s.score - 1, 2) : s.score,
    }));
  };

  async function round(options: {
    name: string;
    deadline: Date;
    teams: { id: string; name: string }[];
    finished: boolean;
    /** How many members of each team get scores. */
    scoredPerTeam: (teamIndex: number, members: number) => number;
    createdAt: Date;
    /** The scores of a scored member; random by default. */
    scoresOf?: (membershipId: string) => Scores;
  }) {
    const base = {
      ...ids,
      name: options.name,
      deadline: isoDate(options.deadline),
      scale: SCALE,
      setId: set.id,
      createdBy,
    };
    const [parent] = await tx
      .insert(reviews)
      .values({ ...base, type: "team-summary", createdAt: options.createdAt })
      .returning();
    const placed = new Set<string>();
    for (const [teamIndex, team] of options.teams.entries()) {
      const inTeam = places.filter((p) => p.teamId === team.id);
      const leaders = inTeam.filter((p) => p.role === "team_admin").map((p) => p.membershipId);
      const members = [
        ...new Set(
          inTeam.filter((p) => p.role === "team_member" && !placed.has(p.membershipId)).map((p) => p.membershipId),
        ),
      ];
      if (leaders.length === 0 || members.length === 0) continue;
      members.forEach((m) => placed.add(m));
      const [review] = await tx
        .insert(reviews)
        .values({
          ...base,
          type: "team",
          parentId: parent.id,
          teamId: team.id,
          teamName: team.name,
          isFinished: options.finished,
          finishedAt: options.finished ? options.deadline : null,
          completionConfirmedAt: options.finished ? options.deadline : null,
          createdAt: options.createdAt,
        })
        .returning();
      await tx.insert(reviewReviewers).values(
        [...new Set(leaders)].map((membershipId) => ({
          ...ids,
          reviewId: review.id,
          membershipId,
          invitedAt: options.createdAt,
        })),
      );
      await tx.insert(reviewCriteria).values(
        entries.map((c, position) => ({
          reviewId: review.id,
          criterionId: c.id,
          dimension: c.dimension,
          belongsToSet: c.belongsToSet,
          locked: c.locked,
          position,
        })),
      );
      const scoredCount = options.scoredPerTeam(teamIndex, members.length);
      const summaries = [];
      // The small team's later members were not in its finished reviews (their scores are still drawn, so the
      // rest of the demo's random numbers stay as they were).
      const reviewedCount =
        options.finished && team.name === smallReviewedTeam.name ? smallReviewedTeam.reviewed : members.length;
      for (const [memberIndex, membershipId] of members.entries()) {
        const scores =
          memberIndex >= scoredCount
            ? []
            : options.scoresOf
              ? options.scoresOf(membershipId)
              : entries.map((c) => ({ criterionId: c.id, dimension: c.dimension, score: demoScore(rng) }));
        if (options.finished && !options.scoresOf) laterScores.set(membershipId, scores);
        if (memberIndex >= reviewedCount) continue;
        const summary = summariseSubject(scores, SCALE, defaultRoleThresholds);
        summaries.push(summary);
        const [subject] = await tx
          .insert(reviewSubjects)
          .values({ ...ids, reviewId: review.id, roundId: parent.id, membershipId, ...summary })
          .returning({ id: reviewSubjects.id });
        if (scores.length)
          await tx.insert(reviewScores).values(
            scores.map((s) => ({
              subjectId: subject.id,
              criterionId: s.criterionId,
              reviewId: review.id,
              dimension: s.dimension,
              score: s.score,
              scoredBy: leaders[0],
            })),
          );
      }
      await tx
        .insert(reviewTeamStats)
        .values({ reviewId: review.id, roundId: parent.id, ...teamReviewStats(summaries, entries.length) });
    }
  }

  await round({
    name: `${demoReviewNames.finished} ${days(-200).getFullYear()}`,
    deadline: days(-180),
    createdAt: days(-210),
    teams: clusterTeams,
    finished: true,
    scoredPerTeam: (_, members) => members,
  });
  await round({
    name: `${demoReviewNames.open} ${now.getFullYear()}`,
    deadline: days(14),
    createdAt: days(-3),
    teams: clusterTeams.filter((t) => (leiderTeams as readonly string[]).includes(t.name)),
    finished: false,
    // The first of leider's teams is under way (two people scored); the second has not started.
    scoredPerTeam: (teamIndex) => (teamIndex === 0 ? 2 : 0),
  });
  await round({
    name: `${demoReviewNames.earlier} ${days(-380).getFullYear()}`,
    deadline: days(-360),
    createdAt: days(-390),
    teams: clusterTeams,
    finished: true,
    scoredPerTeam: (_, members) => members,
    scoresOf: earlierScores,
  });
}

/** Mostly 3–4 on a 5-scale, sometimes 2 or 5: a believable spread over the development roles. */
function demoScore(rng: Rng): number {
  const r = rng.next();
  if (r < 0.1) return 2;
  if (r < 0.45) return 3;
  if (r < 0.85) return 4;
  return 5;
}
