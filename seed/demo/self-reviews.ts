/**
 * Demo self reviews in the first Demo BV cluster (docs/decisions/0940): an open one over the teams of
 * leider@demo.nl in which medewerker@demo.nl has answered the part about her team and half of the part
 * about herself, and a finished one created from the finished team review round (so the result compares
 * her answers with her leader's scores). Raw inserts like the team review history: invited months ago,
 * answered and finished without mail. Its own PRNG (decision 0740), so no other module's data changes.
 */
import { and, asc, eq, inArray, like } from "drizzle-orm";
import {
  memberships,
  reviewCriteria,
  reviewReviewers,
  reviews,
  reviewScores,
  reviewSubjects,
  reviewTeamAnswers,
  reviewTeams,
  roleAssignments,
  teams,
  users,
} from "#db/schema";
import { defaultRoleThresholds } from "~/features/criteria/development-roles";
import { initialReviewCriteria } from "~/features/criteria/review-criteria-rules";
import type { Dimension, ScaleSize } from "~/features/criteria/scales";
import { summariseSubject } from "~/features/reviews/review-scoring";
import { addDays, createRng, isoDate, type Rng, type SeedContext } from "../context";
import { demoReviewNames, demoSelfReviewNames, demoUsers, leiderTeams } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoCriteriaSet } from "./criteria-sets";
import type { DemoPeople } from "./users";

const SCALE: ScaleSize = 5;

type Criterion = { id: string; dimension: Dimension; belongsToSet: boolean; locked: boolean };
type Participant = { membershipId: string; teamId: string };

