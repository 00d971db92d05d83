import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  criteria,
  emailOutbox,
  reviewCriteria,
  reviewReviewers,
  reviews,
  reviewScores,
  reviewSubjects,
  reviewTeamAnswers,
  reviewTeams,
} from "#db/schema";
import { jobDefinitions } from "#jobs/definitions/index";
import { selfReviewInvitationsJob } from "#jobs/definitions/self-review-invitations";
import { selfReviewRemindersJob } from "#jobs/definitions/self-review-reminders";
import { sendSelfReviewReminders } from "~/features/reviews/self-review-mail.server";
import { saveEvaluation } from "~/features/reviews/review-scores.server";
import { createSelfReview, createSelfReviewFromRound } from "~/features/reviews/self-review-create.server";
import {
  finishQuestionnaire,
  getQuestionnaire,
  saveQuestionnaire,
} from "~/features/reviews/self-review-questionnaire.server";
import { getSelfReviewResult } from "~/features/reviews/self-review-result.server";
import { action as createAction } from "~/routes/_app+/review+/create.selfreview._index";
import { loader as myReviewsLoader } from "~/routes/_app+/my+/reviews";
import { action as tabAction, loader as tabLoader } from "~/routes/_app+/review+/selfreview.$id.$tab";
import { loader as overviewLoader } from "~/routes/_app+/selfreviews+/overview";
import {
  action as questionnaireAction,
  loader as questionnaireLoader,
} from "~/routes/_app+/selfreview+/questionnaire.$reviewId.$membershipId";
import { loader as resultLoader } from "~/routes/_app+/selfreview+/result.$reviewId.$membershipId";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, getRequest, run, unwrapData } from "../support/http";
import { contextFor, reviewWorld } from "../support/reviews";
import { refusing } from "../support/refusing";
import { sessionCookieFor } from "../support/session";

type World = Awaited<ReturnType<typeof reviewWorld>>;
type AnyLoader = (args: LoaderFunctionArgs) => Promise<unknown>;
type AnyAction = (args: ActionFunctionArgs) => Promise<unknown>;

let w: World;
let outsiderCookie: string;
let fromRoundId: string;

const load = (fn: AnyLoader, path: string, cookie: string, params: Record<string, string> = {}) =>
  run(() => fn({ request: getRequest(path, cookie), context: context(), params }));

function post(
  fn: AnyAction,
  path: string,
  fields: [string, string][],
  cookie: string,
  params: Record<string, string> = {},
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

const status = (result: unknown) => (result instanceof Response ? result.status : unwrapData(result).status);
const selfReviewCount = async () =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.clusterId, w.cluster.id), eq(reviews.type, "self")))
  )[0].n;

async function expect404(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Response);
  expect((error as Response).status).toBe(404);
}

beforeAll(async () => {
  w = await reviewWorld();
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
  const hr = await contextFor(w.hr.cookie);
  const created = await createSelfReviewFromRound(hr, { roundId: w.roundId, deadline: "01-12-2099" });
  if (!created.ok) throw new Error(`not created: ${created.code}`);
  fromRoundId = created.reviewId;
});

