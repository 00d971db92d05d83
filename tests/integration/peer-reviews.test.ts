import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import {
  emailOutbox,
  memberships,
  reviewPeerAnswers,
  reviewSettings,
  reviewPeerAssignments,
  reviews,
  reviewSubjects,
  users,
} from "#db/schema";
import { peerReviewInvitationsJob } from "#jobs/definitions/peer-review-invitations";
import { sendPeerReviewReminders } from "~/features/peer-reviews/peer-review-mail.server";
import { listMyPeerQuestionnaires } from "~/features/peer-reviews/peer-questionnaire.server";
import { loader as reviewApiLoader } from "~/routes/api+/reviews.$id";
import { loader as reviewsApiLoader } from "~/routes/api+/reviews";
import { action as createAction } from "~/routes/_app+/peerreviews+/create";
import { action as settingsAction } from "~/routes/_app+/review+/settings";
import { loader as detailsLoader } from "~/routes/_app+/peerreviews+/$id._index";
import { action as peersAction } from "~/routes/_app+/peerreviews+/$id.peers";
import {
  action as questionnaireAction,
  loader as questionnaireLoader,
} from "~/routes/_app+/peerreview+/questionnaire.$assignmentId";
import { action as finishAction } from "~/routes/_app+/peerreview+/questionnaire.$assignmentId_.finish";
import { loader as resultLoader } from "~/routes/_app+/peerreview+/result.$reviewId.$membershipId";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { reviewDetailSchema } from "~/features/api/schemas/reviews";
import { BASE, context, getRequest, run, unwrapData } from "../support/http";
import { contextFor, reviewWorld } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

type World = Awaited<ReturnType<typeof reviewWorld>>;
type AnyLoader = (args: LoaderFunctionArgs) => Promise<unknown>;
type AnyAction = (args: ActionFunctionArgs) => Promise<unknown>;

let w: World;
let outsider: { cookie: string; membershipId: string };
let reviewId: string;
/** Aalders is reviewed; Bakker, Claes and Dekker are the peers. */
let aalders: World["members"][number];
let peers: { cookie: string; membership: { id: string } }[];

const load = (fn: AnyLoader, path: string, cookie: string, params: Record<string, string> = {}) =>
  run(() => fn({ request: getRequest(path, cookie), context: context(), params }));

function post(fn: AnyAction, path: string, fields: [string, string][], cookie: string, params = {}) {
  const body = new URLSearchParams();
  for (const [k, v] of fields) body.append(k, v);
  const request = new Request(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: body.toString(),
  });
  return run(() => fn({ request, context: context(), params }));
}

/** `run` hands a thrown response back as the value; a service called directly throws it. */
async function expect404(promise: Promise<unknown>) {
  const answer = await promise.catch((e: unknown) => e);
  expect(answer).toBeInstanceOf(Response);
  expect((answer as Response).status).toBe(404);
}

const peerRounds = async () =>
  (
    await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(reviews)
      .where(and(eq(reviews.clusterId, w.cluster.id), eq(reviews.type, "peer")))
  )[0].n;

async function assignmentOf(reviewerId: string, subjectMembershipId: string) {
  const [row] = await getDb()
    .select({ id: reviewPeerAssignments.id, role: reviewPeerAssignments.role })
    .from(reviewPeerAssignments)
    .innerJoin(reviewSubjects, eq(reviewSubjects.id, reviewPeerAssignments.subjectId))
    .where(
      and(
        eq(reviewPeerAssignments.reviewId, reviewId),
        eq(reviewPeerAssignments.reviewerId, reviewerId),
        eq(reviewSubjects.membershipId, subjectMembershipId),
      ),
    );
  return row;
}

/** A peer answers every criterion with `score` and finishes (without JavaScript: save, then finish). */
async function answerAndFinish(peer: { cookie: string; membership: { id: string } }, score: number) {
  const assignment = await assignmentOf(peer.membership.id, aalders.membership.id);
  const path = `/peerreview/questionnaire/${assignment.id}`;
  const saved = await post(
    questionnaireAction,
    path,
    [["intent", "finish"], ...w.chosen.map((c): [string, string] => [`score.${c.id}`, String(score)])],
    peer.cookie,
    { assignmentId: assignment.id },
  );
  expect((saved as Response).headers.get("Location")).toBe(`${path}/finish`);
  const finished = await post(finishAction, `${path}/finish`, [], peer.cookie, { assignmentId: assignment.id });
  expect((finished as Response).headers.get("Location")).toBe("/peerreview");
}

