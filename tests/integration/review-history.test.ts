import { and, eq, inArray, notInArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { closeDb, getDb } from "#db/client.server";
import { contracts, criteria, positions, reviews, reviewScores, reviewTags, reviewTeamStats, tags } from "#db/schema";
import { mergeCriteria } from "~/features/criteria/criteria.server";
import { mergeEmployees } from "~/features/employees/employee-merge.server";
import { bulkDeletePositions, mergePositions } from "~/features/positions/positions.server";
import { saveReviewFromApi } from "~/features/reviews/evaluation-api.server";
import { createTeamReviewRound } from "~/features/reviews/round-create.server";
import { saveEvaluation } from "~/features/reviews/review-scores.server";
import { mergeTags } from "~/features/tags/tags.server";
import { action as deleteTagsAction } from "~/routes/_app+/personnel+/tags.delete";
import { deleteTeam, mergeTeams } from "~/features/teams/teams.server";
import { createAccount, createClusterFor, createUserWithMembership, uniqueSuffix } from "../factories";
import { context, run } from "../support/http";
import { postForm } from "../support/org";
import { contextFor, resultsOf, reviewWorld, scoreAndFinishAlfa, subjectOf, teamReviewOf } from "../support/reviews";

type World = Awaited<ReturnType<typeof reviewWorld>>;

/** The flash toast a redirect sets, as the next page shows it. */
function toastOf(response: Response): { type?: string; key: string; values?: Record<string, unknown> } {
  const value = decodeURIComponent((response.headers.get("Set-Cookie") ?? "").split(";")[0].split("=")[1]);
  return JSON.parse(Buffer.from(value.split(".")[0], "base64").toString("utf8")).__flash_toast__;
}

/**
 * A round over Alfa and Beta: Alfa's review is fully scored by its leader and finished; Beta's is
 * open, with its one member scored on every criterion.
 */
async function finishedWorld() {
  const w = await reviewWorld();
  const alfa = await teamReviewOf(w, w.alfa.id);
  const beta = await teamReviewOf(w, w.beta.id);
  await scoreAndFinishAlfa(w, alfa.id);
  const otherCtx = await contextFor(w.otherLeader.cookie);
  const betaSubject = await subjectOf(beta.id, w.betaMember.membership.id);
  expect(
    await saveEvaluation(otherCtx, beta.id, {
      scores: w.chosen.map((c, j) => ({ subjectId: betaSubject.id, criterionId: c.id, score: j < 2 ? 5 : 1 })),
    }),
  ).toEqual({ ok: true });
  return { w, alfa, beta, hrCtx: await contextFor(w.hr.cookie) };
}

/** A criterion of the book with this dimension that is not in the world's set. */
async function otherCriterion(w: World, dimension: number) {
  const [row] = await getDb()
    .select({ id: criteria.id, dimension: criteria.dimension })
    .from(criteria)
    .where(
      and(
        eq(criteria.clusterId, w.cluster.id),
        eq(criteria.dimension, dimension),
        notInArray(
          criteria.id,
          w.chosen.map((c) => c.id),
        ),
      ),
    )
    .limit(1);
  return row;
}

describe("review results are history: merges and deletes keep them", () => {
  it("merging a scored criterion into one outside the review keeps the finished review's results and moves the open one's", async () => {
    const { w, alfa, beta, hrCtx } = await finishedWorld();
    const before = await resultsOf(alfa.id);
    const betaBefore = await resultsOf(beta.id);
    const merged = w.chosen[0];
    const keep = await otherCriterion(w, merged.dimension);

    expect(await mergeCriteria(hrCtx, { keepId: keep.id, ids: [keep.id, merged.id] })).toMatchObject({ ok: true });

    expect(await resultsOf(alfa.id)).toEqual(before);
    // The open review now scores the kept criterion; per-person results and stats are the same.
    const betaAfter = await resultsOf(beta.id);
    expect(betaAfter.scores.map((s) => s.criterionId)).toContain(keep.id);
    expect(betaAfter.scores.map((s) => s.criterionId)).not.toContain(merged.id);
    expect(betaAfter.scores).toHaveLength(betaBefore.scores.length);
    expect(betaAfter.subjects).toEqual(betaBefore.subjects);
    expect(betaAfter.stats).toEqual(betaBefore.stats);
    // The merged criterion is kept (archived) for the finished review.
    const [old] = await getDb().select().from(criteria).where(eq(criteria.id, merged.id));
    expect(old.archivedAt).not.toBeNull();
  });

  it("merging into a criterion of another dimension recomputes the open review's person results and stats", async () => {
    const { w, alfa, beta, hrCtx } = await finishedWorld();
    const before = await resultsOf(alfa.id);
    const merged = w.chosen[0];
    expect(merged.dimension).toBe(1);
    const keep = await otherCriterion(w, 2);

    expect(await mergeCriteria(hrCtx, { keepId: keep.id, ids: [keep.id, merged.id] })).toMatchObject({ ok: true });

    expect(await resultsOf(alfa.id)).toEqual(before);
    // Beta's member had 5 on both performance criteria and 1 on the rest: one 5 now counts for potential.
    const subject = await subjectOf(beta.id, w.betaMember.membership.id);
    expect(subject.performance).toBe(5);
    expect(subject.potential).toBeCloseTo(7 / 3, 5);
    expect(subject.scoredCount).toBe(6);
    const [stats] = await getDb().select().from(reviewTeamStats).where(eq(reviewTeamStats.reviewId, beta.id));
    expect(stats.levelCounts["2"]).toEqual({ "2": 1 });
  });

  it("merging two criteria scored in the same reviews keeps every score and result", async () => {
    const { w, alfa, beta, hrCtx } = await finishedWorld();
    const before = await resultsOf(alfa.id);
    const betaBefore = await resultsOf(beta.id);
    const [keep, merged] = [w.chosen[0], w.chosen[1]];

    expect(await mergeCriteria(hrCtx, { keepId: keep.id, ids: [keep.id, merged.id] })).toMatchObject({ ok: true });

    expect(await resultsOf(alfa.id)).toEqual(before);
    expect(await resultsOf(beta.id)).toEqual(betaBefore);
  });

  it("refuses a raw delete of a criterion that review scores refer to (restrict)", async () => {
    const { w } = await finishedWorld();
    const error = await getDb()
      .delete(criteria)
      .where(eq(criteria.id, w.chosen[0].id))
      .then(
        () => null,
        (e: unknown) => e as { cause?: { code?: string }; code?: string },
      );
    // Refused by a foreign key: review_criteria's RESTRICT (23001) or review_scores' NO ACTION (23503), whichever
    // of the two constraint triggers PostgreSQL fires first (their order follows the triggers' names).
    expect(["23001", "23503"]).toContain(error?.cause?.code ?? error?.code);
    const still = await getDb().select().from(reviewScores).where(eq(reviewScores.criterionId, w.chosen[0].id));
    expect(still.length).toBeGreaterThan(0);
  });

  it("merging and deleting teams keeps the finished review's results", async () => {
    const { w, alfa, hrCtx } = await finishedWorld();
    const before = await resultsOf(alfa.id);
    expect(
      await mergeTeams(hrCtx, { teamId: w.alfa.id, otherTeamId: w.beta.id, remainingTeamId: w.beta.id }),
    ).toMatchObject({ ok: true });
    await deleteTeam(hrCtx, w.beta.id);
    expect(await resultsOf(alfa.id)).toEqual(before);
    const [row] = await getDb().select().from(reviews).where(eq(reviews.id, alfa.id));
    expect(row.teamName).toBe(w.alfa.name);
  });

  it("merging a tag moves the round's tag to the kept one; deleting a tag a round used is refused", async () => {
    const { w, alfa, hrCtx } = await finishedWorld();
    const before = await resultsOf(alfa.id);
    const db = getDb();
    const ids = { accountId: w.account.id, clusterId: w.cluster.id, kind: "personnel" as const };
    const [used, kept, free] = await db
      .insert(tags)
      .values([
        { ...ids, name: `Gebruikt ${uniqueSuffix()}` },
        { ...ids, name: `Blijft ${uniqueSuffix()}` },
        { ...ids, name: `Vrij ${uniqueSuffix()}` },
      ])
      .returning();
    await db.insert(reviewTags).values({ reviewId: w.roundId, tagId: used.id });

    expect(await mergeTags(hrCtx, { tagId: used.id, otherTagId: kept.id, remainingTagId: kept.id })).toMatchObject({
      ok: true,
    });
    const roundTags = await db.select().from(reviewTags).where(eq(reviewTags.reviewId, w.roundId));
    expect(roundTags.map((t) => t.tagId)).toEqual([kept.id]);

    // Through the page: the kept tag is named as used in a review and stays; the free one goes.
    const response = (await run(() =>
      deleteTagsAction({
        request: postForm("/personnel/tags/delete", { ids: [kept.id, free.id] }, w.hr.cookie),
        context: context(),
        params: {},
      }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(toastOf(response)).toMatchObject({
      type: "error",
      key: "tags:bulkDelete.usedInReviews",
      values: { count: 1, names: kept.name },
    });
    expect(await db.select().from(tags).where(eq(tags.id, kept.id))).toHaveLength(1);
    expect(await db.select().from(tags).where(eq(tags.id, free.id))).toHaveLength(0);
    expect(await resultsOf(alfa.id)).toEqual(before);
  });

  it("merging and deleting positions keeps the finished review's results", async () => {
    const { w, alfa, hrCtx } = await finishedWorld();
    const before = await resultsOf(alfa.id);
    const db = getDb();
    const ids = { accountId: w.account.id, clusterId: w.cluster.id };
    const [a, b, c] = await db
      .insert(positions)
      .values([
        { ...ids, name: `Functie A ${uniqueSuffix()}` },
        { ...ids, name: `Functie B ${uniqueSuffix()}` },
        { ...ids, name: `Functie C ${uniqueSuffix()}` },
      ])
      .returning();
    await db.insert(contracts).values({
      ...ids,
      membershipId: w.members[0].membership.id,
      positionId: a.id,
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      fte: "1.00",
    });
    expect(
      await mergePositions(hrCtx, { positionId: a.id, otherPositionId: b.id, remainingPositionId: b.id }),
    ).toMatchObject({ ok: true });
    expect(await bulkDeletePositions(hrCtx, [c.id])).toMatchObject({ deleted: 1 });
    expect(await resultsOf(alfa.id)).toEqual(before);
  });

  it("merging employees keeps the finished review's scores and results, under the remaining person", async () => {
    const { w, alfa, hrCtx } = await finishedWorld();
    const before = await resultsOf(alfa.id);
    const duplicate = await createUserWithMembership(getDb(), {
      accountId: w.account.id,
      clusterId: w.cluster.id,
      lastName: "Dubbel",
      roles: [{ role: "employee" }],
    });
    const subjectBefore = await subjectOf(alfa.id, w.members[0].membership.id);
    // The scored person goes; a person reviewed in the same review stays with their own entry.
    expect(
      await mergeEmployees(hrCtx, { keepId: duplicate.membership.id, removeId: w.members[0].membership.id }),
    ).toEqual({ ok: true });
    expect(
      await mergeEmployees(hrCtx, { keepId: w.members[2].membership.id, removeId: w.members[1].membership.id }),
    ).toEqual({ ok: true });
    expect(await resultsOf(alfa.id)).toEqual(before);
    expect((await subjectOf(alfa.id, duplicate.membership.id)).id).toBe(subjectBefore.id);
  });
});

describe("tenancy of ids in merges and rounds", () => {
  async function foreignCluster() {
    const db = getDb();
    const other = await createAccount(db);
    const cluster = await createClusterFor(db, other.id);
    return { accountId: other.id, clusterId: cluster.id };
  }

  it("mergePositions with a kept id of another tenant is a 404 and moves nothing", async () => {
    const w = await reviewWorld();
    const hrCtx = await contextFor(w.hr.cookie);
    const db = getDb();
    const ids = { accountId: w.account.id, clusterId: w.cluster.id };
    const [a, b] = await db
      .insert(positions)
      .values([
        { ...ids, name: `Eigen A ${uniqueSuffix()}` },
        { ...ids, name: `Eigen B ${uniqueSuffix()}` },
      ])
      .returning();
    const foreign = await foreignCluster();
    const [theirs] = await db
      .insert(positions)
      .values({ ...foreign, name: `Vreemd ${uniqueSuffix()}` })
      .returning();
    await db.insert(contracts).values({
      ...ids,
      membershipId: w.members[0].membership.id,
      positionId: a.id,
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      fte: "1.00",
    });

    const answer = await run(() =>
      mergePositions(hrCtx, { positionId: a.id, otherPositionId: b.id, remainingPositionId: theirs.id }),
    );
    expect((answer as Response).status).toBe(404);
    const [contract] = await db.select().from(contracts).where(eq(contracts.membershipId, w.members[0].membership.id));
    expect(contract.positionId).toBe(a.id);
    expect(
      await db
        .select()
        .from(positions)
        .where(inArray(positions.id, [a.id, b.id])),
    ).toHaveLength(2);
  });

  it("creating a round with a tag of another tenant is refused and creates nothing", async () => {
    const w = await reviewWorld();
    const hrCtx = await contextFor(w.hr.cookie);
    const foreign = await foreignCluster();
    const [theirs] = await getDb()
      .insert(tags)
      .values({ ...foreign, kind: "personnel", name: `Vreemd ${uniqueSuffix()}` })
      .returning();
    const countRounds = async () =>
      (
        await getDb()
          .select({ n: sql<number>`count(*)::int` })
          .from(reviews)
          .where(eq(reviews.clusterId, w.cluster.id))
      )[0].n;
    const before = await countRounds();
    const answer = await run(() =>
      createTeamReviewRound(hrCtx, {
        name: "Met vreemde tag",
        deadline: "2099-12-01",
        setId: w.set.id,
        teamIds: [w.alfa.id],
        tagIds: [theirs.id],
        leaderMembershipIds: [w.leader.membership.id],
        memberMembershipIds: [w.members[0].membership.id],
      }),
    );
    expect((answer as Response).status).toBe(404);
    expect(await countRounds()).toBe(before);
  });
});

describe("no second pool connection inside a transaction", () => {
  async function withPoolOfOne<T>(fn: () => Promise<T>): Promise<T> {
    await closeDb();
    const previous = process.env.DB_POOL_SIZE;
    process.env.DB_POOL_SIZE = "1";
    try {
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("stuck: a second connection was asked for inside a transaction")), 5000),
      );
      return await Promise.race([fn(), timeout]);
    } finally {
      if (previous === undefined) delete process.env.DB_POOL_SIZE;
      else process.env.DB_POOL_SIZE = previous;
      // A stuck transaction never gives its connection back, so do not wait for the pool to end.
      await Promise.race([closeDb(), new Promise((resolve) => setTimeout(resolve, 500))]);
    }
  }

  let w: World;
  beforeAll(async () => {
    w = await reviewWorld();
  });

  it("the API's evaluate save that finishes the review completes with a pool of one connection", async () => {
    const review = await teamReviewOf(w, w.beta.id);
    const ctx = await contextFor(w.otherLeader.cookie);
    const subject = await subjectOf(review.id, w.betaMember.membership.id);
    const result = await withPoolOfOne(() =>
      saveReviewFromApi(ctx, review.id, {
        isFinished: true,
        memberships: [{ id: subject.id, criteriaScores: [{ criterionId: w.chosen[0].id, score: 3 }] }],
      }),
    );
    expect(result).toEqual({ ok: true });
    const [row] = await getDb().select().from(reviews).where(eq(reviews.id, review.id));
    expect(row.isFinished).toBe(true);
  });

  it("deleting positions completes with a pool of one connection", async () => {
    const hrCtx = await contextFor(w.hr.cookie);
    const [p] = await getDb()
      .insert(positions)
      .values({ accountId: w.account.id, clusterId: w.cluster.id, name: `Weg ${uniqueSuffix()}` })
      .returning();
    const result = await withPoolOfOne(() => bulkDeletePositions(hrCtx, [p.id]));
    expect(result).toMatchObject({ deleted: 1 });
  });
});
