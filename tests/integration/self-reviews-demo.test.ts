import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { clusters, memberships, reviews, users } from "#db/schema";
import { listMyReviews } from "~/features/reviews/my-reviews.server";
import { getQuestionnaire } from "~/features/reviews/self-review-questionnaire.server";
import { getSelfReviewResult } from "~/features/reviews/self-review-result.server";
import { demoClusters, demoSelfReviewNames, demoUsers } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { contextFor } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

let medewerkerCookie: string;

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  const [row] = await getDb()
    .select({ userId: users.id, accountId: users.accountId, clusterId: clusters.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(clusters, eq(clusters.id, memberships.clusterId))
    .where(and(eq(sql`lower(${users.email})`, demoUsers.medewerker), eq(clusters.name, demoClusters.noord)));
  medewerkerCookie = (await sessionCookieFor(row)).cookie;
}, 120_000);

describe("demo self reviews", () => {
  it("medewerker@demo.nl has a half-filled open questionnaire and a finished one with her leader's scores", async () => {
    const ctx = await contextFor(medewerkerCookie);
    const mine = await listMyReviews(ctx);
    const open = mine.find((r) => r.name.startsWith(demoSelfReviewNames.open))!;
    const finished = mine.find((r) => r.name.startsWith(demoSelfReviewNames.finished))!;
    expect(open).toMatchObject({ state: "open" });
    expect(open.answered).toBeGreaterThan(0);
    expect(open.answered).toBeLessThan(open.questions);
    expect(finished).toMatchObject({ state: "finished" });
    const questionnaire = await getQuestionnaire(ctx, open.reviewId, open.membershipId);
    expect(questionnaire.readOnly).toBeNull();
    expect(questionnaire.missing.team).toHaveLength(0);
    expect(questionnaire.missing.own.length).toBeGreaterThan(0);
    const result = await getSelfReviewResult(ctx, finished.reviewId, finished.membershipId);
    expect(result.comparison.source).toBe("teamReview");
    expect(result.comparison.criteria.every((c) => c.own !== null && c.team !== null)).toBe(true);
    const [source] = await getDb()
      .select({ name: reviews.name })
      .from(reviews)
      .where(and(eq(reviews.id, result.review.sourceReviewId!), like(reviews.name, "Teamreview voorjaar%")));
    expect(source).toBeDefined();
  });
});