describe("creating a self review", () => {
  it("from a round: same teams, criteria and members, linked to the round, each participant a reviewer", async () => {
    const db = getDb();
    const [review] = await db.select().from(reviews).where(eq(reviews.id, fromRoundId));
    expect(review).toMatchObject({
      type: "self",
      name: "Teamreview najaar",
      sourceReviewId: w.roundId,
      deadline: "2099-12-01",
    });
    const teamsOf = await db.select().from(reviewTeams).where(eq(reviewTeams.reviewId, fromRoundId));
    expect(teamsOf.map((t) => t.teamId).sort()).toEqual([w.alfa.id, w.beta.id].sort());
    const criteriaOf = await db.select().from(reviewCriteria).where(eq(reviewCriteria.reviewId, fromRoundId));
    expect(criteriaOf.map((c) => c.criterionId).sort()).toEqual(w.chosen.map((c) => c.id).sort());
    const subjects = await db.select().from(reviewSubjects).where(eq(reviewSubjects.reviewId, fromRoundId));
    expect(subjects).toHaveLength(4);
    const betaSubject = subjects.find((s) => s.membershipId === w.betaMember.membership.id);
    expect(betaSubject?.teamId).toBe(w.beta.id);
    const reviewers = await db.select().from(reviewReviewers).where(eq(reviewReviewers.reviewId, fromRoundId));
    expect(reviewers).toHaveLength(4);
  });

  it("from scratch through the wizard: set criteria plus extras, chosen participants", async () => {
    const extra = (
      await getDb()
        .select({ id: criteria.id, dimension: criteria.dimension })
        .from(criteria)
        .where(eq(criteria.clusterId, w.cluster.id))
    ).find((c) => c.dimension === 1 && !w.chosen.some((x) => x.id === c.id))!;
    const before = await selfReviewCount();
    const result = await post(
      createAction,
      "/review/create/selfreview",
      [
        ["intent", "create"],
        ["name", "Zelfbeoordeling voorjaar"],
        ["deadline", "01-06-2099"],
        ["teamIds", w.alfa.id],
        ["setId", w.set.id],
        ["participantIds", w.members[0].membership.id],
        ["participantIds", w.members[1].membership.id],
        ["criterionIds", extra.id],
      ],
      w.hr.cookie,
    );
    expect(result).toBeInstanceOf(Response);
    const location = (result as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/review\/selfreview\/[0-9a-f-]+\/details$/);
    expect(await selfReviewCount()).toBe(before + 1);
    const id = location.split("/")[3];
    const criteriaOf = await getDb().select().from(reviewCriteria).where(eq(reviewCriteria.reviewId, id));
    expect(criteriaOf).toHaveLength(w.chosen.length + 1);
    const subjects = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.reviewId, id));
    expect(subjects.map((s) => s.teamId)).toEqual([w.alfa.id, w.alfa.id]);
  });

  it("answers a failed write with the people step as chosen, 409 and the message (decision 1840)", async () => {
    const fields: [string, string][] = [
      ["intent", "create"],
      ["name", "Weigert 1881"],
      ["deadline", "01-06-2099"],
      ["teamIds", w.alfa.id],
      ["setId", w.set.id],
      ["participantIds", w.members[0].membership.id],
    ];
    const result = unwrapData(
      await refusing("reviews", "insert", "new.name = 'Weigert 1881'", () =>
        post(createAction, "/review/create/selfreview", fields, w.hr.cookie),
      ),
    );
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({
      form: "people",
      values: { name: "Weigert 1881", deadline: "01-06-2099" },
      participantIds: [w.members[0].membership.id],
      formError: "selfreviews:errors.failed",
    });
    expect(await getDb().select().from(reviews).where(eq(reviews.name, "Weigert 1881"))).toEqual([]);
  });

  it("bad input gets its message next to the field and writes nothing", async () => {
    const before = await selfReviewCount();
    const base: [string, string][] = [
      ["intent", "create"],
      ["name", "Zelfbeoordeling"],
      ["teamIds", w.alfa.id],
      ["setId", w.set.id],
    ];
    const past = unwrapData(
      await post(
        createAction,
        "/review/create/selfreview",
        [...base, ["deadline", "01-01-2020"], ["participantIds", w.members[0].membership.id]],
        w.hr.cookie,
      ),
    );
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({ form: "details", errors: { deadline: ["teamreviews:errors.deadlinePast"] } });
    const nobody = unwrapData(
      await post(createAction, "/review/create/selfreview", [...base, ["deadline", "01-01-2099"]], w.hr.cookie),
    );
    expect(nobody.data).toMatchObject({
      form: "people",
      errors: { participantIds: ["selfreviews:errors.participantsRequired"] },
    });
    const missing = unwrapData(
      await post(
        createAction,
        "/review/create/selfreview",
        [
          ["intent", "fromRound"],
          ["roundId", w.roundId],
          ["deadline", ""],
        ],
        w.hr.cookie,
      ),
    );
    expect(missing.data).toMatchObject({ form: "round", errors: { deadline: ["validation:required"] } });
    // Two extras in one dimension with a flex of 1: refused, nothing half-written.
    const extras = (
      await getDb()
        .select({ id: criteria.id, dimension: criteria.dimension })
        .from(criteria)
        .where(eq(criteria.clusterId, w.cluster.id))
    )
      .filter((c) => c.dimension === 2 && !w.chosen.some((x) => x.id === c.id))
      .slice(0, 2);
    expect(extras).toHaveLength(2);
    const flex = unwrapData(
      await post(
        createAction,
        "/review/create/selfreview",
        [
          ...base,
          ["deadline", "01-01-2099"],
          ["participantIds", w.members[0].membership.id],
          ...extras.map((c): [string, string] => ["criterionIds", c.id]),
        ],
        w.hr.cookie,
      ),
    );
    expect(flex.data).toMatchObject({ form: "people", errors: { criterionIds: ["selfreviews:errors.flexExceeded"] } });
    expect(await selfReviewCount()).toBe(before);
  });

  it("another account's round is a 404; its team, set and people are refused and nothing is written", async () => {
    const outsider = await contextFor(outsiderCookie);
    const before = await selfReviewCount();
    await expect404(createSelfReviewFromRound(outsider, { roundId: w.roundId, deadline: "01-12-2099" }));
    const result = await createSelfReview(outsider, {
      name: "x",
      deadline: "01-12-2099",
      teamIds: [w.alfa.id],
      tagIds: [],
      setId: w.set.id,
      participantIds: [w.members[0].membership.id],
      criterionIds: [],
    });
    expect(result).toEqual({ ok: false, field: "setId", code: "setRequired" });
    expect(await selfReviewCount()).toBe(before);
  });
});

