import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { reviewPeerAssignments, reviewPeerNominations, reviewReviewers } from "#db/schema";
import { action as detailsAction, loader as detailsLoader } from "~/routes/_app+/peerreviews+/$id._index";
import { loader as myReviewsLoader } from "~/routes/_app+/my+/reviews";
import { loader as myLoader } from "~/routes/_app+/peerreview+/_index";
import { action as nominateAction, loader as nominateLoader } from "~/routes/_app+/peerreview+/nominate.$reviewId";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { BASE, context, getRequest, run, unwrapData } from "../support/http";
import { peerRoundOf, reviewWorld } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

/** Decision 1202: participants propose peers, the leader (of their team) or HR approves or rejects. */

type World = Awaited<ReturnType<typeof reviewWorld>>;
type AnyLoader = (args: LoaderFunctionArgs) => Promise<unknown>;
type AnyAction = (args: ActionFunctionArgs) => Promise<unknown>;

let w: World;
let outsider: { cookie: string; membershipId: string };
let reviewId: string;

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

const nominate = (cookie: string, ids: string[]) =>
  post(
    nominateAction,
    `/peerreview/nominate/${reviewId}`,
    ids.map((id): [string, string] => ["nomineeIds", id]),
    cookie,
    { reviewId },
  );

const nominations = () =>
  getDb()
    .select({
      id: reviewPeerNominations.id,
      nomineeId: reviewPeerNominations.nomineeId,
      status: reviewPeerNominations.status,
    })
    .from(reviewPeerNominations)
    .where(eq(reviewPeerNominations.reviewId, reviewId));

const pending = async (cookie: string) =>
  (
    unwrapData(await load(detailsLoader, `/peerreviews/${reviewId}`, cookie, { id: reviewId })).data as {
      nominations: { id: string; subjectName: string; nomineeName: string }[];
    }
  ).nominations;

const isPeer = async (reviewerId: string) =>
  (
    await getDb()
      .select({ id: reviewPeerAssignments.id })
      .from(reviewPeerAssignments)
      .where(
        and(
          eq(reviewPeerAssignments.reviewId, reviewId),
          eq(reviewPeerAssignments.reviewerId, reviewerId),
          eq(reviewPeerAssignments.role, "peer"),
        ),
      )
  ).length > 0;

beforeAll(async () => {
  w = await reviewWorld();
  reviewId = await peerRoundOf(w, {
    name: "Peer met voorstellen",
    teamIds: [w.alfa.id, w.beta.id],
    participantIds: [...w.members, w.betaMember].map((m) => m.membership.id),
  });
  const other = await createAccount(getDb());
  const otherCluster = await createClusterFor(getDb(), other.id);
  const made = await createUserWithMembership(getDb(), {
    accountId: other.id,
    clusterId: otherCluster.id,
    roles: [{ role: "cluster_admin" }],
  });
  outsider = {
    cookie: (await sessionCookieFor({ userId: made.user.id, accountId: other.id, clusterId: otherCluster.id })).cookie,
    membershipId: made.membership.id,
  };
});

describe("a participant proposes peers", () => {
  it("sees the round on their peer review page and the colleagues of their own team", async () => {
    const [aalders, bakker, claes] = w.members;
    const mine = unwrapData(await load(myLoader, "/peerreview", aalders.cookie)).data as {
      rounds: { reviewId: string }[];
    };
    expect(mine.rounds.map((r) => r.reviewId)).toContain(reviewId);
    const myReviews = unwrapData(await load(myReviewsLoader, "/my/reviews", aalders.cookie)).data as {
      nominationRounds: { reviewId: string }[];
    };
    expect(myReviews.nominationRounds.map((r) => r.reviewId)).toContain(reviewId);
    const view = unwrapData(await load(nominateLoader, "/x", aalders.cookie, { reviewId })).data as {
      colleagues: { membershipId: string; state: string }[];
      open: boolean;
    };
    expect(view.open).toBe(true);
    // Not the leader: he answers about her as leader already.
    expect(view.colleagues.map((c) => c.membershipId).sort()).toEqual(
      [bakker.membership.id, claes.membership.id].sort(),
    );
  });

  it("someone of another team or account, or no id at all, is a 404 and nothing is written", async () => {
    const [aalders, bakker] = w.members;
    await expect404(nominate(aalders.cookie, [bakker.membership.id, w.betaMember.membership.id]));
    await expect404(nominate(aalders.cookie, [outsider.membershipId]));
    await expect404(nominate(aalders.cookie, ["not-a-uuid"]));
    await expect404(nominate(aalders.cookie, [aalders.membership.id]));
    await expect404(nominate(aalders.cookie, [w.leader.membership.id]));
    expect(await nominations()).toHaveLength(0);
  });

  it("nobody but a participant of the round opens the page; another account's round is a 404", async () => {
    for (const cookie of [w.hr.cookie, w.leader.cookie, outsider.cookie])
      await expect404(load(nominateLoader, "/x", cookie, { reviewId }));
    await expect404(nominate(outsider.cookie, []));
    await expect404(load(nominateLoader, "/x", w.members[0].cookie, { reviewId: "x" }));
  });

  it("saves the ticked colleagues as proposals, and unticking a waiting one withdraws it", async () => {
    const [aalders, bakker, claes] = w.members;
    const saved = await nominate(aalders.cookie, [bakker.membership.id, claes.membership.id]);
    expect((saved as Response).headers.get("Location")).toBe("/peerreview");
    expect(await nominations()).toHaveLength(2);
    await nominate(aalders.cookie, [bakker.membership.id]);
    expect((await nominations()).map((n) => n.nomineeId)).toEqual([bakker.membership.id]);
    await nominate(aalders.cookie, [bakker.membership.id, claes.membership.id]);
    expect((await nominations()).map((n) => n.nomineeId).sort()).toEqual(
      [bakker.membership.id, claes.membership.id].sort(),
    );
    expect(await isPeer(bakker.membership.id)).toBe(false);
  });
});

