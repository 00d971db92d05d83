/**
 * Calibration demo data (docs/decisions/1610): in the finished team review round of Zorggroep Noord, hr@ moved
 * medewerker@ (De Linde) one development role after the calibration session, with a reason — the view at
 * /review/calibration shows the move, medewerker@'s growth page the calibrated role beside the computed one.
 */
import { and, eq, sql } from "drizzle-orm";
import { memberships, placementCalibrations, reviews, reviewSubjects } from "#db/schema";
import { recordAudit } from "~/features/audit/audit.server";
import { refreshTeamStats } from "~/features/reviews/review-scores.server";
import { addDays, type SeedContext } from "../context";
import { demoReviewNames, demoUsers } from "../demo-data";
import type { DemoTenants } from "./accounts-and-clusters";
import type { DemoPeople } from "./users";

export async function seedCalibration(
  { tx, now }: SeedContext,
  input: { tenants: DemoTenants; people: DemoPeople },
): Promise<void> {
  const { accountId, clusterId } = input.tenants.clusters.noord;
  const membershipId = input.people.membershipOf(demoUsers.medewerker, "noord");
  const [subject] = await tx
    .select({ id: reviewSubjects.id, reviewId: reviewSubjects.reviewId, role: reviewSubjects.developmentRole })
    .from(reviewSubjects)
    .innerJoin(reviews, eq(reviews.id, reviewSubjects.reviewId))
    .where(
      and(
        eq(reviewSubjects.membershipId, membershipId),
        eq(reviews.type, "team"),
        eq(reviews.isFinished, true),
        sql`exists (select 1 from ${reviews} p where p.id = ${reviews.parentId} and p.name like ${`${demoReviewNames.finished}%`})`,
      ),
    )
    .limit(1);
  if (!subject) return;
  const [hr] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(eq(memberships.id, input.people.membershipOf(demoUsers.hr, "noord")));
  // One role up (a midfielder to achiever, …), a star down to achiever: a move either way is believable.
  const toRole = subject.role === null ? 4 : subject.role === 5 ? 3 : subject.role + 1;
  const at = addDays(now, -170);
  await tx.insert(placementCalibrations).values({
    accountId,
    clusterId,
    subjectId: subject.id,
    reviewId: subject.reviewId,
    membershipId,
    fromRole: subject.role,
    toRole,
    reason:
      "In de kalibratiesessie vergeleken met de andere teams: de resultaten van het afgelopen halfjaar (inwerken van twee nieuwe collega's) wegen zwaarder dan de scores laten zien.",
    movedBy: hr.userId,
    createdAt: at,
  });
  await tx.update(reviewSubjects).set({ calibratedRole: toRole }).where(eq(reviewSubjects.id, subject.id));
  await refreshTeamStats(tx, subject.reviewId);
  await recordAudit(tx, {
    accountId,
    clusterId,
    actorUserId: hr.userId,
    subjectType: "membership",
    subjectId: membershipId,
    action: "review.calibrate",
    data: { reviewId: subject.reviewId, subjectId: subject.id, from: subject.role, to: toRole, original: subject.role },
  });
}