export async function seedSelfReviews(
  { tx, now }: SeedContext,
  input: { tenants: DemoTenants; set: DemoCriteriaSet; people: DemoPeople },
): Promise<void> {
  const ids = input.tenants.clusters.noord;
  // hr@demo.nl sent them out (the API's reviewerId of a self review).
  const createdBy = input.people.membershipOf(demoUsers.hr, "noord");
  const rng = createRng(20261115);
  const days = (n: number) => addDays(now, n);

  async function selfReview(options: {
    name: string;
    deadline: Date;
    createdAt: Date;
    teams: { id: string; name: string }[];
    criteria: Criterion[];
    participants: Participant[];
    sourceReviewId: string | null;
    finished: boolean;
    /** Per participant: how many criteria of each part are answered (and whether they finished). */
    answers: (p: Participant) => { team: number; own: number; finished: boolean };
    /** A participant's own score for a criterion (defaults to a believable spread). */
    ownScore?: (p: Participant, criterionId: string) => number;
  }) {
    const [review] = await tx
      .insert(reviews)
      .values({
        ...ids,
        type: "self",
        name: options.name,
        deadline: isoDate(options.deadline),
        scale: SCALE,
        setId: input.set.id,
        sourceReviewId: options.sourceReviewId,
        createdBy,
        isFinished: options.finished,
        finishedAt: options.finished ? options.deadline : null,
        completionConfirmedAt: options.finished ? options.deadline : null,
        createdAt: options.createdAt,
      })
      .returning({ id: reviews.id });
    await tx
      .insert(reviewTeams)
      .values(options.teams.map((t) => ({ reviewId: review.id, teamId: t.id, teamName: t.name })));
    await tx.insert(reviewCriteria).values(
      options.criteria.map((c, position) => ({
        reviewId: review.id,
        criterionId: c.id,
        dimension: c.dimension,
        belongsToSet: c.belongsToSet,
        locked: c.locked,
        position,
      })),
    );
    for (const p of options.participants) {
      const plan = options.answers(p);
      const own = options.criteria.slice(0, plan.own).map((c) => ({
        criterionId: c.id,
        dimension: c.dimension,
        score: options.ownScore?.(p, c.id) ?? demoScore(rng),
      }));
      const [subject] = await tx
        .insert(reviewSubjects)
        .values({
          ...ids,
          reviewId: review.id,
          membershipId: p.membershipId,
          teamId: p.teamId,
          finishedAt: plan.finished ? addDays(options.deadline, -2) : null,
          ...summariseSubject(own, SCALE, defaultRoleThresholds),
        })
        .returning({ id: reviewSubjects.id });
      await tx
        .insert(reviewReviewers)
        .values({ ...ids, reviewId: review.id, membershipId: p.membershipId, invitedAt: options.createdAt });
      if (own.length)
        await tx
          .insert(reviewScores)
          .values(own.map((s) => ({ ...s, subjectId: subject.id, reviewId: review.id, scoredBy: p.membershipId })));
      const team = options.criteria.slice(0, plan.team);
      if (team.length)
        await tx.insert(reviewTeamAnswers).values(
          team.map((c) => ({
            subjectId: subject.id,
            criterionId: c.id,
            reviewId: review.id,
            dimension: c.dimension,
            score: demoScore(rng),
          })),
        );
    }
  }

  const [medewerker] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.clusterId, ids.clusterId), eq(users.email, demoUsers.medewerker)));

  // 1. Open, over the teams of leider@demo.nl: medewerker@demo.nl is half-way; a colleague has finished.
  const leiderTeamRows = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(and(eq(teams.clusterId, ids.clusterId), inArray(teams.name, [...leiderTeams])))
    .orderBy(asc(teams.name));
  const members = await tx
    .select({ membershipId: roleAssignments.membershipId, teamId: roleAssignments.teamId })
    .from(roleAssignments)
    .where(
      and(
        eq(roleAssignments.clusterId, ids.clusterId),
        eq(roleAssignments.roleKey, "team_member"),
        inArray(
          roleAssignments.teamId,
          leiderTeamRows.map((t) => t.id),
        ),
      ),
    );
  const openParticipants: Participant[] = [];
  for (const team of leiderTeamRows)
    for (const m of members.filter((x) => x.teamId === team.id))
      if (!openParticipants.some((p) => p.membershipId === m.membershipId))
        openParticipants.push({ membershipId: m.membershipId, teamId: team.id });
  const setCriteria = initialReviewCriteria(input.set);
  const colleague = openParticipants.find((p) => p.membershipId !== medewerker.id);
  await selfReview({
    name: `${demoSelfReviewNames.open} ${now.getFullYear()}`,
    deadline: days(21),
    createdAt: days(-5),
    teams: leiderTeamRows,
    criteria: setCriteria,
    participants: openParticipants,
    sourceReviewId: null,
    finished: false,
    answers: (p) =>
      p.membershipId === medewerker.id
        ? { team: setCriteria.length, own: Math.floor(setCriteria.length / 2), finished: false }
        : p.membershipId === colleague?.membershipId
          ? { team: setCriteria.length, own: setCriteria.length, finished: true }
          : { team: 0, own: 0, finished: false },
  });

  // 2. Finished, created from the finished team review round: its teams, criteria and members.
  const [round] = await tx
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.clusterId, ids.clusterId),
        eq(reviews.type, "team-summary"),
        like(reviews.name, `${demoReviewNames.finished}%`),
      ),
    );
  const teamReviews = await tx
    .select({ id: reviews.id, teamId: reviews.teamId, teamName: reviews.teamName })
    .from(reviews)
    .where(and(eq(reviews.parentId, round.id), eq(reviews.type, "team")))
    .orderBy(asc(reviews.teamName));
  const roundSubjects = await tx
    .select({ id: reviewSubjects.id, membershipId: reviewSubjects.membershipId, reviewId: reviewSubjects.reviewId })
    .from(reviewSubjects)
    .where(eq(reviewSubjects.roundId, round.id));
  const leaderScores = await tx
    .select({ subjectId: reviewScores.subjectId, criterionId: reviewScores.criterionId, score: reviewScores.score })
    .from(reviewScores)
    .where(
      inArray(
        reviewScores.subjectId,
        roundSubjects.map((s) => s.id),
      ),
    );
  const teamOf = new Map(teamReviews.map((r) => [r.id, r.teamId!]));
  const participants = roundSubjects.map((s) => ({ membershipId: s.membershipId, teamId: teamOf.get(s.reviewId)! }));
  const leaderScore = (membershipId: string, criterionId: string) => {
    const subject = roundSubjects.find((s) => s.membershipId === membershipId);
    return leaderScores.find((l) => l.subjectId === subject?.id && l.criterionId === criterionId)?.score;
  };
  const finishedCriteria = (
    await tx
      .select({
        id: reviewCriteria.criterionId,
        dimension: reviewCriteria.dimension,
        belongsToSet: reviewCriteria.belongsToSet,
        locked: reviewCriteria.locked,
      })
      .from(reviewCriteria)
      .where(eq(reviewCriteria.reviewId, teamReviews[0].id))
      .orderBy(asc(reviewCriteria.position))
  ).map((c) => ({ ...c, dimension: c.dimension as Dimension }));
  await selfReview({
    name: `${demoSelfReviewNames.finished} ${days(-200).getFullYear()}`,
    deadline: days(-170),
    createdAt: days(-190),
    teams: teamReviews.map((r) => ({ id: r.teamId!, name: r.teamName ?? "" })),
    criteria: finishedCriteria,
    participants,
    sourceReviewId: round.id,
    finished: true,
    answers: () => ({ team: finishedCriteria.length, own: finishedCriteria.length, finished: true }),
    // People tend to rate themselves a little above or below their leader.
    ownScore: (p, criterionId) =>
      Math.max(1, Math.min(SCALE, (leaderScore(p.membershipId, criterionId) ?? 3) + rng.int(-1, 1))),
  });
}

/** Mostly 3–4 on a 5-scale, sometimes 2 or 5. */
function demoScore(rng: Rng): number {
  const r = rng.next();
  if (r < 0.1) return 2;
  if (r < 0.45) return 3;
  if (r < 0.85) return 4;
  return 5;
}
