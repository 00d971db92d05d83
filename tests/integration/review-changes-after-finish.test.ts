import type { ActionFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { auditEvents } from "#db/schema";
import { finishTeamReview } from "~/features/reviews/review-state.server";
import { action as apiUpdateAction } from "~/routes/api+/reviews.update.$reviewId.membership.$id";
import { action as evaluationAction } from "~/routes/_app+/review+/evaluation.$id";
import { action as overviewAction } from "~/routes/_app+/teamreviews+/overview";
import { BASE, context, run } from "../support/http";
import { contextFor, reviewWorld, subjectOf, teamReviewOf } from "../support/reviews";

/** Issue #35: review scores changed after finishing are in the audit trail, with counts only (decision 1670). */

let w: Awaited<ReturnType<typeof reviewWorld>>;
/** The round's two team reviews (Alfa's and Beta's). */
let [alfaId, betaId] = ["", ""];

beforeAll(async () => {
  w = await reviewWorld();
  [alfaId, betaId] = await Promise.all([w.alfa.id, w.beta.id].map(async (team) => (await teamReviewOf(w, team)).id));
});

const changesOf = (reviewId: string) =>
  getDb()
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subjectId, reviewId), eq(auditEvents.action, "review.scoresChangedAfterFinish")));

function post(
  fn: (args: ActionFunctionArgs) => Promise<unknown>,
  path: string,
  body: string,
  cookie: string,
  params: Record<string, string> = {},
) {
  const request = new Request(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body,
  });
  return run(() => fn({ request, context: context(), params })) as Promise<Response>;
}

const apiSave = (reviewId: string, subjectId: string, criterionId: string, score: number) =>
  run(() =>
    apiUpdateAction({
      request: new Request(`${BASE}/api/reviews/update/${reviewId}/membership/${subjectId}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", Cookie: w.leader.cookie },
        body: JSON.stringify({ criteriaScores: [{ criterionId, score }] }),
      }),
      context: context(),
      params: { reviewId, id: subjectId },
    }),
  ) as Promise<Response>;

describe("review scores changed after finishing", () => {
  it("a change before finishing is not recorded; after HR's rollback the API's change is, with counts only", async () => {
    const subject = await subjectOf(alfaId, w.members[0].membership.id);
    const [c1, c2] = w.chosen;
    expect((await apiSave(alfaId, subject.id, c1.id, 3)).status).toBe(200);
    expect(await changesOf(alfaId)).toEqual([]);

    expect(await finishTeamReview(await contextFor(w.leader.cookie), alfaId)).toEqual({ ok: true });
    // Finished: the API refuses, nothing is recorded.
    expect((await apiSave(alfaId, subject.id, c1.id, 4)).status).toBe(422);
    expect(await changesOf(alfaId)).toEqual([]);

    const rolledBack = await post(
      overviewAction,
      "/teamreviews/overview",
      new URLSearchParams({ intent: "rollback", reviewId: alfaId }).toString(),
      w.hr.cookie,
    );
    expect(rolledBack.status).toBe(302);

    expect((await apiSave(alfaId, subject.id, c2.id, 4)).status).toBe(200);
    const rows = await changesOf(alfaId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      actorUserId: w.leader.user.id,
      subjectType: "review",
      data: { scores: 1, subjects: 1, goals: 0 },
    });
    // Ids and counts, never a score or a text.
    expect(JSON.stringify(rows[0].data)).not.toMatch(/"score"|Teamleider/);
  });

  it("the evaluation form's change after the round was locked and unlocked is recorded; an unchanged save is not", async () => {
    const lock = (intent: "lock" | "unlock") =>
      post(
        overviewAction,
        "/teamreviews/overview",
        new URLSearchParams({ intent, roundId: w.roundId }).toString(),
        w.hr.cookie,
      );
    expect((await lock("lock")).status).toBe(302);
    expect((await lock("unlock")).status).toBe(302);

    const subject = await subjectOf(betaId, w.betaMember.membership.id);
    const form = (score: string) =>
      post(
        evaluationAction,
        `/review/evaluation/${betaId}`,
        new URLSearchParams([
          ["subjectId", subject.id],
          ["intent", "save"],
          [`score.${w.chosen[0].id}`, score],
          [`score.${w.chosen[1].id}`, score],
        ]).toString(),
        w.otherLeader.cookie,
        { id: betaId },
      );
    const saved = await form("2");
    expect(saved.status).toBe(302);
    expect((await changesOf(betaId)).map((r) => r.data)).toEqual([{ scores: 2, subjects: 1, goals: 0 }]);
    // The same form again changes nothing: no second record.
    expect((await form("2")).status).toBe(302);
    expect(await changesOf(betaId)).toHaveLength(1);
  });
});
