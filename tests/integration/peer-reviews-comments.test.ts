import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { reviewPeerAssignments, reviewSubjects } from "#db/schema";
import { setPeers } from "~/features/peer-reviews/peer-review-create.server";
import { loader as reviewApiLoader } from "~/routes/api+/reviews.$id";
import { loader as reviewsApiLoader } from "~/routes/api+/reviews";
import { loader as detailsLoader } from "~/routes/_app+/peerreviews+/$id._index";
import { loader as overviewLoader } from "~/routes/_app+/peerreviews+/overview";
import { loader as peersLoader } from "~/routes/_app+/peerreviews+/$id.peers";
import { loader as myLoader } from "~/routes/_app+/peerreview+/_index";
import {
  action as questionnaireAction,
  loader as questionnaireLoader,
} from "~/routes/_app+/peerreview+/questionnaire.$assignmentId";
import { action as finishAction } from "~/routes/_app+/peerreview+/questionnaire.$assignmentId_.finish";
import { loader as resultLoader } from "~/routes/_app+/peerreview+/result.$reviewId.$membershipId";
import { BASE, context, getRequest, run, unwrapData } from "../support/http";
import { contextFor, peerRoundOf, reviewWorld } from "../support/reviews";

/**
 * Decision 1203: peers' free-text remarks reach the reviewed person only unattributed, sorted, and from
 * the anonymity threshold on; no page or API says who wrote what.
 */

type World = Awaited<ReturnType<typeof reviewWorld>>;
type AnyLoader = (args: LoaderFunctionArgs) => Promise<unknown>;
type AnyAction = (args: ActionFunctionArgs) => Promise<unknown>;
type Person = World["members"][number];

let w: World;
let reviewId: string;
let aalders: Person;
let peers: Person[];
const remarks = ["Zeer behulpzaam bij overdrachten", "Altijd op tijd", "Denkt mee bij roosters"];

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

