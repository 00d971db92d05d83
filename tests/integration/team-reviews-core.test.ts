import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { reviews, reviewScores, reviewSubjects, reviewTeamStats } from "#db/schema";
import {
  confirmCompletion,
  finishTeamReview,
  rollbackCompletion,
  setRoundLocked,
} from "~/features/reviews/review-state.server";
import { getEvaluation } from "~/features/reviews/evaluation.server";
import { requireTeamReview } from "~/features/reviews/review-access.server";
import { saveEvaluation } from "~/features/reviews/review-scores.server";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { run } from "../support/http";
import { contextFor, reviewWorld } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

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

async function subjectOf(reviewId: string, membershipId: string) {
  const [row] = await getDb()
    .select()
    .from(reviewSubjects)
    .where(and(eq(reviewSubjects.reviewId, reviewId), eq(reviewSubjects.membershipId, membershipId)));
  return row;
}

describe("team review rounds", () => {
  it("creates one team review per team with its members, the set's criteria and empty stats", async () => {
    const leaderCtx = await contextFor(w.leader.cookie);
    const evaluation = await getEvaluation(leaderCtx, alfaReviewId);
    expect(evaluation.subjects.map((s) => s.lastName)).toEqual(["Aalders", "Bakker", "Claes"]);
    expect(evaluation.criteria).toHaveLength(6);
    expect(evaluation.criteria.every((c) => c.belongsToSet && c.locked)).toBe(true);
    expect(evaluation.reviewers.map((r) => r.lastName)).toEqual(["Leider"]);
    const [stats] = await getDb().select().from(reviewTeamStats).where(eq(reviewTeamStats.reviewId, alfaReviewId));
    expect(stats).toMatchObject({ subjects: 3, startedSubjects: 0, completeSubjects: 0, roundId: w.roundId });
  });

  it("a leader cannot open another team's review, nor a user of another account any of them (404)", async () => {
    const leaderCtx = await contextFor(w.leader.cookie);
    const denied = await run(() => requireTeamReview(leaderCtx, betaReviewId));
    expect((denied as Response).status).toBe(404);

    const db = getDb();
    const other = await createAccount(db);
    const otherCluster = await createClusterFor(db, other.id);
    const outsider = await createUserWithMembership(db, {
      accountId: other.id,
      clusterId: otherCluster.id,
      roles: [{ role: "cluster_admin" }],
    });
    const { cookie } = await sessionCookieFor({
      userId: outsider.user.id,
      accountId: other.id,
      clusterId: otherCluster.id,
    });
    const outsiderCtx = await contextFor(cookie);
    expect(((await run(() => requireTeamReview(outsiderCtx, alfaReviewId))) as Response).status).toBe(404);
    expect(((await run(() => requireTeamReview(outsiderCtx, "not-a-uuid"))) as Response).status).toBe(404);
  });
});

describe("evaluating", () => {
  it("stores scores and derives dimension scores, role and team stats", async () => {
    const ctx = await contextFor(w.leader.cookie);
    const subject = await subjectOf(alfaReviewId, w.members[0].membership.id);
    const result = await saveEvaluation(ctx, alfaReviewId, {
      scores: w.chosen.map((c) => ({ subjectId: subject.id, criterionId: c.id, score: 5 })),
      developmentGoals: [{ subjectId: subject.id, goal: "Leert plannen" }],
    });
    expect(result).toEqual({ ok: true });
    expect(await subjectOf(alfaReviewId, w.members[0].membership.id)).toMatchObject({
      performance: 5,
      potential: 5,
      employability: 5,
      developmentRole: 5,
      scoredCount: 6,
      developmentGoal: "Leert plannen",
    });
    const [stats] = await getDb().select().from(reviewTeamStats).where(eq(reviewTeamStats.reviewId, alfaReviewId));
    expect(stats).toMatchObject({ startedSubjects: 1, completeSubjects: 1, roleCounts: { "5": 1, none: 2 } });
  });

  it("two sessions saving different criteria of the same person at once keep both scores", async () => {
    const leaderCtx = await contextFor(w.leader.cookie);
    const hrCtx = await contextFor(w.hr.cookie);
    const subject = await subjectOf(alfaReviewId, w.members[1].membership.id);
    const [a, b] = await Promise.all([
      saveEvaluation(leaderCtx, alfaReviewId, {
        scores: [{ subjectId: subject.id, criterionId: w.chosen[0].id, score: 4 }],
      }),
      saveEvaluation(hrCtx, alfaReviewId, {
        scores: [{ subjectId: subject.id, criterionId: w.chosen[2].id, score: 2 }],
      }),
    ]);
    expect([a, b]).toEqual([{ ok: true }, { ok: true }]);
    const rows = await getDb().select().from(reviewScores).where(eq(reviewScores.subjectId, subject.id));
    expect(rows.map((r) => r.score).sort()).toEqual([2, 4]);
    expect(await subjectOf(alfaReviewId, w.members[1].membership.id)).toMatchObject({
      performance: 4,
      potential: 2,
      scoredCount: 2,
    });
  });

  it("a score given by someone else can be changed but not switched off", async () => {
    const hrCtx = await contextFor(w.hr.cookie);
    const subject = await subjectOf(alfaReviewId, w.members[1].membership.id);
    const off = await saveEvaluation(hrCtx, alfaReviewId, {
      scores: [{ subjectId: subject.id, criterionId: w.chosen[0].id, score: null }],
    });
    expect(off).toMatchObject({ ok: false, code: "scoreOfOther", criterionId: w.chosen[0].id });
    const changed = await saveEvaluation(hrCtx, alfaReviewId, {
      scores: [{ subjectId: subject.id, criterionId: w.chosen[0].id, score: 3 }],
    });
    expect(changed).toEqual({ ok: true });
    const ownOff = await saveEvaluation(hrCtx, alfaReviewId, {
      scores: [{ subjectId: subject.id, criterionId: w.chosen[0].id, score: null }],
    });
    expect(ownOff).toEqual({ ok: true });
  });

  it("refuses scores outside the scale, criteria outside the review and members of another team", async () => {
    const ctx = await contextFor(w.leader.cookie);
    const subject = await subjectOf(alfaReviewId, w.members[2].membership.id);
    const betaSubject = await subjectOf(betaReviewId, w.betaMember.membership.id);
    expect(
      await saveEvaluation(ctx, alfaReviewId, {
        scores: [{ subjectId: subject.id, criterionId: w.chosen[0].id, score: 9 }],
      }),
    ).toMatchObject({ ok: false, code: "invalidScore" });
    expect(
      await saveEvaluation(ctx, alfaReviewId, {
        scores: [{ subjectId: betaSubject.id, criterionId: w.chosen[0].id, score: 3 }],
      }),
    ).toMatchObject({ ok: false, code: "unknownSubject" });
    const rows = await getDb().select().from(reviewScores).where(eq(reviewScores.subjectId, betaSubject.id));
    expect(rows).toHaveLength(0);
  });
});

