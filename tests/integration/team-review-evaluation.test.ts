import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { criteria, reviewCriteria, reviews, reviewScores, reviewSubjects, reviewTeamStats } from "#db/schema";
import { saveEvaluation } from "~/features/reviews/review-scores.server";
import { setRoundLocked } from "~/features/reviews/review-state.server";
import { action as apiReviewAction, loader as apiReviewLoader } from "~/routes/api+/reviews.$id";
import { action as apiMemberAction } from "~/routes/api+/reviews.$id.member";
import { action as apiUpdateAction } from "~/routes/api+/reviews.update.$reviewId.membership.$id";
import { action as criteriaAction, loader as criteriaLoader } from "~/routes/_app+/review+/evaluation.$id_.criteria";
import { action as finishAction, loader as finishLoader } from "~/routes/_app+/review+/evaluation.$id_.finish";
import { action as evaluationAction, loader as evaluationLoader } from "~/routes/_app+/review+/evaluation.$id";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, getRequest, run, unwrapData } from "../support/http";
import { contextFor, reviewWorld } from "../support/reviews";
import { refusing } from "../support/refusing";
import { sessionCookieFor } from "../support/session";

type World = Awaited<ReturnType<typeof reviewWorld>>;
type AnyLoader = (args: LoaderFunctionArgs) => Promise<unknown>;
type AnyAction = (args: ActionFunctionArgs) => Promise<unknown>;

let w: World;
let alfaId: string;
let betaId: string;
let outsiderCookie: string;

async function teamReviewsOf(world: World) {
  const children = await getDb().select().from(reviews).where(eq(reviews.parentId, world.roundId));
  return {
    alfa: children.find((r) => r.teamId === world.alfa.id)!.id,
    beta: children.find((r) => r.teamId === world.beta.id)!.id,
  };
}

beforeAll(async () => {
  w = await reviewWorld();
  ({ alfa: alfaId, beta: betaId } = await teamReviewsOf(w));
  const db = getDb();
  const other = await createAccount(db);
  const otherCluster = await createClusterFor(db, other.id);
  const outsider = await createUserWithMembership(db, {
    accountId: other.id,
    clusterId: otherCluster.id,
    roles: [{ role: "cluster_admin" }],
  });
  outsiderCookie = (
    await sessionCookieFor({ userId: outsider.user.id, accountId: other.id, clusterId: otherCluster.id })
  ).cookie;
});

const load = (fn: AnyLoader, path: string, cookie: string, params: Record<string, string>) =>
  run(() => fn({ request: getRequest(path, cookie), context: context(), params }));

function postForm(
  fn: AnyAction,
  path: string,
  fields: [string, string][],
  cookie: string,
  params: Record<string, string>,
) {
  const body = new URLSearchParams();
  for (const [k, v] of fields) body.append(k, v);
  const request = new Request(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: body.toString(),
  });
  return run(() => fn({ request, context: context(), params }));
}