const resultFor = async (cookie: string) =>
  unwrapData(
    await load(resultLoader, `/peerreview/result/${reviewId}/${aalders.membership.id}`, cookie, {
      reviewId,
      membershipId: aalders.membership.id,
    }),
  ).data as {
    peersShown: boolean;
    peersAnswered: number;
    dimensions: { criteria: { id: string; self: number | null; peers: number | null; leader: number | null }[] }[];
  };

beforeAll(async () => {
  w = await reviewWorld();
  [aalders] = w.members;
  peers = [w.members[1], w.members[2], w.betaMember];
  const other = await createAccount(getDb());
  const otherCluster = await createClusterFor(getDb(), other.id);
  const created = await createUserWithMembership(getDb(), {
    accountId: other.id,
    clusterId: otherCluster.id,
    roles: [{ role: "cluster_admin" }],
  });
  outsider = {
    cookie: (await sessionCookieFor({ userId: created.user.id, accountId: other.id, clusterId: otherCluster.id }))
      .cookie,
    membershipId: created.membership.id,
  };
});

describe("creating a peer round", () => {
  it("refuses a past deadline and no participants next to the field, writing nothing", async () => {
    const before = await peerRounds();
    const base: [string, string][] = [
      ["intent", "create"],
      ["name", "Peer feedback"],
      ["teamIds", w.alfa.id],
      ["setId", w.set.id],
    ];
    const past = unwrapData(
      await post(
        createAction,
        "/peerreviews/create",
        [...base, ["deadline", "01-01-2020"], ["participantIds", aalders.membership.id]],
        w.hr.cookie,
      ),
    );
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({ form: "details", errors: { deadline: ["teamreviews:errors.deadlinePast"] } });
    const nobody = unwrapData(
      await post(createAction, "/peerreviews/create", [...base, ["deadline", "01-01-2099"]], w.hr.cookie),
    );
    expect(nobody.status).toBe(400);
    expect(nobody.data).toMatchObject({
      form: "people",
      errors: { participantIds: ["peerreviews:errors.participantsRequired"] },
    });
    expect(await peerRounds()).toBe(before);
  });

  it("creates the round with a self assignment per participant and their team leader's", async () => {
    const result = await post(
      createAction,
      "/peerreviews/create",
      [
        ["intent", "create"],
        ["name", "Peer feedback voorjaar"],
        ["deadline", "01-06-2099"],
        ["teamIds", w.alfa.id],
        ["teamIds", w.beta.id],
        ["setId", w.set.id],
        ...[...w.members, w.betaMember].map((m): [string, string] => ["participantIds", m.membership.id]),
      ],
      w.hr.cookie,
    );
    const location = (result as Response).headers.get("Location")!;
    expect(location).toMatch(/^\/peerreviews\/[0-9a-f-]+\/peers$/);
    reviewId = location.split("/")[2];
    expect(await assignmentOf(aalders.membership.id, aalders.membership.id)).toMatchObject({ role: "self" });
    expect(await assignmentOf(w.leader.membership.id, aalders.membership.id)).toMatchObject({ role: "leader" });
    expect(await assignmentOf(w.otherLeader.membership.id, w.betaMember.membership.id)).toMatchObject({
      role: "leader",
    });
    expect(await assignmentOf(w.otherLeader.membership.id, aalders.membership.id)).toBeUndefined();
  });
});

describe("choosing peers", () => {
  it("a colleague of another account is a 404 and nothing is written", async () => {
    const [subject] = await getDb()
      .select({ id: reviewSubjects.id })
      .from(reviewSubjects)
      .where(and(eq(reviewSubjects.reviewId, reviewId), eq(reviewSubjects.membershipId, aalders.membership.id)));
    await expect404(
      post(
        peersAction,
        `/peerreviews/${reviewId}/peers`,
        [
          ["subjectIds", subject.id],
          ["peers." + subject.id, peers[0].membership.id],
          ["peers." + subject.id, outsider.membershipId],
        ],
        w.hr.cookie,
        { id: reviewId },
      ),
    );
    expect(await assignmentOf(peers[0].membership.id, aalders.membership.id)).toBeUndefined();
    const saved = await post(
      peersAction,
      `/peerreviews/${reviewId}/peers`,
      [["subjectIds", subject.id], ...peers.map((p): [string, string] => ["peers." + subject.id, p.membership.id])],
      w.hr.cookie,
      { id: reviewId },
    );
    expect((saved as Response).headers.get("Location")).toBe(`/peerreviews/${reviewId}`);
    for (const p of peers)
      expect(await assignmentOf(p.membership.id, aalders.membership.id)).toMatchObject({ role: "peer" });
  });

  it("a team leader sees the participants of the teams they lead only", async () => {
    const view = unwrapData(await load(detailsLoader, `/peerreviews/${reviewId}`, w.leader.cookie, { id: reviewId }))
      .data as { participants: { membershipId: string }[] };
    expect(view.participants.map((p) => p.membershipId).sort()).toEqual(w.members.map((m) => m.membership.id).sort());
  });

  it("another account's round is a 404", async () => {
    await expect404(load(detailsLoader, `/peerreviews/${reviewId}`, outsider.cookie, { id: reviewId }));
    await expect404(post(peersAction, `/peerreviews/${reviewId}/peers`, [], outsider.cookie, { id: reviewId }));
  });
});