async function assignmentOf(reviewerId: string, subjectMembershipId = aalders.membership.id) {
  const [row] = await getDb()
    .select({ id: reviewPeerAssignments.id, comment: reviewPeerAssignments.comment })
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

async function answer(person: { cookie: string; membership: { id: string } }, comment: string, finish = true) {
  const { id } = await assignmentOf(person.membership.id);
  const path = `/peerreview/questionnaire/${id}`;
  const saved = await post(
    questionnaireAction,
    path,
    [["intent", "save"], ["comment", comment], ...w.chosen.map((c): [string, string] => [`score.${c.id}`, "3"])],
    person.cookie,
    { assignmentId: id },
  );
  expect((saved as Response).status).toBe(302);
  if (finish) await post(finishAction, `${path}/finish`, [], person.cookie, { assignmentId: id });
}

const result = async (cookie: string) =>
  unwrapData(await load(resultLoader, "/x", cookie, { reviewId, membershipId: aalders.membership.id })).data as {
    peersShown: boolean;
    comments: string[];
  };

/** Everything a page or API call hands out, as text, for the leak checks. */
async function everythingShown() {
  const texts: string[] = [];
  const add = async (value: unknown) =>
    texts.push(value instanceof Response ? await value.text() : JSON.stringify(unwrapData(value).data));
  for (const cookie of [w.hr.cookie, w.leader.cookie]) {
    await add(await load(detailsLoader, "/x", cookie, { id: reviewId }));
    await add(await load(peersLoader, "/x", cookie, { id: reviewId }));
    await add(await load(overviewLoader, "/x", cookie));
    await add(await load(reviewApiLoader, `/api/reviews/${reviewId}`, cookie, { id: reviewId }));
    await add(await load(reviewsApiLoader, "/api/reviews", cookie));
  }
  for (const person of [aalders, ...peers]) await add(await load(myLoader, "/peerreview", person.cookie));
  // Aalders' own questionnaire about herself, and a peer's about someone else.
  const own = await assignmentOf(aalders.membership.id);
  await add(await load(questionnaireLoader, "/x", aalders.cookie, { assignmentId: own.id }));
  return texts.join("\n");
}

beforeAll(async () => {
  w = await reviewWorld();
  [aalders] = w.members;
  peers = [w.members[1], w.members[2], w.betaMember];
  const hr = await contextFor(w.hr.cookie);
  reviewId = await peerRoundOf(w, {
    name: "Peer met opmerkingen",
    teamIds: [w.alfa.id, w.beta.id],
    participantIds: [...w.members, w.betaMember].map((m) => m.membership.id),
  });
  const [subject] = await getDb()
    .select({ id: reviewSubjects.id })
    .from(reviewSubjects)
    .where(and(eq(reviewSubjects.reviewId, reviewId), eq(reviewSubjects.membershipId, aalders.membership.id)));
  const ok = await setPeers(hr, reviewId, { [subject.id]: peers.map((p) => p.membership.id) });
  expect(ok.ok).toBe(true);
});

describe("peer comments", () => {
  it("a comment over 2000 characters is refused next to the field and nothing is saved", async () => {
    const { id } = await assignmentOf(peers[0].membership.id);
    const refused = unwrapData(
      await post(
        questionnaireAction,
        `/peerreview/questionnaire/${id}`,
        [
          ["intent", "save"],
          ["comment", "x".repeat(2001)],
          [`score.${w.chosen[0].id}`, "3"],
        ],
        peers[0].cookie,
        { assignmentId: id },
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ error: { comment: ["peerreviews:errors.commentTooLong"] } });
    expect((await assignmentOf(peers[0].membership.id)).comment).toBeNull();
  });

  it("the reviewer reads back their own comment; self and leader questionnaires take none", async () => {
    await answer(peers[0], remarks[0], false);
    const { id } = await assignmentOf(peers[0].membership.id);
    const view = unwrapData(await load(questionnaireLoader, "/x", peers[0].cookie, { assignmentId: id })).data;
    expect(view).toMatchObject({ comment: remarks[0], threshold: 3 });
    // An empty field clears it; then it is written again.
    await answer(peers[0], "", false);
    expect((await assignmentOf(peers[0].membership.id)).comment).toBeNull();
    await answer(peers[0], remarks[0], false);
    await answer(aalders, "Over mezelf");
    await answer(w.leader, "Als leidinggevende");
    expect((await assignmentOf(aalders.membership.id)).comment).toBeNull();
    expect((await assignmentOf(w.leader.membership.id)).comment).toBeNull();
  });

  it("below the threshold nobody sees a comment, not even a finished one, on any page or API", async () => {
    await post(
      finishAction,
      `/peerreview/questionnaire/${(await assignmentOf(peers[0].membership.id)).id}/finish`,
      [],
      peers[0].cookie,
      { assignmentId: (await assignmentOf(peers[0].membership.id)).id },
    );
    await answer(peers[1], remarks[1]);
    for (const cookie of [aalders.cookie, w.hr.cookie, w.leader.cookie]) {
      const r = await result(cookie);
      expect(r.peersShown).toBe(false);
      expect(r.comments).toEqual([]);
    }
    const shown = await everythingShown();
    for (const remark of remarks.slice(0, 2)) expect(shown).not.toContain(remark);
  });

  it("from the threshold on the result lists the comments sorted, without who wrote them; no other page shows them", async () => {
    await answer(peers[2], remarks[2]);
    const r = await result(aalders.cookie);
    expect(r.peersShown).toBe(true);
    expect(r.comments).toEqual(["Altijd op tijd", "Denkt mee bij roosters", "Zeer behulpzaam bij overdrachten"]);
    const whole = JSON.stringify(r);
    for (const peer of peers) {
      expect(whole).not.toContain(peer.membership.id);
      expect(whole).not.toContain(peer.user.lastName);
    }
    expect(whole).not.toContain((await assignmentOf(peers[0].membership.id)).id);
    // HR and the leader see the same unattributed list.
    expect((await result(w.hr.cookie)).comments).toEqual(r.comments);
    const shown = await everythingShown();
    for (const remark of remarks) expect(shown).not.toContain(remark);
  });
});