describe("the questionnaire", () => {
  const path = (membershipId: string) => `/selfreview/questionnaire/${fromRoundId}/${membershipId}`;

  it("opens for the participant; another participant's, a foreign account's or a made-up id is a 404", async () => {
    const me = w.members[0];
    const mine = unwrapData(
      await load(questionnaireLoader, path(me.membership.id), me.cookie, {
        reviewId: fromRoundId,
        membershipId: me.membership.id,
      }),
    );
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject({ readOnly: null, membershipId: me.membership.id, total: 12, answered: 0 });
    const other = w.members[1].membership.id;
    expect(
      status(await load(questionnaireLoader, path(other), me.cookie, { reviewId: fromRoundId, membershipId: other })),
    ).toBe(404);
    expect(
      status(await load(resultLoader, path(other), me.cookie, { reviewId: fromRoundId, membershipId: other })),
    ).toBe(404);
    expect(
      status(
        await load(questionnaireLoader, path(me.membership.id), outsiderCookie, {
          reviewId: fromRoundId,
          membershipId: me.membership.id,
        }),
      ),
    ).toBe(404);
    const madeUp = "00000000-0000-4000-8000-000000000000";
    expect(
      status(await load(questionnaireLoader, path(madeUp), me.cookie, { reviewId: fromRoundId, membershipId: madeUp })),
    ).toBe(404);
    // A manipulated membershipId in the posted form's URL: another participant's answers are not written.
    const criterionId = w.chosen[0].id;
    const refused = await post(
      questionnaireAction,
      path(other),
      [
        ["subjectId", madeUp],
        [`score.${criterionId}`, "3"],
      ],
      me.cookie,
      {
        reviewId: fromRoundId,
        membershipId: other,
      },
    );
    expect(status(refused)).toBe(404);
  });

  it("HR and the participant's own team leader may read it, not change it; another team's leader gets a 404", async () => {
    const me = w.members[0].membership.id;
    for (const reader of [w.hr, w.leader]) {
      const view = unwrapData(
        await load(questionnaireLoader, path(me), reader.cookie, { reviewId: fromRoundId, membershipId: me }),
      );
      expect(view.data).toMatchObject({ readOnly: "notOwn" });
      const ctx = await contextFor(reader.cookie);
      expect(await saveQuestionnaire(ctx, fromRoundId, me, { team: {}, own: { [w.chosen[0].id]: "3" } })).toEqual({
        ok: false,
        code: "notOwn",
      });
    }
    expect(
      status(
        await load(questionnaireLoader, path(me), w.otherLeader.cookie, { reviewId: fromRoundId, membershipId: me }),
      ),
    ).toBe(404);
  });

  it("answers a save that fails past its checks with the form as typed, 409 and the message (decision 1840)", async () => {
    const me = w.members[0];
    const [a] = w.chosen;
    const subject = (await getQuestionnaire(await contextFor(me.cookie), fromRoundId, me.membership.id)).subject;
    const params = { reviewId: fromRoundId, membershipId: me.membership.id };
    const fields: [string, string][] = [
      ["subjectId", subject.id],
      [`score.${a.id}`, "1"],
    ];
    await refusing("review_scores", "insert", `new.subject_id = '${subject.id}'`, async () => {
      const refused = unwrapData(await post(questionnaireAction, path(me.membership.id), fields, me.cookie, params));
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({
        initialValue: { score: { [a.id]: "1" } },
        error: { "": ["common:actionFailed.save?item=score"] },
      });
      const autosave = unwrapData(
        await post(questionnaireAction, path(me.membership.id), [...fields, ["autosave", "1"]], me.cookie, params),
      );
      expect(autosave.status).toBe(409);
      expect(autosave.data).toEqual({
        ok: false,
        message: "Score niet opgeslagen. Je wijzigingen zijn niet opgeslagen.",
      });
    });
  });

  it("saves both parts; a score outside the scale is refused with nothing of the form written", async () => {
    const me = w.members[0];
    const [a, b] = w.chosen;
    const bad = unwrapData(
      await post(
        questionnaireAction,
        path(me.membership.id),
        [
          ["subjectId", me.membership.id],
          [`team.${a.id}`, "4"],
          [`score.${b.id}`, "9"],
        ],
        me.cookie,
        { reviewId: fromRoundId, membershipId: me.membership.id },
      ),
    );
    expect(bad.status).toBe(422);
    expect(bad.data).toMatchObject({
      error: { [`score.${b.id}`]: ["selfreviews:errors.invalidScore"], "": ["selfreviews:errors.notSaved"] },
    });
    const subject = (await getQuestionnaire(await contextFor(me.cookie), fromRoundId, me.membership.id)).subject;
    expect(
      await getDb().select().from(reviewTeamAnswers).where(eq(reviewTeamAnswers.subjectId, subject.id)),
    ).toHaveLength(0);

    const saved = await post(
      questionnaireAction,
      path(me.membership.id),
      [
        ["subjectId", subject.id],
        [`team.${a.id}`, "4"],
        [`score.${a.id}`, "2"],
        [`score.${b.id}`, "0"],
      ],
      me.cookie,
      { reviewId: fromRoundId, membershipId: me.membership.id },
    );
    expect((saved as Response).status).toBe(302);
    const own = await getDb().select().from(reviewScores).where(eq(reviewScores.subjectId, subject.id));
    expect(own.map((s) => [s.criterionId, s.score]).sort()).toEqual(
      [
        [a.id, 2],
        [b.id, 0],
      ].sort(),
    );
    const autosave = await post(
      questionnaireAction,
      path(me.membership.id),
      [
        ["subjectId", subject.id],
        ["autosave", "1"],
        [`team.${a.id}`, "off"],
      ],
      me.cookie,
      { reviewId: fromRoundId, membershipId: me.membership.id },
    );
    expect(autosave).toMatchObject({ ok: true });
    expect(
      await getDb().select().from(reviewTeamAnswers).where(eq(reviewTeamAnswers.subjectId, subject.id)),
    ).toHaveLength(0);
  });

  it("finishing makes it read-only; my reviews lists it", async () => {
    const me = w.members[2];
    const ctx = await contextFor(me.cookie);
    expect(
      await saveQuestionnaire(ctx, fromRoundId, me.membership.id, { team: { [w.chosen[0].id]: "5" }, own: {} }),
    ).toMatchObject({ ok: true });
    const before = unwrapData(await load(myReviewsLoader, "/my/reviews", me.cookie)).data as {
      reviews: { reviewId: string; state: string; answered: number }[];
    };
    expect(before.reviews.find((r) => r.reviewId === fromRoundId)).toMatchObject({ state: "open", answered: 1 });
    expect((await getQuestionnaire(ctx, fromRoundId, me.membership.id)).missing.own).toHaveLength(6);
    expect(await finishQuestionnaire(ctx, fromRoundId, me.membership.id)).toMatchObject({ ok: true });
    expect(
      await saveQuestionnaire(ctx, fromRoundId, me.membership.id, { team: { [w.chosen[0].id]: "1" }, own: {} }),
    ).toEqual({ ok: false, code: "finished" });
    expect((await getQuestionnaire(ctx, fromRoundId, me.membership.id)).readOnly).toBe("finished");
    const after = unwrapData(await load(myReviewsLoader, "/my/reviews", me.cookie)).data as {
      reviews: { reviewId: string; state: string }[];
    };
    expect(after.reviews.find((r) => r.reviewId === fromRoundId)?.state).toBe("finished");
    const [answer] = await getDb().select().from(reviewTeamAnswers).where(eq(reviewTeamAnswers.reviewId, fromRoundId));
    expect(answer.score).toBe(5);
  });
});

