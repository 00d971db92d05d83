import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { reviewReviewers, reviews, reviewSubjects } from "#db/schema";
import { peerReviewInvitationsJob } from "#jobs/definitions/peer-review-invitations";
import { createPeerReview, setPeers } from "~/features/peer-reviews/peer-review-create.server";
import { loader as reviewApiLoader } from "~/routes/api+/reviews.$id";
import { loader as reviewsApiLoader } from "~/routes/api+/reviews";
import { action as detailsAction, loader as detailsLoader } from "~/routes/_app+/peerreviews+/$id._index";
import { loader as overviewLoader } from "~/routes/_app+/peerreviews+/overview";
import { action as peersAction, loader as peersLoader } from "~/routes/_app+/peerreviews+/$id.peers";
import { loader as resultLoader } from "~/routes/_app+/peerreview+/result.$reviewId.$membershipId";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, getRequest, run, unwrapData } from "../support/http";
import { contextFor, reviewWorld } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

/**
 * Decisions 1200 and 1201: a team leader managing a peer round sees and changes only the participants
 * of the teams they lead (pages and API), whole-round actions are for whoever manages every participant,
 * and resending invitations mails each unfinished reviewer at most once a day.
 */

type World = Awaited<ReturnType<typeof reviewWorld>>;
type AnyLoader = (args: LoaderFunctionArgs) => Promise<unknown>;
type AnyAction = (args: ActionFunctionArgs) => Promise<unknown>;

let w: World;
let outsiderCookie: string;
/** Over Alfa (led by `leader`) and Beta (led by `otherLeader`). */
let mixedId: string;
/** Over Alfa only. */
let alfaId: string;

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

async function expect404(promise: Promise<unknown>) {
  const answer = await promise.catch((e: unknown) => e);
  expect(answer).toBeInstanceOf(Response);
  expect((answer as Response).status).toBe(404);
}

async function subjectOf(reviewId: string, membershipId: string) {
  const [row] = await getDb()
    .select({ id: reviewSubjects.id })
    .from(reviewSubjects)
    .where(and(eq(reviewSubjects.reviewId, reviewId), eq(reviewSubjects.membershipId, membershipId)));
  return row.id;
}

async function create(teamIds: string[], people: World["members"]) {
  const result = await createPeerReview(await contextFor(w.hr.cookie), {
    name: `Peer ${teamIds.length}`,
    deadline: "01-06-2099",
    teamIds,
    tagIds: [],
    setId: w.set.id,
    participantIds: people.map((p) => p.membership.id),
    criterionIds: [],
  });
  if (!result.ok) throw new Error(result.code);
  return result.reviewId;
}

const lastInvitationJob = async () =>
  (
    await getDb().execute<{ data: { reviewId: string; membershipIds?: string[] } }>(
      sql`select data from pgboss.job where name = 'peer-review-invitations' order by created_on desc limit 1`,
    )
  ).rows[0]?.data;

beforeAll(async () => {
  w = await reviewWorld();
  mixedId = await create([w.alfa.id, w.beta.id], [...w.members, w.betaMember]);
  alfaId = await create([w.alfa.id], w.members);
  const hr = await contextFor(w.hr.cookie);
  // HR picks Dekker (Beta) as a peer of Aalders and the Alfa members as Dekker's peers.
  const [aalders, bakker, claes] = w.members;
  const ok = await setPeers(hr, mixedId, {
    [await subjectOf(mixedId, aalders.membership.id)]: [bakker.membership.id, w.betaMember.membership.id],
    [await subjectOf(mixedId, w.betaMember.membership.id)]: [bakker.membership.id, claes.membership.id],
  });
  expect(ok.ok).toBe(true);
  const other = await createAccount(getDb());
  const otherCluster = await createClusterFor(getDb(), other.id);
  const created = await createUserWithMembership(getDb(), {
    accountId: other.id,
    clusterId: otherCluster.id,
    roles: [{ role: "cluster_admin" }],
  });
  outsiderCookie = (
    await sessionCookieFor({ userId: created.user.id, accountId: other.id, clusterId: otherCluster.id })
  ).cookie;
});