describe("finishing, confirming, rolling back and locking", () => {
  it("a finished review is read-only until HR rolls it back; leaders cannot roll back", async () => {
    const leaderCtx = await contextFor(w.leader.cookie);
    const hrCtx = await contextFor(w.hr.cookie);
    expect(await finishTeamReview(leaderCtx, alfaReviewId)).toEqual({ ok: true });
    expect((await getEvaluation(leaderCtx, alfaReviewId)).readOnly).toBe(true);
    const subject = await subjectOf(alfaReviewId, w.members[2].membership.id);
    expect(
      await saveEvaluation(leaderCtx, alfaReviewId, {
        scores: [{ subjectId: subject.id, criterionId: w.chosen[0].id, score: 3 }],
      }),
    ).toMatchObject({ ok: false, code: "finished" });

    expect(((await run(() => rollbackCompletion(leaderCtx, alfaReviewId))) as Response).status).toBe(404);
    expect(await confirmCompletion(hrCtx, alfaReviewId)).toEqual({ ok: true });
    expect(await rollbackCompletion(hrCtx, alfaReviewId)).toEqual({ ok: true });
    const [row] = await getDb().select().from(reviews).where(eq(reviews.id, alfaReviewId));
    expect(row).toMatchObject({ isFinished: false, completionConfirmedAt: null });
  });

  it("a locked round cannot be scored", async () => {
    const hrCtx = await contextFor(w.hr.cookie);
    const leaderCtx = await contextFor(w.leader.cookie);
    await setRoundLocked(hrCtx, w.roundId, true);
    const subject = await subjectOf(alfaReviewId, w.members[2].membership.id);
    expect(
      await saveEvaluation(leaderCtx, alfaReviewId, {
        scores: [{ subjectId: subject.id, criterionId: w.chosen[0].id, score: 3 }],
      }),
    ).toMatchObject({ ok: false, code: "locked" });
    await setRoundLocked(hrCtx, w.roundId, false);
    expect(
      await saveEvaluation(leaderCtx, alfaReviewId, {
        scores: [{ subjectId: subject.id, criterionId: w.chosen[0].id, score: 3 }],
      }),
    ).toEqual({ ok: true });
  });
});

describe("a refused save writes nothing", () => {
  it("keeps the scores saved before the refused change of the same save out of the database", async () => {
    const w2 = await reviewWorld();
    const [child] = await getDb()
      .select()
      .from(reviews)
      .where(and(eq(reviews.parentId, w2.roundId), eq(reviews.teamId, w2.alfa.id)));
    const leaderCtx = await contextFor(w2.leader.cookie);
    const hrCtx = await contextFor(w2.hr.cookie);
    const [subject] = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.reviewId, child.id));
    await saveEvaluation(leaderCtx, child.id, {
      scores: [{ subjectId: subject.id, criterionId: w2.chosen[0].id, score: 4 }],
    });
    // HR scores a new criterion and, in the same save, switches off the leader's score: refused as a whole.
    const refused = await saveEvaluation(hrCtx, child.id, {
      scores: [
        { subjectId: subject.id, criterionId: w2.chosen[1].id, score: 2 },
        { subjectId: subject.id, criterionId: w2.chosen[0].id, score: null },
      ],
    });
    expect(refused).toMatchObject({ ok: false, code: "scoreOfOther" });
    const rows = await getDb().select().from(reviewScores).where(eq(reviewScores.subjectId, subject.id));
    expect(rows.map((r) => [r.criterionId, r.score])).toEqual([[w2.chosen[0].id, 4]]);
  });
});