describe("the result", () => {
  it("compares the own score with the leader's score from the linked team review", async () => {
    const me = w.members[1];
    const [alfaReview] = await getDb()
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.parentId, w.roundId), eq(reviews.teamId, w.alfa.id)));
    const [teamSubject] = await getDb()
      .select({ id: reviewSubjects.id })
      .from(reviewSubjects)
      .where(and(eq(reviewSubjects.reviewId, alfaReview.id), eq(reviewSubjects.membershipId, me.membership.id)));
    const [a, b] = w.chosen;
    const leader = await contextFor(w.leader.cookie);
    expect(
      await saveEvaluation(leader, alfaReview.id, {
        scores: [
          { subjectId: teamSubject.id, criterionId: a.id, score: 4 },
          { subjectId: teamSubject.id, criterionId: b.id, score: 2 },
        ],
      }),
    ).toEqual({ ok: true });
    const ctx = await contextFor(me.cookie);
    await saveQuestionnaire(ctx, fromRoundId, me.membership.id, {
      team: { [a.id]: "1" },
      own: { [a.id]: "5", [b.id]: "3" },
    });
    const result = await getSelfReviewResult(ctx, fromRoundId, me.membership.id);
    expect(result.comparison.source).toBe("teamReview");
    expect(result.comparison.criteria.find((c) => c.criterionId === a.id)).toMatchObject({ own: 5, team: 4 });
    expect(result.summary.own.performance).toBe(4);
    expect(result.summary.team.performance).toBe(3);
    const view = unwrapData(
      await load(resultLoader, `/selfreview/result/${fromRoundId}/${me.membership.id}`, me.cookie, {
        reviewId: fromRoundId,
        membershipId: me.membership.id,
      }),
    );
    expect(view.data).toMatchObject({
      source: "teamReview",
      finished: false,
      personName: expect.stringContaining("Bakker"),
    });
  });

  it("without a link the team score is the team's answers about the team", async () => {
    const hr = await contextFor(w.hr.cookie);
    const created = await createSelfReview(hr, {
      name: "Los",
      deadline: "01-01-2099",
      teamIds: [w.alfa.id],
      tagIds: [],
      setId: w.set.id,
      participantIds: w.members.map((m) => m.membership.id),
      criterionIds: [],
    });
    if (!created.ok) throw new Error(created.code);
    const a = w.chosen[0].id;
    const scores = ["2", "4", "0"];
    for (const [i, m] of w.members.entries())
      await saveQuestionnaire(await contextFor(m.cookie), created.reviewId, m.membership.id, {
        team: { [a]: scores[i] },
        own: { [a]: "5" },
      });
    const result = await getSelfReviewResult(
      await contextFor(w.members[0].cookie),
      created.reviewId,
      w.members[0].membership.id,
    );
    expect(result.comparison.source).toBe("teamAnswers");
    expect(result.comparison.criteria.find((c) => c.criterionId === a)).toMatchObject({ own: 5, team: 3 });
  });
});

