import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { reviewPeerAssignments, reviewSubjects } from "#db/schema";
import { setPeers } from "~/features/peer-reviews/peer-review-create.server";
import { createUserWithMembership } from "../factories";
import { serverBuildFromSources } from "../support/app-server";
import { BASE, formRequest } from "../support/http";
import { handle, loaderDataOf } from "../support/remix-handler";
import { contextFor, peerRoundOf, reviewWorld } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

/**
 * The differencing attack of issue 33 replayed over HTTP (docs/decisions/1430): seven peers answer one
 * by one; after each answer every page and API call the reviewed person, her leader and HR can open is
 * fetched. Before 1430, 4·avg₄ − 3·avg₃ gave the fourth peer's score on every criterion, her remark was
 * the one new entry, and the peers page named who had answered. Now the figures change only when a batch
 * of at least the threshold (3) is released, so no difference of two views is one peer's answer.
 */

type Person = { cookie: string; membershipId: string; lastName: string };
type World = Awaited<ReturnType<typeof reviewWorld>>;

const THRESHOLD = 3;
/** Remarks whose alphabetical order is not the order they are written in. */
const remarks = ["Rustig", "Attent", "Behulpzaam", "Zorgvuldig", "Eerlijk", "Creatief", "Moedig"];
/** Peer i's score for criterion j: differs per peer and per criterion, so one answer is recognisable. */
const scoreOf = (i: number, j: number) => ((i * 2 + j) % 5) + 1;

let w: World;
let reviewId: string;
let subject: Person;
let peers: Person[];

const get = (path: string, cookie: string) => handle(new Request(BASE + path, { headers: { Cookie: cookie } }));

async function apiJson(path: string, cookie: string): Promise<unknown> {
  const response = await get(path, cookie);
  expect(response.status, path).toBe(200);
  return response.json();
}

async function html(path: string, cookie: string): Promise<string> {
  const response = await get(path, cookie);
  expect(response.status, path).toBe(200);
  return response.text();
}

const resultPath = () => `/peerreview/result/${reviewId}/${subject.membershipId}`;
const resultRoute = "routes/_app+/peerreview+/result.$reviewId.$membershipId";

/** Every view a viewer can open about this round, as loader data or API JSON, keyed by what it is. */
async function viewsOf(viewer: "subject" | "leader" | "hr") {
  const cookie = viewer === "subject" ? subject.cookie : viewer === "leader" ? w.leader.cookie : w.hr.cookie;
  const views: Record<string, unknown> = {
    result: await loaderDataOf(resultPath(), resultRoute, cookie),
  };
  if (viewer === "subject") {
    views.list = await loaderDataOf("/peerreview", "routes/_app+/peerreview+/_index", cookie);
    return views;
  }
  views.round = await loaderDataOf(`/peerreviews/${reviewId}`, "routes/_app+/peerreviews+/$id._index", cookie);
  views.peers = await loaderDataOf(`/peerreviews/${reviewId}/peers`, "routes/_app+/peerreviews+/$id.peers", cookie);
  views.overview = await loaderDataOf("/peerreviews/overview", "routes/_app+/peerreviews+/overview", cookie);
  views.api = await apiJson(`/api/reviews/${reviewId}`, cookie);
  views.apiList = await apiJson("/api/reviews", cookie);
  return views;
}