describe("the peer questionnaire", () => {
  it("opens only for the assigned reviewer: another colleague, HR, another account and made-up ids get a 404", async () => {
    const assignment = await assignmentOf(peers[0].membership.id, aalders.membership.id);
    const path = `/peerreview/questionnaire/${assignment.id}`;
    const view = unwrapData(await load(questionnaireLoader, path, peers[0].cookie, { assignmentId: assignment.id }));
    expect(view.data).toMatchObject({ role: "peer", readOnly: null, total: w.chosen.length });
    for (const cookie of [peers[1].cookie, aalders.cookie, w.hr.cookie, outsider.cookie])
      await expect404(load(questionnaireLoader, path, cookie, { assignmentId: assignment.id }));
    await expect404(
      post(questionnaireAction, path, [[`score.${w.chosen[0].id}`, "3"]], peers[1].cookie, {
        assignmentId: assignment.id,
      }),
    );
    await expect404(load(questionnaireLoader, "/peerreview/questionnaire/x", peers[0].cookie, { assignmentId: "x" }));
    const answers = await getDb()
      .select()
      .from(reviewPeerAnswers)
      .where(eq(reviewPeerAnswers.assignmentId, assignment.id));
    expect(answers).toHaveLength(0);
  });

  it("a score outside the scale is refused next to the field", async () => {
    const assignment = await assignmentOf(peers[0].membership.id, aalders.membership.id);
    const result = unwrapData(
      await post(
        questionnaireAction,
        `/peerreview/questionnaire/${assignment.id}`,
        [[`score.${w.chosen[0].id}`, "9"]],
        peers[0].cookie,
        { assignmentId: assignment.id },
      ),
    );
    expect(result.status).toBe(422);
    expect(result.data).toMatchObject({ error: { [`score.${w.chosen[0].id}`]: ["peerreviews:errors.invalidScore"] } });
  });

  it("lists the questionnaires waiting for the reviewer", async () => {
    const rows = await listMyPeerQuestionnaires(await contextFor(peers[0].cookie));
    expect(rows.find((r) => r.reviewId === reviewId && r.subjectMembershipId === aalders.membership.id)).toMatchObject({
      role: "peer",
      state: "open",
    });
  });
});

describe("the result and the anonymity threshold", () => {
  it("never shows peer answers below the threshold, then only their average", async () => {
    await answerAndFinish(aalders, 4);
    await answerAndFinish(w.leader, 2);
    await answerAndFinish(peers[0], 5);
    await answerAndFinish(peers[1], 1);
    const below = await resultFor(aalders.cookie);
    expect(below.peersAnswered).toBe(2);
    expect(below.peersShown).toBe(false);
    const criteria = below.dimensions.flatMap((d) => d.criteria);
    expect(criteria).toHaveLength(w.chosen.length);
    for (const c of criteria) expect(c).toMatchObject({ self: 4, peers: null, leader: 2 });
    // HR sees the same aggregate, not the answers.
    expect((await resultFor(w.hr.cookie)).peersShown).toBe(false);

    await answerAndFinish(peers[2], 3);
    const at = await resultFor(aalders.cookie);
    expect(at.peersShown).toBe(true);
    for (const c of at.dimensions.flatMap((d) => d.criteria)) expect(c).toMatchObject({ self: 4, peers: 3, leader: 2 });
  });

  it("a colleague or another account cannot read someone's result", async () => {
    await expect404(resultFor(peers[0].cookie));
    await expect404(resultFor(outsider.cookie));
  });

  it("a finished questionnaire is read-only", async () => {
    const assignment = await assignmentOf(peers[0].membership.id, aalders.membership.id);
    const result = unwrapData(
      await post(
        questionnaireAction,
        `/peerreview/questionnaire/${assignment.id}`,
        [[`score.${w.chosen[0].id}`, "1"]],
        peers[0].cookie,
        { assignmentId: assignment.id },
      ),
    );
    expect(result.status).toBe(422);
  });
});