describe("invitations and reminders", () => {
  it("the job mails each participant once with a link to their questionnaire; a retry sends nothing twice", async () => {
    expect(jobDefinitions).toContain(selfReviewInvitationsJob);
    expect(jobDefinitions).toContain(selfReviewRemindersJob);
    const hr = await contextFor(w.hr.cookie);
    const created = await createSelfReview(hr, {
      name: "Uitnodigen",
      deadline: "01-01-2099",
      teamIds: [w.alfa.id],
      tagIds: [],
      setId: w.set.id,
      participantIds: w.members.map((m) => m.membership.id),
      criterionIds: [],
    });
    if (!created.ok) throw new Error(created.code);
    const emails = w.members.map((m) => m.user.email);
    const outbox = async (template: string) =>
      (
        await getDb()
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.template, template), inArray(emailOutbox.toAddress, emails)))
      ).filter((m) => (m.props as { path: string }).path.includes(created.reviewId));
    expect(await selfReviewInvitationsJob.handler({ reviewId: created.reviewId })).toEqual({ invited: 3 });
    expect(await selfReviewInvitationsJob.handler({ reviewId: created.reviewId })).toEqual({ invited: 0 });
    const sent = await outbox("self-review-invitation");
    expect(sent).toHaveLength(3);
    const mine = sent.find((m) => m.toAddress === w.members[0].user.email)!;
    expect((mine.props as { path: string }).path).toBe(
      `/selfreview/questionnaire/${created.reviewId}/${w.members[0].membership.id}`,
    );

    // One finishes; the deadline comes within a week: the others get the 7-day reminder, once.
    const first = await contextFor(w.members[0].cookie);
    expect(await finishQuestionnaire(first, created.reviewId, w.members[0].membership.id)).toMatchObject({ ok: true });
    await getDb()
      .update(reviews)
      .set({ deadline: sql`(current_date + 5)` })
      .where(eq(reviews.id, created.reviewId));
    expect(await sendSelfReviewReminders()).toBeGreaterThanOrEqual(2);
    expect(await sendSelfReviewReminders()).toBe(0);
    const reminders = await outbox("self-review-reminder");
    expect(reminders.map((m) => m.toAddress).sort()).toEqual([w.members[1].user.email, w.members[2].user.email].sort());
    const [row] = await getDb()
      .select({ remindersSent: reviewReviewers.remindersSent })
      .from(reviewReviewers)
      .where(
        and(
          eq(reviewReviewers.reviewId, created.reviewId),
          eq(reviewReviewers.membershipId, w.members[1].membership.id),
        ),
      );
    expect(row.remindersSent).toEqual(["7d"]);
  });
});