describe("the leader decides", () => {
  it("another team's leader does not see or decide the proposals (404)", async () => {
    expect(await pending(w.otherLeader.cookie)).toHaveLength(0);
    const [first] = await nominations();
    await expect404(
      post(
        detailsAction,
        `/peerreviews/${reviewId}`,
        [
          ["intent", "approve"],
          ["nominationId", first.id],
        ],
        w.otherLeader.cookie,
        { id: reviewId },
      ),
    );
    await expect404(
      post(
        detailsAction,
        `/peerreviews/${reviewId}`,
        [
          ["intent", "approve"],
          ["nominationId", first.id],
        ],
        outsider.cookie,
        { id: reviewId },
      ),
    );
    expect((await nominations()).every((n) => n.status === "proposed")).toBe(true);
  });

  it("approving makes the colleague a peer (with an invitation row), rejecting does not; a second decision changes nothing", async () => {
    const [aalders, bakker, claes] = w.members;
    const list = await pending(w.leader.cookie);
    expect(list).toHaveLength(2);
    const byNominee = new Map((await nominations()).map((n) => [n.nomineeId, n.id]));
    const decide = (intent: string, nominationId: string) =>
      post(
        detailsAction,
        `/peerreviews/${reviewId}`,
        [
          ["intent", intent],
          ["nominationId", nominationId],
        ],
        w.leader.cookie,
        { id: reviewId },
      );
    expect(((await decide("approve", byNominee.get(bakker.membership.id)!)) as Response).status).toBe(302);
    expect(((await decide("reject", byNominee.get(claes.membership.id)!)) as Response).status).toBe(302);
    expect(await isPeer(bakker.membership.id)).toBe(true);
    expect(await isPeer(claes.membership.id)).toBe(false);
    const invitationRow = await getDb()
      .select()
      .from(reviewReviewers)
      .where(and(eq(reviewReviewers.reviewId, reviewId), eq(reviewReviewers.membershipId, bakker.membership.id)));
    expect(invitationRow).toHaveLength(1);
    await decide("approve", byNominee.get(claes.membership.id)!);
    expect(await isPeer(claes.membership.id)).toBe(false);
    expect(await pending(w.leader.cookie)).toHaveLength(0);
    await expect404(decide("approve", "not-a-uuid"));

    const view = unwrapData(await load(nominateLoader, "/x", aalders.cookie, { reviewId })).data as {
      colleagues: { membershipId: string; state: string }[];
    };
    const state = new Map(view.colleagues.map((c) => [c.membershipId, c.state]));
    expect(state.get(bakker.membership.id)).toBe("chosen");
    expect(state.get(claes.membership.id)).toBe("rejected");
    // Decided proposals are not withdrawn by an empty form.
    await nominate(aalders.cookie, []);
    expect(await nominations()).toHaveLength(2);
  });

  it("a locked round takes no proposals: 400 with the message, nothing written", async () => {
    await post(detailsAction, `/peerreviews/${reviewId}`, [["intent", "lock"]], w.hr.cookie, { id: reviewId });
    const result = unwrapData(await nominate(w.members[1].cookie, [w.members[2].membership.id]));
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({ error: "peerreviews:errors.locked" });
    expect(await nominations()).toHaveLength(2);
  });
});
