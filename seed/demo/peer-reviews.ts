/**
 * A demo peer round in the first Demo BV cluster (docs/decisions/1020): over the first team of
 * leider@demo.nl, medewerker@demo.nl and her colleagues are reviewed; everyone has a self questionnaire,
 * leider@demo.nl one as leader, and each participant up to four peers from the team. Three of
 * medewerker's peers finished and were released as one batch (the anonymity threshold of 3, decision
 * 1430, so her result shows the peers' average); she and her leader finished too. Raw inserts, invited days ago without mail; its own PRNG
 * (decision 0740).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import {
  memberships,
  reviewCriteria,
  reviewPeerAnswers,
  reviewPeerAssignments,
  reviewReviewers,
  reviews,
  reviewSubjects,
  reviewTeams,
  roleAssignments,
  teams,
  users,
} from "#db/schema";
import { initialReviewCriteria } from "~/features/criteria/review-criteria-rules";
import { addDays, createRng, isoDate, type SeedContext } from "../context";
import { demoUsers, leiderTeams } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoCriteriaSet } from "./criteria-sets";

/** The remarks of medewerker@demo.nl's finished peers. */
const demoPeerComments = [
  "Denkt mee bij het maken van de roosters.",
  "Neemt de tijd voor nieuwe collega's.",
  "Blijft rustig als het druk is op de afdeling.",
];

export async function seedPeerReviews(
  { tx, now }: SeedContext,
  input: { tenants: DemoTenants; set: DemoCriteriaSet },
): Promise<void> {
  const ids = input.tenants.clusters.noord;
  const rng = createRng(20261126);
  const score = () => [3, 3, 4, 4, 4, 5, 2][rng.int(0, 6)];
  const personId = async (email: string) =>
    (
      await tx
        .select({ id: memberships.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.clusterId, ids.clusterId), eq(users.email, email)))
    )[0]?.id;
  const medewerker = await personId(demoUsers.medewerker);
  const leider = await personId(demoUsers.leider);
  if (!medewerker || !leider) return;
  // The team of leider@demo.nl that medewerker@demo.nl is a member of.
  const [team] = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .innerJoin(
      roleAssignments,
      and(
        eq(roleAssignments.teamId, teams.id),
        eq(roleAssignments.membershipId, medewerker),
        eq(roleAssignments.roleKey, "team_member"),
      ),
    )
    .where(and(eq(teams.clusterId, ids.clusterId), inArray(teams.name, [...leiderTeams])))
    .orderBy(asc(teams.name));
  if (!team) return;
  const members = (
    await tx
      .select({ membershipId: roleAssignments.membershipId })
      .from(roleAssignments)
      .where(
        and(
          eq(roleAssignments.clusterId, ids.clusterId),
          eq(roleAssignments.roleKey, "team_member"),
          eq(roleAssignments.teamId, team.id),
        ),
      )
  ).map((m) => m.membershipId);
  if (members.length < 4) return;
  // medewerker@demo.nl first, then up to three colleagues.
  const participants = [medewerker, ...members.filter((m) => m !== medewerker).slice(0, 3)];
  const criteria = initialReviewCriteria(input.set);
  const createdAt = addDays(now, -6);

  const [review] = await tx
    .insert(reviews)
    .values({
      ...ids,
      type: "peer",
      name: `Peer feedback ${team.name} ${now.getFullYear()}`,
      deadline: isoDate(addDays(now, 14)),
      scale: 5,
      setId: input.set.id,
      createdBy: leider,
      createdAt,
    })
    .returning({ id: reviews.id });
  await tx.insert(reviewTeams).values({ reviewId: review.id, teamId: team.id, teamName: team.name });
  await tx.insert(reviewCriteria).values(
    criteria.map((c, position) => ({
      reviewId: review.id,
      criterionId: c.id,
      dimension: c.dimension,
      belongsToSet: c.belongsToSet,
      locked: c.locked,
      position,
    })),
  );
  const reviewers = new Set<string>();
  for (const participant of participants) {
    const [subject] = await tx
      .insert(reviewSubjects)
      .values({ ...ids, reviewId: review.id, membershipId: participant, teamId: team.id })
      .returning({ id: reviewSubjects.id });
    const peers = members.filter((m) => m !== participant).slice(0, 4);
    const plan = [
      { reviewerId: participant, role: "self" as const, finished: participant === medewerker },
      { reviewerId: leider, role: "leader" as const, finished: participant === medewerker },
      // medewerker's first three peers finished; elsewhere one peer so far (below the threshold).
      ...peers.map((reviewerId, i) => ({
        reviewerId,
        role: "peer" as const,
        finished: participant === medewerker ? i < 3 : i === 0,
        // Her finished peers left a remark (shown unattributed, decision 1203).
        comment: participant === medewerker && i < 3 ? demoPeerComments[i] : null,
      })),
    ];
    for (const p of plan) {
      reviewers.add(p.reviewerId);
      const [assignment] = await tx
        .insert(reviewPeerAssignments)
        .values({
          ...ids,
          reviewId: review.id,
          subjectId: subject.id,
          reviewerId: p.reviewerId,
          role: p.role,
          comment: "comment" in p ? p.comment : null,
          finishedAt: p.finished ? addDays(now, -2) : null,
          // A peer's answers count once a batch of at least the threshold finished (decision 1430).
          releasedAt: p.role === "peer" && p.finished && participant === medewerker ? addDays(now, -2) : null,
          createdAt,
        })
        .returning({ id: reviewPeerAssignments.id });
      if (p.finished)
        await tx.insert(reviewPeerAnswers).values(
          criteria.map((c) => ({
            assignmentId: assignment.id,
            criterionId: c.id,
            reviewId: review.id,
            dimension: c.dimension,
            score: score(),
          })),
        );
    }
  }
  await tx
    .insert(reviewReviewers)
    .values(
      [...reviewers].map((membershipId) => ({ ...ids, reviewId: review.id, membershipId, invitedAt: createdAt })),
    );
}