describe("managing self reviews", () => {
  it("the overview and tabs show a team leader only their teams' self reviews; another account gets a 404", async () => {
    const hr = await contextFor(w.hr.cookie);
    const betaOnly = await createSelfReview(hr, {
      name: "Alleen Beta",
      deadline: "01-01-2099",
      teamIds: [w.beta.id],
      tagIds: [],
      setId: w.set.id,
      participantIds: [w.betaMember.membership.id],
      criterionIds: [],
    });
    if (!betaOnly.ok) throw new Error(betaOnly.code);
    const names = async (cookie: string) =>
      (
        unwrapData(await load(overviewLoader, "/selfreviews/overview", cookie)).data as { reviews: { name: string }[] }
      ).reviews.map((r) => r.name);
    expect(await names(w.hr.cookie)).toContain("Alleen Beta");
    expect(await names(w.leader.cookie)).not.toContain("Alleen Beta");
    expect(await names(w.otherLeader.cookie)).toContain("Alleen Beta");
    const params = { id: betaOnly.reviewId, tab: "participants" };
    const path = `/review/selfreview/${betaOnly.reviewId}/participants`;
    const tab = unwrapData(await load(tabLoader, path, w.hr.cookie, params));
    expect(tab.data).toMatchObject({ participants: [{ membershipId: w.betaMember.membership.id, answered: 0 }] });
    expect(status(await load(tabLoader, path, w.leader.cookie, params))).toBe(404);
    // A review over both teams: each leader sees only the participants of their own team.
    const both = { id: fromRoundId, tab: "participants" };
    const bothPath = `/review/selfreview/${fromRoundId}/participants`;
    const seen = async (cookie: string) =>
      (
        unwrapData(await load(tabLoader, bothPath, cookie, both)).data as { participants: { membershipId: string }[] }
      ).participants.map((p) => p.membershipId);
    expect(await seen(w.otherLeader.cookie)).toEqual([w.betaMember.membership.id]);
    expect((await seen(w.leader.cookie)).sort()).toEqual(w.members.map((m) => m.membership.id).sort());
    expect(await seen(w.hr.cookie)).toHaveLength(4);
    expect(status(await load(tabLoader, path, outsiderCookie, params))).toBe(404);
    expect(status(await load(tabLoader, path, w.hr.cookie, { ...params, tab: "nope" }))).toBe(404);
    expect(status(await post(tabAction, path, [["intent", "lock"]], w.leader.cookie, params))).toBe(404);
  });

  it("locking stops answers, unlocking allows them again; deleting removes it for the participant", async () => {
    const hr = await contextFor(w.hr.cookie);
    const created = await createSelfReview(hr, {
      name: "Vergrendelen",
      deadline: "01-01-2099",
      teamIds: [w.alfa.id],
      tagIds: [],
      setId: w.set.id,
      participantIds: [w.members[0].membership.id],
      criterionIds: [],
    });
    if (!created.ok) throw new Error(created.code);
    const me = w.members[0];
    const ctx = await contextFor(me.cookie);
    const path = `/review/selfreview/${created.reviewId}/details`;
    const params = { id: created.reviewId, tab: "details" };
    const answer = { team: {}, own: { [w.chosen[0].id]: "3" } };
    expect(status(await post(tabAction, path, [["intent", "lock"]], w.hr.cookie, params))).toBe(302);
    expect(await saveQuestionnaire(ctx, created.reviewId, me.membership.id, answer)).toEqual({
      ok: false,
      code: "locked",
    });
    await post(tabAction, path, [["intent", "unlock"]], w.hr.cookie, params);
    expect(await saveQuestionnaire(ctx, created.reviewId, me.membership.id, answer)).toMatchObject({ ok: true });
    const deleted = (await post(tabAction, path, [["intent", "delete"]], w.hr.cookie, params)) as Response;
    expect(deleted.headers.get("Location")).toBe("/selfreviews/overview");
    const qPath = `/selfreview/questionnaire/${created.reviewId}/${me.membership.id}`;
    expect(
      status(
        await load(questionnaireLoader, qPath, me.cookie, {
          reviewId: created.reviewId,
          membershipId: me.membership.id,
        }),
      ),
    ).toBe(404);
    const mine = unwrapData(await load(myReviewsLoader, "/my/reviews", me.cookie)).data as {
      reviews: { reviewId: string }[];
    };
    expect(mine.reviews.map((r) => r.reviewId)).not.toContain(created.reviewId);
    // Its answers stay as history.
    expect(await getDb().select().from(reviewScores).where(eq(reviewScores.reviewId, created.reviewId))).toHaveLength(
      1,
    );
  });
});