describe("invitations", () => {
  it("mails every reviewer with an open questionnaire once; a retried job sends nothing twice", async () => {
    // Aalders, the leader and the peers finished about Aalders, but still have questionnaires about others.
    const reviewerIds = (
      await getDb()
        .selectDistinct({ id: reviewPeerAssignments.reviewerId })
        .from(reviewPeerAssignments)
        .where(and(eq(reviewPeerAssignments.reviewId, reviewId), sql`${reviewPeerAssignments.finishedAt} is null`))
    ).map((r) => r.id);
    expect(await peerReviewInvitationsJob.handler({ reviewId })).toEqual({ invited: reviewerIds.length });
    expect(await peerReviewInvitationsJob.handler({ reviewId })).toEqual({ invited: 0 });
    const emails = (
      await getDb()
        .select({ email: users.email })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(inArray(memberships.id, reviewerIds))
    ).map((r) => r.email);
    const sent = await getDb()
      .select({ to: emailOutbox.toAddress })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "peer-review-invitation"), inArray(emailOutbox.toAddress, emails)));
    expect(sent).toHaveLength(reviewerIds.length);
  });
});

describe("reminders", () => {
  it("sends the 7-day reminder once to each invited reviewer with work left, the 1-day one once more", async () => {
    const open = await getDb()
      .selectDistinct({ id: reviewPeerAssignments.reviewerId })
      .from(reviewPeerAssignments)
      .where(and(eq(reviewPeerAssignments.reviewId, reviewId), sql`${reviewPeerAssignments.finishedAt} is null`));
    const weekBefore = new Date("2099-05-27T08:10:00Z");
    const dayBefore = new Date("2099-05-31T08:10:00Z");
    expect(await sendPeerReviewReminders(weekBefore)).toBe(open.length);
    expect(await sendPeerReviewReminders(weekBefore)).toBe(0);
    expect(await sendPeerReviewReminders(dayBefore)).toBe(open.length);
    expect(await sendPeerReviewReminders(dayBefore)).toBe(0);
  });
});

describe("the reviews API", () => {
  it("lists the peer round with type peer and answers it by id; another account gets a 404", async () => {
    const list = (await load(reviewsApiLoader, "/api/reviews", w.hr.cookie)) as Response;
    const body = (await list.json()) as { reviews: { id: string; type: string; isFinished: number }[] };
    expect(body.reviews.find((r) => r.id === reviewId)).toMatchObject({ type: "peer", isFinished: 0 });
    const one = (await load(reviewApiLoader, `/api/reviews/${reviewId}`, w.hr.cookie, { id: reviewId })) as Response;
    expect(one.status).toBe(200);
    const detail = reviewDetailSchema.parse(await one.json());
    expect(detail.type).toBe("peer");
    const entry = detail.memberships.find((m) => m.membershipId === aalders.membership.id);
    expect(entry?.peer?.peersAnswered).toBe(3);
    // Counts only: no answers or scores (those are behind the anonymity threshold on the results page).
    for (const m of detail.memberships) {
      expect(m.criteriaScores).toEqual([]);
      expect(m.extraScores.teamScores).toEqual([]);
      expect(m.score).toEqual({ 1: null, 2: null, 3: null });
    }
    const foreign = (await load(reviewApiLoader, `/api/reviews/${reviewId}`, outsider.cookie, {
      id: reviewId,
    })) as Response;
    expect(foreign.status).toBe(404);
  });
});

describe("the anonymity threshold setting", () => {
  const fields = (threshold: string): [string, string][] => [
    ["currentScale", "5"],
    ["lowerPercent", "33"],
    ["upperPercent", "67"],
    ["employabilityPercent", "50"],
    ["reviewerRoles", "team_admin"],
    ["peerAnonymityThreshold", threshold],
  ];
  const stored = async () =>
    (
      await getDb()
        .select({ value: reviewSettings.peerAnonymityThreshold })
        .from(reviewSettings)
        .where(eq(reviewSettings.clusterId, w.cluster.id))
    )[0].value;

  it("is refused below 3 next to the field, and saved from 3 on", async () => {
    const low = unwrapData(await post(settingsAction, "/review/settings", fields("2"), w.hr.cookie));
    expect(low.status).toBe(400);
    expect(low.data).toMatchObject({ error: { peerAnonymityThreshold: ["criteria:settings.peerThresholdMin"] } });
    expect(await stored()).toBe(3);
    const saved = await post(settingsAction, "/review/settings", fields("4"), w.hr.cookie);
    expect((saved as Response).headers.get("Location")).toBe("/review/settings");
    expect(await stored()).toBe(4);
    // Three finished peers are now below the threshold.
    expect((await resultFor(aalders.cookie)).peersShown).toBe(false);
  });
});