describe("a team leader in a round with other teams", () => {
  it("sees their own team's participants, counts and reviewers only, and no whole-round actions", async () => {
    const view = unwrapData(await load(detailsLoader, `/peerreviews/${mixedId}`, w.leader.cookie, { id: mixedId }))
      .data as { participants: { membershipId: string }[]; wholeRound: boolean; reviewers: number };
    expect(view.participants.map((p) => p.membershipId).sort()).toEqual(w.members.map((m) => m.membership.id).sort());
    expect(view.wholeRound).toBe(false);
    // Reviewers about Alfa: the three members (self), the leader and Dekker (peer of Aalders).
    expect(view.reviewers).toBe(5);
    const hrView = unwrapData(await load(detailsLoader, `/peerreviews/${mixedId}`, w.hr.cookie, { id: mixedId }))
      .data as { participants: unknown[]; wholeRound: boolean };
    expect(hrView.participants).toHaveLength(4);
    expect(hrView.wholeRound).toBe(true);

    const overview = unwrapData(await load(overviewLoader, "/peerreviews/overview", w.leader.cookie)).data as {
      reviews: { id: string; participants: number; peersAsked: number }[];
    };
    expect(overview.reviews.find((r) => r.id === mixedId)).toMatchObject({ participants: 3, peersAsked: 2 });
  });

  it("cannot lock, unlock or delete the round (404), nothing changes", async () => {
    for (const intent of ["lock", "unlock", "delete"])
      await expect404(
        post(detailsAction, `/peerreviews/${mixedId}`, [["intent", intent]], w.leader.cookie, { id: mixedId }),
      );
    const [row] = await getDb().select().from(reviews).where(eq(reviews.id, mixedId));
    expect(row.lockedAt).toBeNull();
    expect(row.deletedAt).toBeNull();
  });

  it("may lock a round of their own team only", async () => {
    const locked = await post(detailsAction, `/peerreviews/${alfaId}`, [["intent", "lock"]], w.leader.cookie, {
      id: alfaId,
    });
    expect((locked as Response).status).toBe(302);
    await post(detailsAction, `/peerreviews/${alfaId}`, [["intent", "unlock"]], w.leader.cookie, { id: alfaId });
    const [row] = await getDb().select().from(reviews).where(eq(reviews.id, alfaId));
    expect(row.lockedAt).toBeNull();
  });

  it("chooses peers for their own team's participants, from their own team; another team's subject is a 404", async () => {
    const view = unwrapData(await load(peersLoader, `/peerreviews/${mixedId}/peers`, w.leader.cookie, { id: mixedId }))
      .data as { participants: { membershipId: string; options: { membershipId: string }[] }[] };
    expect(view.participants.map((p) => p.membershipId).sort()).toEqual(w.members.map((m) => m.membership.id).sort());
    const optionIds = view.participants.flatMap((p) => p.options.map((o) => o.membershipId));
    expect(optionIds).not.toContain(w.betaMember.membership.id);
    expect(optionIds).not.toContain(w.otherLeader.membership.id);

    const dekker = await subjectOf(mixedId, w.betaMember.membership.id);
    await expect404(
      post(
        peersAction,
        `/peerreviews/${mixedId}/peers`,
        [
          ["subjectIds", dekker],
          [`peers.${dekker}`, w.leader.membership.id],
        ],
        w.leader.cookie,
        { id: mixedId },
      ),
    );
    // Saving Alfa's choices leaves the Beta participant's peers (chosen by HR) alone.
    const [aalders, bakker, claes] = w.members;
    const aaldersSubject = await subjectOf(mixedId, aalders.membership.id);
    const saved = await post(
      peersAction,
      `/peerreviews/${mixedId}/peers`,
      [
        ["subjectIds", aaldersSubject],
        [`peers.${aaldersSubject}`, bakker.membership.id],
        [`peers.${aaldersSubject}`, claes.membership.id],
      ],
      w.leader.cookie,
      { id: mixedId },
    );
    expect((saved as Response).status).toBe(302);
    const hrView = unwrapData(await load(detailsLoader, `/peerreviews/${mixedId}`, w.hr.cookie, { id: mixedId }))
      .data as { participants: { membershipId: string; peersAsked: number }[] };
    expect(hrView.participants.find((p) => p.membershipId === w.betaMember.membership.id)?.peersAsked).toBe(2);
    expect(hrView.participants.find((p) => p.membershipId === aalders.membership.id)?.peersAsked).toBe(2);
  });

  it("reads results of their own team only; another team's or account's is a 404", async () => {
    const [aalders] = w.members;
    const own = await load(resultLoader, "/x", w.leader.cookie, {
      reviewId: mixedId,
      membershipId: aalders.membership.id,
    });
    expect(unwrapData(own).status).toBe(200);
    await expect404(
      load(resultLoader, "/x", w.leader.cookie, { reviewId: mixedId, membershipId: w.betaMember.membership.id }),
    );
    await expect404(
      load(resultLoader, "/x", outsiderCookie, { reviewId: mixedId, membershipId: aalders.membership.id }),
    );
  });

  it("the API answers the same scope: own team's memberships and counts, another account a 404", async () => {
    const one = (await load(reviewApiLoader, `/api/reviews/${mixedId}`, w.leader.cookie, { id: mixedId })) as Response;
    const body = (await one.json()) as { memberships: { membershipId: string }[] };
    expect(body.memberships.map((m) => m.membershipId).sort()).toEqual(w.members.map((m) => m.membership.id).sort());
    const list = (await load(reviewsApiLoader, "/api/reviews", w.leader.cookie)) as Response;
    const all = (await list.json()) as { reviews: { id: string; memberships: unknown[] }[] };
    expect(all.reviews.find((r) => r.id === mixedId)?.memberships).toHaveLength(3);
    expect(JSON.stringify(all)).not.toContain(w.betaMember.membership.id);
    const foreign = (await load(reviewApiLoader, `/api/reviews/${mixedId}`, outsiderCookie, {
      id: mixedId,
    })) as Response;
    expect(foreign.status).toBe(404);
  });

  it("invites the reviewers about their own team only", async () => {
    const sent = await post(detailsAction, `/peerreviews/${mixedId}`, [["intent", "invite"]], w.leader.cookie, {
      id: mixedId,
    });
    expect((sent as Response).status).toBe(302);
    const job = await lastInvitationJob();
    expect(job?.reviewId).toBe(mixedId);
    expect(job?.membershipIds).not.toContain(w.betaMember.membership.id);
    expect(job?.membershipIds).not.toContain(w.otherLeader.membership.id);
    expect(job?.membershipIds).toContain(w.leader.membership.id);
  });
});

