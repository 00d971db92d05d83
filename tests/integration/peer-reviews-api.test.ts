import type { ActionFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { reviewPeerAssignments, reviews, reviewSubjects } from "#db/schema";
import { loader as reviewApiLoader } from "~/routes/api+/reviews.$id";
import { action as reviewsApiAction } from "~/routes/api+/reviews";
import { createAccount, createClusterFor, createTeam, createUserWithMembership, uniqueSuffix } from "../factories";
import { BASE, context, getRequest, run } from "../support/http";
import { reviewWorld } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

/** POST api/reviews with type peer (docs/decisions/1204). */

type World = Awaited<ReturnType<typeof reviewWorld>>;
type AnyAction = (args: ActionFunctionArgs) => Promise<unknown>;

let w: World;
let other: { cookie: string; membershipId: string; teamId: string };

function api(fn: AnyAction, path: string, body: unknown, cookie?: string, language?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (cookie) headers.Cookie = cookie;
  if (language) headers["Accept-Language"] = language;
  return run(() =>
    fn({
      request: new Request(BASE + path, { method: "POST", headers, body: JSON.stringify(body) }),
      context: context(),
      params: {},
    }),
  ) as Promise<Response>;
}

const body = (overrides: Record<string, unknown> = {}) => ({
  type: "peer",
  action: "create_peerreview_from_scratch",
  name: "API-peerreview",
  deadline: "01-12-2099",
  teams: [w.alfa.id],
  tags: [],
  set: w.set.id,
  memberships: w.members.map((m) => m.membership.id),
  criteria: [],
  ...overrides,
});

const post = (payload: unknown, cookie?: string) => api(reviewsApiAction, "/api/reviews", payload, cookie);

const peerRoundsNamed = (name: string) =>
  getDb()
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.clusterId, w.cluster.id), eq(reviews.type, "peer"), eq(reviews.name, name)));

beforeAll(async () => {
  w = await reviewWorld();
  const account = await createAccount(getDb());
  const cluster = await createClusterFor(getDb(), account.id);
  const team = await createTeam(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    name: `Ander ${uniqueSuffix()}`,
  });
  const made = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    roles: [{ role: "cluster_admin" }],
  });
  other = {
    cookie: (await sessionCookieFor({ userId: made.user.id, accountId: account.id, clusterId: cluster.id })).cookie,
    membershipId: made.membership.id,
    teamId: team.id,
  };
});

describe("POST api/reviews with type peer", () => {
  it("creates a peer round (201): participants with their self and leader questionnaires; GET answers it", async () => {
    const created = await post(body(), w.hr.cookie);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const [review] = await getDb().select().from(reviews).where(eq(reviews.id, id));
    expect(review).toMatchObject({
      type: "peer",
      name: "API-peerreview",
      deadline: "2099-12-01",
      clusterId: w.cluster.id,
    });
    const subjects = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.reviewId, id));
    expect(subjects.map((s) => s.membershipId).sort()).toEqual(w.members.map((m) => m.membership.id).sort());
    const roles = await getDb()
      .select({ role: reviewPeerAssignments.role })
      .from(reviewPeerAssignments)
      .where(eq(reviewPeerAssignments.reviewId, id));
    expect(roles.filter((r) => r.role === "self")).toHaveLength(3);
    expect(roles.filter((r) => r.role === "leader")).toHaveLength(3);
    const one = (await run(() =>
      reviewApiLoader({ request: getRequest(`/api/reviews/${id}`, w.hr.cookie), context: context(), params: { id } }),
    )) as Response;
    expect(await one.json()).toMatchObject({ id, type: "peer", isFinished: 0, locked: false, progress: 0 });
  });

  it("answers bad input with 422 and a message, writing nothing", async () => {
    const cases: [Record<string, unknown>, string | null][] = [
      [{ deadline: "01-01-2020" }, "De deadline mag niet in het verleden liggen"],
      [{ teams: [] }, "Kies ten minste één team"],
      [{ memberships: [] }, "Kies ten minste één deelnemer"],
      [{ deadline: "morgen" }, null],
      [{ name: "" }, null],
      [{ memberships: "iedereen" }, null],
    ];
    for (const [overrides, message] of cases) {
      const name = `Fout ${uniqueSuffix()}`;
      const answer = await post(body({ name, ...overrides }), w.hr.cookie);
      expect(answer.status, JSON.stringify(overrides)).toBe(422);
      const json = (await answer.json()) as { message: string };
      if (message) expect(json.message).toBe(message);
      else expect(json.message).toBeTruthy();
      expect(await peerRoundsNamed(name)).toEqual([]);
    }
  });

  it("refuses another account's ids, members of other teams and made-up ids (404), nothing written", async () => {
    for (const overrides of [
      { teams: [other.teamId] },
      { memberships: [w.members[0].membership.id, other.membershipId] },
      { memberships: [w.betaMember.membership.id] },
      { memberships: ["not-a-uuid"] },
      { set: "not-a-uuid" },
    ]) {
      const name = `Vreemd ${uniqueSuffix()}`;
      const answer = await post(body({ name, ...overrides }), w.hr.cookie);
      expect(answer.status, JSON.stringify(overrides)).toBe(404);
      expect(await peerRoundsNamed(name)).toEqual([]);
    }
  });

  it("a team leader creates one for a team they lead only; another team is a 404", async () => {
    const foreign = `Leider vreemd ${uniqueSuffix()}`;
    const refused = await post(
      body({ name: foreign, teams: [w.beta.id], memberships: [w.betaMember.membership.id] }),
      w.leader.cookie,
    );
    expect(refused.status).toBe(404);
    expect(await peerRoundsNamed(foreign)).toEqual([]);
    const own = await post(body({ name: `Leider eigen ${uniqueSuffix()}` }), w.leader.cookie);
    expect(own.status).toBe(201);
  });

  it("is forbidden (403) to an employee and needs a session (401)", async () => {
    const name = `Medewerker ${uniqueSuffix()}`;
    expect((await post(body({ name }), w.members[0].cookie)).status).toBe(403);
    expect((await post(body({ name }))).status).toBe(401);
    expect(await peerRoundsNamed(name)).toEqual([]);
  });
});