/** The peer figures in a view: every number under a `peers` key and every `comments` list, with its path. */
function figures(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => figures(v, `${path}[${i}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, v]) =>
    (key === "peers" && (typeof v === "number" || v === null)) || key === "comments"
      ? [`${path}.${key}=${JSON.stringify(v)}`]
      : figures(v, `${path}.${key}`),
  );
}

type Snapshot = {
  /** Everything peer-figure-like across every view of every viewer. */
  figures: string;
  /** The subject's result as she reads it. */
  result: { peersAnswered: number; peersShown: boolean; criteria: { id: string; peers: number | null }[] };
  comments: string[];
  /** Names the leader's peers page marks as having answered. */
  answeredNames: string[];
  /** The three results as HTML, for the name check. */
  resultPages: string[];
};

async function snapshot(): Promise<Snapshot> {
  const all = { subject: await viewsOf("subject"), leader: await viewsOf("leader"), hr: await viewsOf("hr") };
  const result = all.subject.result as Snapshot["result"] & {
    comments: string[];
    dimensions: { criteria: { id: string; peers: number | null }[] }[];
  };
  const peersPage = all.leader.peers as {
    participants: { options: { membershipId: string; name: string }[]; answeredPeerIds: string[] }[];
  };
  const answeredNames = peersPage.participants.flatMap((p) =>
    p.options.filter((o) => p.answeredPeerIds.includes(o.membershipId)).map((o) => o.name),
  );
  return {
    figures: JSON.stringify(Object.entries(all).map(([who, views]) => [who, figures(views)])),
    result: {
      peersAnswered: result.peersAnswered,
      peersShown: result.peersShown,
      criteria: result.dimensions.flatMap((d) => d.criteria),
    },
    comments: result.comments,
    answeredNames,
    resultPages: [
      await html(resultPath(), subject.cookie),
      await html(resultPath(), w.leader.cookie),
      await html(resultPath(), w.hr.cookie),
    ],
  };
}

/** Peer i answers every criterion and writes a remark, then finishes — the forms, over HTTP. */
async function answer(i: number) {
  const peer = peers[i];
  const [assignment] = await getDb()
    .select({ id: reviewPeerAssignments.id })
    .from(reviewPeerAssignments)
    .innerJoin(reviewSubjects, eq(reviewSubjects.id, reviewPeerAssignments.subjectId))
    .where(
      and(
        eq(reviewPeerAssignments.reviewId, reviewId),
        eq(reviewPeerAssignments.reviewerId, peer.membershipId),
        eq(reviewSubjects.membershipId, subject.membershipId),
      ),
    );
  const path = `/peerreview/questionnaire/${assignment.id}`;
  const fields: Record<string, string> = { intent: "finish", comment: remarks[i] };
  w.chosen.forEach((c, j) => (fields[`score.${c.id}`] = String(scoreOf(i, j))));
  const saved = await handle(formRequest(path, fields, peer.cookie));
  expect(saved.headers.get("Location")).toBe(`${path}/finish`);
  const finished = await handle(formRequest(`${path}/finish`, {}, peer.cookie));
  expect(finished.headers.get("Location")).toBe("/peerreview");
}

beforeAll(async () => {
  w = await reviewWorld();
  const db = getDb();
  const ids = { accountId: w.account.id, clusterId: w.cluster.id };
  subject = { cookie: w.members[0].cookie, membershipId: w.members[0].membership.id, lastName: "Aalders" };
  // Seven peers: Bakker and Claes, and five more members of Alfa.
  const extra: Person[] = [];
  for (const lastName of ["Peervier", "Peervijf", "Peerzes", "Peerzeven", "Peeracht"]) {
    const created = await createUserWithMembership(db, {
      ...ids,
      lastName,
      roles: [{ role: "team_member", teamId: w.alfa.id }],
    });
    const { cookie } = await sessionCookieFor({ userId: created.user.id, ...ids });
    extra.push({ cookie, membershipId: created.membership.id, lastName });
  }
  peers = [
    { cookie: w.members[1].cookie, membershipId: w.members[1].membership.id, lastName: "Bakker" },
    { cookie: w.members[2].cookie, membershipId: w.members[2].membership.id, lastName: "Claes" },
    ...extra,
  ];
  const hr = await contextFor(w.hr.cookie);
  reviewId = await peerRoundOf(w, {
    name: "Peer differencing",
    teamIds: [w.alfa.id],
    participantIds: [subject.membershipId],
  });
  const [row] = await db
    .select({ id: reviewSubjects.id })
    .from(reviewSubjects)
    .where(eq(reviewSubjects.reviewId, reviewId));
  const chosen = await setPeers(hr, reviewId, { [row.id]: peers.map((p) => p.membershipId) });
  if (!chosen.ok) throw new Error(chosen.code);
  // Importing every route module of the build takes a while on a busy machine.
  await serverBuildFromSources();
}, 180_000);

describe("peer results under differencing (decision 1430)", () => {
  it("no difference of two consecutive views is one peer's answer, remark or name", async () => {
    const views: Snapshot[] = [await snapshot()];
    for (let i = 0; i < peers.length; i++) {
      await answer(i);
      views.push(await snapshot());
    }

    // The figures (averages and remarks, in every view of every viewer) change only after whole batches.
    const changes = views.flatMap((v, k) => (k > 0 && v.figures !== views[k - 1].figures ? [k] : []));
    expect(changes).toEqual([3, 6]);
    changes.forEach((k, n) => expect(k - (n === 0 ? 0 : changes[n - 1])).toBeGreaterThanOrEqual(THRESHOLD));

    // The attack of issue 33: n·avg_n − (n−1)·avg_(n−1) per criterion, n the count the page shows.
    for (let k = 2; k < views.length; k++) {
      const [before, after] = [views[k - 1].result, views[k].result];
      if (!before.peersShown || !after.peersShown) continue;
      const derived = after.criteria.map((c, j) =>
        Math.round(after.peersAnswered * c.peers! - before.peersAnswered * before.criteria[j].peers!),
      );
      const actual = w.chosen.map((_, j) => scoreOf(k - 1, j));
      expect(derived, `answer ${k}`).not.toEqual(actual);
    }

    // Remarks: none before the first batch, then the batch's together, alphabetically, never one new one.
    expect(views[2].comments).toEqual([]);
    expect(views[3].comments).toEqual(["Attent", "Behulpzaam", "Rustig"]);
    expect(views[5].comments).toEqual(views[3].comments);
    expect(views[6].comments).toEqual(["Attent", "Behulpzaam", "Creatief", "Eerlijk", "Rustig", "Zorgvuldig"]);
    expect(views[7].comments).toEqual(views[6].comments);
    // The averages are those of the released batches: peers 1–3, then 1–6.
    const mean = (n: number, j: number) =>
      Math.round((Array.from({ length: n }, (_, i) => scoreOf(i, j)).reduce((a, b) => a + b) / n) * 100) / 100;
    expect(views[3].result.criteria.map((c) => c.peers)).toEqual(w.chosen.map((_, j) => mean(3, j)));
    expect(views[7].result.criteria.map((c) => c.peers)).toEqual(w.chosen.map((_, j) => mean(6, j)));

    // Who answered: between two changes of the figures at least a whole batch of names was added.
    changes.forEach((k, n) => {
      const previous = n === 0 ? views[0] : views[changes[n - 1]];
      const added = views[k].answeredNames.filter((name) => !previous.answeredNames.includes(name));
      expect(added.length).toBeGreaterThanOrEqual(THRESHOLD);
    });
    // No result page, whoever reads it, names a peer.
    for (const view of views)
      for (const page of view.resultPages) for (const peer of peers) expect(page).not.toContain(peer.lastName);
  }, 300_000);
});