describe("resending invitations", () => {
  const invitedAt = async (membershipId: string) =>
    (
      await getDb()
        .select({ at: reviewReviewers.invitedAt })
        .from(reviewReviewers)
        .where(and(eq(reviewReviewers.reviewId, alfaId), eq(reviewReviewers.membershipId, membershipId)))
    )[0]?.at;

  it("is offered once invited, mails the unfinished reviewers again at most once a day", async () => {
    expect(await peerReviewInvitationsJob.handler({ reviewId: alfaId })).toEqual({ invited: 4 });
    const view = unwrapData(await load(detailsLoader, `/peerreviews/${alfaId}`, w.hr.cookie, { id: alfaId }));
    expect(view.data).toMatchObject({ invited: 4 });

    // Invited today: resending now mails nobody.
    const sameDay = await post(detailsAction, `/peerreviews/${alfaId}`, [["intent", "resend"]], w.hr.cookie, {
      id: alfaId,
    });
    expect((sameDay as Response).status).toBe(302);
    expect(await peerReviewInvitationsJob.handler({ reviewId: alfaId })).toEqual({ invited: 0 });

    // Two days later (invitations moved back), the reviewers with work left are invited once more.
    await getDb()
      .update(reviewReviewers)
      .set({ invitedAt: sql`now() - interval '2 days'` })
      .where(eq(reviewReviewers.reviewId, alfaId));
    const before = await invitedAt(w.leader.membership.id);
    await post(detailsAction, `/peerreviews/${alfaId}`, [["intent", "resend"]], w.hr.cookie, { id: alfaId });
    const job = await lastInvitationJob();
    expect(job?.membershipIds?.sort()).toEqual(
      [w.leader.membership.id, ...w.members.map((m) => m.membership.id)].sort(),
    );
    expect(await peerReviewInvitationsJob.handler(job!)).toEqual({ invited: 4 });
    expect((await invitedAt(w.leader.membership.id))!.getTime()).toBeGreaterThan(before!.getTime());
    // A second click the same day: nothing cleared, nothing sent.
    await post(detailsAction, `/peerreviews/${alfaId}`, [["intent", "resend"]], w.hr.cookie, { id: alfaId });
    expect(await peerReviewInvitationsJob.handler({ reviewId: alfaId })).toEqual({ invited: 0 });
  });

  it("another account's round is a 404", async () => {
    await expect404(
      post(detailsAction, `/peerreviews/${alfaId}`, [["intent", "resend"]], outsiderCookie, { id: alfaId }),
    );
  });
});
