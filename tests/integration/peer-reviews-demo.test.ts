import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { clusters, memberships, users } from "#db/schema";
import { listMyPeerQuestionnaires } from "~/features/peer-reviews/peer-questionnaire.server";
import { getPeerReviewResult } from "~/features/peer-reviews/peer-review-result.server";
import { demoClusters, demoUsers } from "../../seed/demo-data";
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

describe("demo peer round", () => {
  it("medewerker@demo.nl is reviewed by enough peers to see their average, and has questionnaires about colleagues", async () => {
    const ctx = await contextFor(medewerkerCookie);
    const mine = await listMyPeerQuestionnaires(ctx);
    const own = mine.find((r) => r.role === "self")!;
    expect(own).toMatchObject({ state: "finished" });
    expect(mine.some((r) => r.role === "peer")).toBe(true);
    const result = await getPeerReviewResult(ctx, own.reviewId, own.subjectMembershipId);
    expect(result.peersShown).toBe(true);
    expect(result.peersAnswered).toBeGreaterThanOrEqual(3);
    expect(result.criteria.every((c) => c.self !== null && c.peers !== null && c.leader !== null)).toBe(true);
    expect(result.comments).toHaveLength(3);
  });
});
