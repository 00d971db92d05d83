import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb, type Tx } from "#db/client.server";
import { reviewReviewers, reviews, reviewScores, reviewSubjects } from "#db/schema";
import { saveReviewFromApi } from "~/features/reviews/evaluation-api.server";
import { mayOpenReview, requireTeamReview } from "~/features/reviews/review-access.server";
import { saveEvaluation } from "~/features/reviews/review-scores.server";
import { finishTeamReview } from "~/features/reviews/review-state.server";
import { createTeamReviewRound } from "~/features/reviews/round-create.server";
import { run } from "../support/http";
import { contextFor, reviewWorld } from "../support/reviews";

type World = Awaited<ReturnType<typeof reviewWorld>>;
let w: World;
let alfaReviewId: string;
let betaReviewId: string;

beforeAll(async () => {
  w = await reviewWorld();
  const children = await getDb().select().from(reviews).where(eq(reviews.parentId, w.roundId));
  alfaReviewId = children.find((r) => r.teamId === w.alfa.id)!.id;
  betaReviewId = children.find((r) => r.teamId === w.beta.id)!.id;
});

class RolledBack extends Error {}

/** Runs `fn` in a transaction that is then rolled back, and returns what `fn` saw inside it. */
async function insideRolledBack<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  let seen: T | undefined;
  await getDb()
    .transaction(async (tx) => {
      seen = await fn(tx);
      throw new RolledBack();
    })
    .catch((error) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return seen as T;
}

async function reviewRow(id: string) {
  const [row] = await getDb().select().from(reviews).where(eq(reviews.id, id));
  return row;
}

async function subjectOf(reviewId: string, membershipId: string) {
  const [row] = await getDb()
    .select()
    .from(reviewSubjects)
    .where(and(eq(reviewSubjects.reviewId, reviewId), eq(reviewSubjects.membershipId, membershipId)));
  return row;
}

describe("review services run in the caller's transaction", () => {
  it("finishing inside a transaction that rolls back leaves the review open", async () => {
    const ctx = await contextFor(w.leader.cookie);
    const inside = await insideRolledBack(async (tx) => {
      const result = await finishTeamReview(ctx, alfaReviewId, tx);
      const [row] = await tx.select().from(reviews).where(eq(reviews.id, alfaReviewId));
      return { result, finished: row.isFinished };
    });
    expect(inside).toEqual({ result: { ok: true }, finished: true });
    expect((await reviewRow(alfaReviewId)).isFinished).toBe(false);
  });

  it("the API's evaluate save with finishing inside a rolled-back transaction writes nothing", async () => {
    const ctx = await contextFor(w.otherLeader.cookie);
    const subject = await subjectOf(betaReviewId, w.betaMember.membership.id);
    const result = await insideRolledBack((tx) =>
      saveReviewFromApi(
        ctx,
        betaReviewId,
        {
          isFinished: true,
          memberships: [{ id: subject.id, criteriaScores: [{ criterionId: w.chosen[0].id, score: 4 }] }],
        },
        tx,
      ),
    );
    expect(result).toEqual({ ok: true });
    expect((await reviewRow(betaReviewId)).isFinished).toBe(false);
    expect(await getDb().select().from(reviewScores).where(eq(reviewScores.subjectId, subject.id))).toEqual([]);
  });

  it("a score saved inside a rolled-back transaction is gone", async () => {
    const ctx = await contextFor(w.leader.cookie);
    const subject = await subjectOf(alfaReviewId, w.members[1].membership.id);
    const result = await insideRolledBack((tx) =>
      saveEvaluation(
        ctx,
        alfaReviewId,
        { scores: [{ subjectId: subject.id, criterionId: w.chosen[1].id, score: 3 }] },
        tx,
      ),
    );
    expect(result).toEqual({ ok: true });
    expect(await getDb().select().from(reviewScores).where(eq(reviewScores.subjectId, subject.id))).toEqual([]);
  });

  it("creating a round checks and writes in one transaction: a rollback leaves no round", async () => {
    const hrCtx = await contextFor(w.hr.cookie);
    const created = await insideRolledBack((tx) =>
      createTeamReviewRound(
        hrCtx,
        {
          name: "Teruggedraaid",
          deadline: "2099-12-01",
          setId: w.set.id,
          teamIds: [w.beta.id],
          tagIds: [],
          leaderMembershipIds: [w.otherLeader.membership.id],
          memberMembershipIds: [w.betaMember.membership.id],
        },
        tx,
      ),
    );
    expect(created.ok).toBe(true);
    if (created.ok) expect(await reviewRow(created.roundId)).toBeUndefined();
  });

  it("creating a round completes with a pool of one connection", async () => {
    await closeDb();
    const previous = process.env.DB_POOL_SIZE;
    process.env.DB_POOL_SIZE = "1";
    try {
      const hrCtx = await contextFor(w.hr.cookie);
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("stuck: a second connection was asked for inside a transaction")), 5000),
      );
      const created = await Promise.race([
        createTeamReviewRound(hrCtx, {
          name: "Een verbinding",
          deadline: "2099-12-01",
          setId: w.set.id,
          teamIds: [w.beta.id],
          tagIds: [],
          leaderMembershipIds: [w.otherLeader.membership.id],
          memberMembershipIds: [w.betaMember.membership.id],
        }),
        timeout,
      ]);
      expect(created.ok).toBe(true);
    } finally {
      if (previous === undefined) delete process.env.DB_POOL_SIZE;
      else process.env.DB_POOL_SIZE = previous;
      // A stuck transaction never gives its connection back, so do not wait for the pool to end.
      await Promise.race([closeDb(), new Promise((resolve) => setTimeout(resolve, 500))]);
    }
  });
});

describe("one rule for who may open a review", () => {
  it("a team review: cluster-wide reviewers, its team's leader and its chosen reviewers; nobody else", async () => {
    const db = getDb();
    const [hr, leader, other] = await Promise.all([
      contextFor(w.hr.cookie),
      contextFor(w.leader.cookie),
      contextFor(w.otherLeader.cookie),
    ]);
    const alfa = { id: alfaReviewId, type: "team" as const };
    expect(await mayOpenReview(db, hr, alfa)).toBe(true);
    expect(await mayOpenReview(db, leader, alfa)).toBe(true);
    expect(await mayOpenReview(db, other, alfa)).toBe(false);
    expect(((await run(() => requireTeamReview(other, alfaReviewId))) as Response).status).toBe(404);

    await db.insert(reviewReviewers).values({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      reviewId: alfaReviewId,
      membershipId: w.otherLeader.membership.id,
    });
    try {
      expect(await mayOpenReview(db, other, alfa)).toBe(true);
      expect((await requireTeamReview(other, alfaReviewId)).id).toBe(alfaReviewId);
    } finally {
      await db
        .delete(reviewReviewers)
        .where(
          and(
            eq(reviewReviewers.reviewId, alfaReviewId),
            eq(reviewReviewers.membershipId, w.otherLeader.membership.id),
          ),
        );
    }
  });

  it("a round: whoever may open one of its team reviews; a member of no team review may not", async () => {
    const db = getDb();
    const round = { id: w.roundId, type: "team-summary" as const };
    expect(await mayOpenReview(db, await contextFor(w.leader.cookie), round)).toBe(true);
    expect(await mayOpenReview(db, await contextFor(w.otherLeader.cookie), round)).toBe(true);
    expect(await mayOpenReview(db, await contextFor(w.members[0].cookie), round)).toBe(false);
  });
});