async function callJson(
  fn: AnyAction | AnyLoader,
  method: string,
  path: string,
  cookie: string,
  params: Record<string, string>,
  body?: unknown,
) {
  const request = new Request(BASE + path, {
    method,
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const response = (await run(() => fn({ request, context: context(), params }))) as Response;
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

async function subjectsOf(reviewId: string) {
  return getDb()
    .select()
    .from(reviewSubjects)
    .where(eq(reviewSubjects.reviewId, reviewId))
    .then((rows) => rows);
}

async function scoreRow(subjectId: string, criterionId: string) {
  const [row] = await getDb()
    .select()
    .from(reviewScores)
    .where(and(eq(reviewScores.subjectId, subjectId), eq(reviewScores.criterionId, criterionId)));
  return row ?? null;
}

type EvaluationData = {
  review: { readOnly: string | null; name: string };
  members: { id: string; name: string; scoredCount: number; complete: boolean }[];
  selected: { id: string; values: Record<string, string>; nextId: string; role: string | null } | null;
  criteria: { criterionId: string; dimension: number }[];
};

describe("evaluation page", () => {
  it("shows the leader's own team review with its members and opens the first member not yet complete", async () => {
    const result = (await load(evaluationLoader, `/review/evaluation/${alfaId}`, w.leader.cookie, {
      id: alfaId,
    })) as EvaluationData;
    expect(result.review.name).toBe("Teamreview najaar");
    expect(result.members.map((m) => m.name)).toEqual(["Test Aalders", "Test Bakker", "Test Claes"]);
    expect(result.criteria).toHaveLength(6);
    expect(result.selected?.id).toBe(result.members[0].id);
    expect(Object.values(result.selected!.values).every((v) => v === "off")).toBe(true);
  });

  it("is a 404 for a leader of another team and for a user of another account", async () => {
    for (const [cookie, id] of [
      [w.otherLeader.cookie, alfaId],
      [w.leader.cookie, betaId],
      [outsiderCookie, alfaId],
    ]) {
      const page = (await load(evaluationLoader, `/review/evaluation/${id}`, cookie, { id })) as Response;
      expect(page.status).toBe(404);
      const saved = (await postForm(evaluationAction, `/review/evaluation/${id}`, [], cookie, { id })) as Response;
      expect(saved.status).toBe(404);
      for (const fn of [finishLoader, criteriaLoader])
        expect(((await load(fn, `/review/evaluation/${id}/x`, cookie, { id })) as Response).status).toBe(404);
    }
    const missing = (await load(evaluationLoader, "/review/evaluation/nope", w.leader.cookie, {
      id: "nope",
    })) as Response;
    expect(missing.status).toBe(404);
  });

  it("needs reviews.manage and the team-review module (pages go to the dashboard, the API answers 403)", async () => {
    const db = getDb();
    const employee = await createUserWithMembership(db, {
      accountId: w.account.id,
      clusterId: w.cluster.id,
      roles: [{ role: "employee" }],
    });
    const employeeCookie = (
      await sessionCookieFor({ userId: employee.user.id, accountId: w.account.id, clusterId: w.cluster.id })
    ).cookie;
    const account = await createAccount(db);
    const noModule = await createClusterFor(db, account.id, { modules: [] });
    const admin = await createUserWithMembership(db, {
      accountId: account.id,
      clusterId: noModule.id,
      roles: [{ role: "cluster_admin" }],
    });
    const adminCookie = (
      await sessionCookieFor({ userId: admin.user.id, accountId: account.id, clusterId: noModule.id })
    ).cookie;
    for (const cookie of [employeeCookie, adminCookie]) {
      const page = (await load(evaluationLoader, `/review/evaluation/${alfaId}`, cookie, { id: alfaId })) as Response;
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/dashboard");
      const api = await callJson(apiReviewLoader, "GET", `/api/reviews/${alfaId}`, cookie, { id: alfaId });
      expect(api.status).toBe(403);
    }
  });

  it("saves only the scores that changed (without JavaScript) and goes to the next member", async () => {
    const [aalders] = (await subjectsOf(alfaId)).filter((s) => s.membershipId === w.members[0].membership.id);
    const [c1, c2, c3] = w.chosen;
    // HR gave c1 a score earlier; the leader's form shows it unchanged and must not take it over.
    const hrCtx = await contextFor(w.hr.cookie);
    expect(
      (await saveEvaluation(hrCtx, alfaId, { scores: [{ subjectId: aalders.id, criterionId: c1.id, score: 2 }] })).ok,
    ).toBe(true);
    const fields: [string, string][] = [
      ["subjectId", aalders.id],
      ["intent", "saveNext"],
      [`score.${c1.id}`, "2"],
      [`score.${c2.id}`, "4"],
      [`score.${c3.id}`, "0"],
      ...w.chosen.slice(3).map((c): [string, string] => [`score.${c.id}`, "off"]),
      ["developmentGoal", "Meer coachen"],
    ];
    const response = (await postForm(evaluationAction, `/review/evaluation/${alfaId}`, fields, w.leader.cookie, {
      id: alfaId,
    })) as Response;
    expect(response.status).toBe(302);
    const bakker = (await subjectsOf(alfaId)).find((s) => s.membershipId === w.members[1].membership.id)!;
    expect(response.headers.get("Location")).toBe(`/review/evaluation/${alfaId}?member=${bakker.id}`);
    expect(response.headers.get("Set-Cookie")).toBeTruthy();

    expect((await scoreRow(aalders.id, c1.id))?.scoredBy).toBe(w.hr.membership.id);
    expect(await scoreRow(aalders.id, c2.id)).toMatchObject({ score: 4, scoredBy: w.leader.membership.id });
    expect(await scoreRow(aalders.id, c3.id)).toMatchObject({ score: 0 });
    expect(await scoreRow(aalders.id, w.chosen[3].id)).toBeNull();
    const [updated] = (await subjectsOf(alfaId)).filter((s) => s.id === aalders.id);
    expect(updated).toMatchObject({ scoredCount: 3, developmentGoal: "Meer coachen" });

    const page = (await load(evaluationLoader, `/review/evaluation/${alfaId}?member=${aalders.id}`, w.leader.cookie, {
      id: alfaId,
    })) as EvaluationData;
    expect(page.selected!.values[c2.id]).toBe("4");
    expect(page.selected!.values[c3.id]).toBe("0");
    expect(page.members[0].scoredCount).toBe(3);
  });

  it("refuses to switch off someone else's score, next to that criterion, keeping what was typed", async () => {
    const [aalders] = (await subjectsOf(alfaId)).filter((s) => s.membershipId === w.members[0].membership.id);
    const [c1, c2] = w.chosen;
    const response = await postForm(
      evaluationAction,
      `/review/evaluation/${alfaId}`,
      [
        ["subjectId", aalders.id],
        ["intent", "save"],
        [`score.${c1.id}`, "off"],
        [`score.${c2.id}`, "5"],
        ["developmentGoal", "Nieuw doel"],
      ],
      w.leader.cookie,
      { id: alfaId },
    );
    const { status, data } = unwrapData(response);
    expect(status).toBe(422);
    const reply = data as { initialValue: Record<string, unknown>; error: Record<string, string[]> };
    expect(reply.error[`score.${c1.id}`]).toEqual(["evaluation:errors.scoreOfOther"]);
    expect(reply.initialValue).toMatchObject({
      subjectId: aalders.id,
      score: { [c1.id]: "off", [c2.id]: "5" },
      developmentGoal: "Nieuw doel",
    });
    // Nothing of the refused form was saved.
    expect(await scoreRow(aalders.id, c1.id)).toMatchObject({ score: 2 });
    expect(await scoreRow(aalders.id, c2.id)).toMatchObject({ score: 4 });

    // The auto-save gets the server's message as a 422.
    const auto = unwrapData(
      await postForm(
        evaluationAction,
        `/review/evaluation/${alfaId}`,
        [
          ["subjectId", aalders.id],
          ["autosave", "1"],
          [`score.${c1.id}`, "off"],
        ],
        w.leader.cookie,
        { id: alfaId },
      ),
    );
    expect(auto.status).toBe(422);
    expect(auto.data).toEqual({
      ok: false,
      message: "Deze score is door iemand anders gegeven. Je kunt hem wijzigen, maar niet verwijderen.",
    });
    // Changing someone else's score is allowed.
    const changed = unwrapData(
      await postForm(
        evaluationAction,
        `/review/evaluation/${alfaId}`,
        [
          ["subjectId", aalders.id],
          ["autosave", "1"],
          [`score.${c1.id}`, "3"],
        ],
        w.leader.cookie,
        { id: alfaId },
      ),
    );
    expect(changed).toMatchObject({ status: 200, data: { ok: true, message: "Opgeslagen" } });
    expect(await scoreRow(aalders.id, c1.id)).toMatchObject({ score: 3, scoredBy: w.leader.membership.id });
  });

  it("answers a save that fails past its checks with the form as typed, 409 and the message (decision 1840)", async () => {
    const [aalders] = (await subjectsOf(alfaId)).filter((s) => s.membershipId === w.members[0].membership.id);
    const criterionId = w.chosen[4].id;
    const fields: [string, string][] = [
      ["subjectId", aalders.id],
      [`score.${criterionId}`, "1"],
      ["developmentGoal", "Weigert 1882"],
    ];
    await refusing("review_scores", "insert", `new.subject_id = '${aalders.id}'`, async () => {
      const refused = unwrapData(
        await postForm(evaluationAction, `/review/evaluation/${alfaId}`, fields, w.leader.cookie, { id: alfaId }),
      );
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({
        initialValue: { score: { [criterionId]: "1" }, developmentGoal: "Weigert 1882" },
        error: { "": ["common:actionFailed.save?item=score"] },
      });
    });
    expect(await scoreRow(aalders.id, criterionId)).toBeNull();
  });

  it("refuses a value outside the scale without a 500", async () => {
    const [aalders] = (await subjectsOf(alfaId)).filter((s) => s.membershipId === w.members[0].membership.id);
    const { status, data } = unwrapData(
      await postForm(
        evaluationAction,
        `/review/evaluation/${alfaId}`,
        [
          ["subjectId", aalders.id],
          [`score.${w.chosen[4].id}`, "9"],
        ],
        w.leader.cookie,
        { id: alfaId },
      ),
    );
    expect(status).toBe(422);
    expect((data as { error: Record<string, string[]> }).error[`score.${w.chosen[4].id}`]).toEqual([
      "evaluation:errors.invalidScore",
    ]);
    const bad = unwrapData(
      await postForm(evaluationAction, `/review/evaluation/${alfaId}`, [["subjectId", "x"]], w.leader.cookie, {
        id: alfaId,
      }),
    );
    expect(bad.status).toBe(400);
    // A field name that is no criterion is ignored, never a 500.
    const unreadable = (await postForm(
      evaluationAction,
      `/review/evaluation/${alfaId}`,
      [
        ["subjectId", aalders.id],
        ["score[", "1"],
      ],
      w.leader.cookie,
      { id: alfaId },
    )) as Response;
    expect(unreadable.status).toBe(302);
  });
});

describe("criteria of the review", () => {
  it("adds extras up to the set's flex, keeps set criteria and removes extras with their scores", async () => {
    const path = `/review/evaluation/${alfaId}/criteria`;
    type CriteriaData = {
      dimensions: {
        dimension: number;
        remaining: number | null;
        criteria: { id: string; locked: boolean }[];
        addable: { id: string }[];
      }[];
    };
    const before = (await load(criteriaLoader, path, w.leader.cookie, { id: alfaId })) as CriteriaData;
    const d1 = before.dimensions[0];
    expect(d1.remaining).toBe(1);
    expect(d1.criteria.every((c) => c.locked)).toBe(true);
    const [extra, second] = d1.addable;

    const added = (await postForm(
      criteriaAction,
      path,
      [
        ["intent", "add"],
        ["criterionId", extra.id],
        ["dimension", "1"],
      ],
      w.leader.cookie,
      { id: alfaId },
    )) as Response;
    expect(added.status).toBe(302);
    const after = (await load(criteriaLoader, path, w.leader.cookie, { id: alfaId })) as CriteriaData;
    expect(after.dimensions[0].remaining).toBe(0);
    expect(after.dimensions[0].criteria.map((c) => c.id)).toContain(extra.id);
    const [stats] = await getDb().select().from(reviewTeamStats).where(eq(reviewTeamStats.reviewId, alfaId));
    expect(stats.completeSubjects).toBe(0);

    const tooMany = unwrapData(
      await postForm(
        criteriaAction,
        path,
        [
          ["intent", "add"],
          ["criterionId", second.id],
          ["dimension", "1"],
        ],
        w.leader.cookie,
        { id: alfaId },
      ),
    );
    expect(tooMany).toMatchObject({ status: 422, data: { dimension: "1", error: "evaluation:errors.flexExceeded" } });

    const fromSet = unwrapData(
      await postForm(
        criteriaAction,
        path,
        [
          ["intent", "remove"],
          ["criterionId", w.chosen[0].id],
        ],
        w.leader.cookie,
        { id: alfaId },
      ),
    );
    expect(fromSet).toMatchObject({ status: 422, data: { error: "evaluation:errors.fromSet" } });

    // A score on the extra criterion goes when the criterion goes.
    const [aalders] = (await subjectsOf(alfaId)).filter((s) => s.membershipId === w.members[0].membership.id);
    const leaderCtx = await contextFor(w.leader.cookie);
    await saveEvaluation(leaderCtx, alfaId, { scores: [{ subjectId: aalders.id, criterionId: extra.id, score: 5 }] });
    const removed = (await postForm(
      criteriaAction,
      path,
      [
        ["intent", "remove"],
        ["criterionId", extra.id],
      ],
      w.leader.cookie,
      { id: alfaId },
    )) as Response;
    expect(removed.status).toBe(302);
    expect(await scoreRow(aalders.id, extra.id)).toBeNull();
    const [refreshed] = (await subjectsOf(alfaId)).filter((s) => s.id === aalders.id);
    expect(refreshed.scoredCount).toBe(3);
    const rows = await getDb().select().from(reviewCriteria).where(eq(reviewCriteria.reviewId, alfaId));
    expect(rows).toHaveLength(6);
  });
});

describe("locking and finishing", () => {
  it("makes the evaluation read-only while the round is locked", async () => {
    const hrCtx = await contextFor(w.hr.cookie);
    await setRoundLocked(hrCtx, w.roundId, true);
    try {
      const page = (await load(evaluationLoader, `/review/evaluation/${betaId}`, w.otherLeader.cookie, {
        id: betaId,
      })) as EvaluationData;
      expect(page.review.readOnly).toBe("locked");
      const subjectId = page.selected!.id;
      const saved = unwrapData(
        await postForm(
          evaluationAction,
          `/review/evaluation/${betaId}`,
          [
            ["subjectId", subjectId],
            [`score.${w.chosen[0].id}`, "3"],
          ],
          w.otherLeader.cookie,
          { id: betaId },
        ),
      );
      expect(saved.status).toBe(422);
      expect((saved.data as { error: Record<string, string[]> }).error[""]).toEqual(["evaluation:errors.locked"]);
      const added = unwrapData(
        await postForm(
          criteriaAction,
          `/review/evaluation/${betaId}/criteria`,
          [
            ["intent", "add"],
            ["criterionId", w.chosen[0].id],
          ],
          w.otherLeader.cookie,
          { id: betaId },
        ),
      );
      expect(added).toMatchObject({ status: 422, data: { error: "evaluation:errors.locked" } });
    } finally {
      await setRoundLocked(hrCtx, w.roundId, false);
    }
  });

  it("lists unscored criteria per member, finishes and is read-only afterwards", async () => {
    const path = `/review/evaluation/${alfaId}/finish`;
    type FinishData = { review: { readOnly: string | null }; unscored: { name: string; missing: string[] }[] };
    const confirm = (await load(finishLoader, path, w.leader.cookie, { id: alfaId })) as FinishData;
    expect(confirm.review.readOnly).toBeNull();
    expect(confirm.unscored.map((u) => u.name)).toEqual(["Test Aalders", "Test Bakker", "Test Claes"]);
    const [bookNames] = await Promise.all([getDb().select({ id: criteria.id, name: criteria.name }).from(criteria)]);
    const nameOf = (id: string) => bookNames.find((c) => c.id === id)!.name;
    // Aalders has c1..c3 (c3 not-rated counts as scored); c4..c6 are missing.
    expect(confirm.unscored[0].missing).toEqual(w.chosen.slice(3).map((c) => nameOf(c.id)));
    expect(confirm.unscored[1].missing).toHaveLength(6);

    const finished = (await postForm(finishAction, path, [], w.leader.cookie, { id: alfaId })) as Response;
    expect(finished.status).toBe(302);
    expect(finished.headers.get("Location")).toBe(`/review/evaluation/${alfaId}`);

    const page = (await load(evaluationLoader, `/review/evaluation/${alfaId}`, w.leader.cookie, {
      id: alfaId,
    })) as EvaluationData;
    expect(page.review.readOnly).toBe("finished");
    const saved = unwrapData(
      await postForm(
        evaluationAction,
        `/review/evaluation/${alfaId}`,
        [
          ["subjectId", page.selected!.id],
          [`score.${w.chosen[5].id}`, "3"],
        ],
        w.leader.cookie,
        { id: alfaId },
      ),
    );
    expect(saved.status).toBe(422);
    expect((saved.data as { error: Record<string, string[]> }).error[""]).toEqual(["evaluation:errors.finished"]);
    const again = (await postForm(finishAction, path, [], w.leader.cookie, { id: alfaId })) as Response;
    expect(again.status).toBe(302);
    expect(((await load(finishLoader, path, w.leader.cookie, { id: alfaId })) as FinishData).review.readOnly).toBe(
      "finished",
    );
  });
});

describe("review API", () => {
  let api: World;
  let reviewId: string;
  let otherReviewId: string;

  beforeAll(async () => {
    api = await reviewWorld();
    ({ alfa: reviewId, beta: otherReviewId } = await teamReviewsOf(api));
  });

  type Entry = {
    id: string;
    membershipId: string;
    score: Record<string, number | null>;
    criteriaScores: {
      id: string;
      criterionId: string;
      dimension: number;
      isManual: boolean;
      name: string;
      score: number;
    }[];
    developmentGoal: string;
  };

  it("GET gives the review with criteria per dimension and member entries; 404 outside the scope", async () => {
    const { status, json } = await callJson(apiReviewLoader, "GET", `/api/reviews/${reviewId}`, api.leader.cookie, {
      id: reviewId,
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: reviewId, isFinished: 0, locked: false, scale: 5 });
    const dims = json.criteria as { dimension: number; criteria: unknown[] }[];
    expect(dims.map((d) => [d.dimension, d.criteria.length])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
    expect((json.memberships as Entry[]).map((m) => m.membershipId)).toEqual(api.members.map((m) => m.membership.id));

    for (const [cookie, id] of [
      [api.leader.cookie, otherReviewId],
      [outsiderCookie, reviewId],
    ]) {
      const denied = await callJson(apiReviewLoader, "GET", `/api/reviews/${id}`, cookie, { id });
      expect(denied.status).toBe(404);
    }
    const anonymous = await callJson(apiReviewLoader, "GET", `/api/reviews/${reviewId}`, "", { id: reviewId });
    expect(anonymous.status).toBe(401);
  });

  it("POST member gives one entry; update saves one member's scores; 422 and 404 as the rules say", async () => {
    const member = await callJson(
      apiMemberAction,
      "POST",
      `/api/reviews/${reviewId}/member`,
      api.leader.cookie,
      { id: reviewId },
      {
        membershipId: api.members[0].membership.id,
      },
    );
    expect(member.status).toBe(200);
    const entry = member.json as unknown as Entry;
    expect(entry.criteriaScores).toEqual([]);
    const notMember = await callJson(
      apiMemberAction,
      "POST",
      `/api/reviews/${reviewId}/member`,
      api.leader.cookie,
      { id: reviewId },
      {
        membershipId: api.betaMember.membership.id,
      },
    );
    expect(notMember.status).toBe(404);

    const path = `/api/reviews/update/${reviewId}/membership/${entry.id}`;
    const params = { reviewId, id: entry.id };
    const saved = await callJson(apiUpdateAction, "POST", path, api.leader.cookie, params, {
      criteriaScores: api.chosen.map((c) => ({ criterionId: c.id, score: 5 })),
      developmentGoal: "Teamleider worden",
    });
    expect(saved.status).toBe(200);
    const after = saved.json as unknown as Entry;
    expect(after.criteriaScores).toHaveLength(6);
    expect(after.criteriaScores[0]).toMatchObject({ criterionId: api.chosen[0].id, score: 5, isManual: true });
    expect(after.score).toEqual({ 1: 5, 2: 5, 3: 5 });
    expect(after.developmentGoal).toBe("Teamleider worden");

    // HR changes one score; the leader may change it but not delete it.
    const hrCtx = await contextFor(api.hr.cookie);
    await saveEvaluation(hrCtx, reviewId, {
      scores: [{ subjectId: entry.id, criterionId: api.chosen[1].id, score: 2 }],
    });
    const refused = await callJson(apiUpdateAction, "POST", path, api.leader.cookie, params, {
      criteriaScores: [
        { criterionId: api.chosen[0].id, score: 1 },
        { criterionId: api.chosen[1].id, score: null },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.json.message).toBe(
      "Deze score is door iemand anders gegeven. Je kunt hem wijzigen, maar niet verwijderen.",
    );
    expect(await scoreRow(entry.id, api.chosen[0].id)).toMatchObject({ score: 5 });

    const outOfScale = await callJson(apiUpdateAction, "POST", path, api.leader.cookie, params, {
      criteriaScores: [{ criterionId: api.chosen[0].id, score: 7 }],
    });
    expect(outOfScale.status).toBe(422);
    const otherTeam = await callJson(
      apiUpdateAction,
      "POST",
      `/api/reviews/update/${otherReviewId}/membership/${entry.id}`,
      api.leader.cookie,
      { reviewId: otherReviewId, id: entry.id },
      { criteriaScores: [] },
    );
    expect(otherTeam.status).toBe(404);
    const bad = await callJson(apiUpdateAction, "POST", path, api.leader.cookie, params, { criteriaScores: "x" });
    expect(bad.status).toBe(422);
  });

  it("PUT checks the criteria selection against the set, saves scores and finishes", async () => {
    const path = `/api/reviews/${reviewId}`;
    const params = { id: reviewId };
    const book = await getDb()
      .select({ id: criteria.id, dimension: criteria.dimension })
      .from(criteria)
      .where(eq(criteria.clusterId, api.cluster.id));
    const extras = book.filter((c) => c.dimension === 1 && !api.chosen.some((x) => x.id === c.id));
    const setCriteria = api.chosen.map((c) => ({ id: c.id, dimension: c.dimension }));

    const tooMany = await callJson(apiReviewAction, "PUT", path, api.leader.cookie, params, {
      isFinished: 0,
      criteria: [...setCriteria, ...extras.slice(0, 2).map((c) => ({ id: c.id, dimension: 1 }))],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.message).toBe("Je kunt in deze dimensie geen criteria meer toevoegen.");

    const dropped = await callJson(apiReviewAction, "PUT", path, api.leader.cookie, params, {
      criteria: setCriteria.slice(1),
    });
    expect(dropped).toMatchObject({ status: 422, json: { code: "fromSet" } });

    const subjects = await subjectsOf(reviewId);
    const claes = subjects.find((s) => s.membershipId === api.members[2].membership.id)!;
    const ok = await callJson(apiReviewAction, "PUT", path, api.leader.cookie, params, {
      isFinished: 0,
      criteria: [...setCriteria, { id: extras[0].id, dimension: 1 }],
      memberships: [
        {
          id: claes.id,
          score: { 1: 4 },
          teamScores: [],
          criteriaScores: [
            { criterionId: extras[0].id, score: 4 },
            { criterionId: api.chosen[0].id, score: 0 },
          ],
        },
      ],
    });
    expect(ok.status).toBe(200);
    const d1 = (ok.json.criteria as { dimension: number; criteria: { id: string }[] }[])[0];
    expect(d1.criteria.map((c) => c.id)).toContain(extras[0].id);
    const claesEntry = (ok.json.memberships as Entry[]).find((m) => m.id === claes.id)!;
    expect(claesEntry.criteriaScores.map((s) => [s.criterionId, s.score]).sort()).toEqual(
      [
        [extras[0].id, 4],
        [api.chosen[0].id, 0],
      ].sort(),
    );
    expect(claesEntry.score[1]).toBe(4);

    const unknownMember = await callJson(apiReviewAction, "PUT", path, api.leader.cookie, params, {
      memberships: [{ id: api.betaMember.membership.id, criteriaScores: [] }],
    });
    expect(unknownMember.status).toBe(422);

    const finished = await callJson(apiReviewAction, "PUT", path, api.leader.cookie, params, { isFinished: 1 });
    expect(finished).toMatchObject({ status: 200, json: { isFinished: 1 } });
    const afterwards = await callJson(apiReviewAction, "PUT", path, api.leader.cookie, params, {
      memberships: [{ id: claes.id, criteriaScores: [{ criterionId: api.chosen[0].id, score: 3 }] }],
    });
    expect(afterwards).toMatchObject({
      status: 422,
      json: { message: "Deze beoordeling is afgerond en kan niet meer worden gewijzigd." },
    });
    const otherAccount = await callJson(apiReviewAction, "PUT", path, outsiderCookie, params, { isFinished: 1 });
    expect(otherAccount.status).toBe(404);
  });
});