describe("confirming completion", () => {
  it("makes every questionnaire read-only and sends no reminders; rolling back opens them again", async () => {
    const hr = await contextFor(w.hr.cookie);
    const created = await createSelfReview(hr, {
      name: "Afronden",
      deadline: "01-01-2099",
      teamIds: [w.alfa.id],
      tagIds: [],
      setId: w.set.id,
      participantIds: [w.members[0].membership.id],
      criterionIds: [],
    });
    if (!created.ok) throw new Error(created.code);
    const me = w.members[0];
    const ctx = await contextFor(me.cookie);
    const path = `/review/selfreview/${created.reviewId}/details`;
    const params = { id: created.reviewId, tab: "details" };
    const answer = { team: { [w.chosen[0].id]: "2" }, own: {} };
    expect(status(await post(tabAction, path, [["intent", "confirm"]], w.hr.cookie, params))).toBe(302);
    expect((await getQuestionnaire(ctx, created.reviewId, me.membership.id)).readOnly).toBe("reviewFinished");
    expect(await saveQuestionnaire(ctx, created.reviewId, me.membership.id, answer)).toEqual({
      ok: false,
      code: "finished",
    });
    expect(await selfReviewInvitationsJob.handler({ reviewId: created.reviewId })).toEqual({ invited: 0 });
    await post(tabAction, path, [["intent", "rollback"]], w.hr.cookie, params);
    expect(await saveQuestionnaire(ctx, created.reviewId, me.membership.id, answer)).toMatchObject({ ok: true });
  });
});
