import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "#db/client.server";
import { criteriaSets, membershipTags, reviewReviewers, reviews, reviewSubjects, reviewTeams, tags } from "#db/schema";
import { teamReviewCandidates } from "~/features/reviews/team-review-create.server";
import { finishTeamReview } from "~/features/reviews/review-state.server";
import { action as createAction, loader as createLoader } from "~/routes/_app+/review+/create.teamreview._index";
import {
  action as inviteAction,
  loader as inviteLoader,
} from "~/routes/_app+/review+/create.teamreview.invite.set.$setId";
import { action as overviewAction, loader as overviewLoader } from "~/routes/_app+/teamreviews+/overview";
import { action as detailsAction } from "~/routes/api+/reviews.details";
import { action as reviewsApiAction, loader as reviewsApiLoader } from "~/routes/api+/reviews";
import { loader as reviewApiLoader } from "~/routes/api+/reviews.$id";
import { createAccount, createClusterFor, createTeam, createUserWithMembership, uniqueSuffix } from "../factories";
import { BASE, context, getRequest, run, unwrapData } from "../support/http";
import { reviewListSchema } from "~/features/api/schemas/reviews";
import { contextFor, reviewWorld } from "../support/reviews";
import { refusing } from "../support/refusing";
import { sessionCookieFor } from "../support/session";

// Lets one test make enqueueing the invitation job fail, as a database outage would.
const enqueueControl = vi.hoisted(() => ({ failInvitations: false }));
vi.mock("#jobs/enqueue.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("#jobs/enqueue.server")>();
  return {
    ...original,
    enqueue: (name: string, ...rest: [object]) =>
      enqueueControl.failInvitations && name === "team-review-invitations"
        ? Promise.reject(new Error("queue unavailable"))
        : original.enqueue(name, ...rest),
  };
});

type World = Awaited<ReturnType<typeof reviewWorld>>;
let w: World;
let other: { cookie: string; teamId: string; roundId: string; membershipId: string };
let tagId: string;

const wizard = "/review/create/teamreview";

beforeAll(async () => {
  w = await reviewWorld();
  const db = getDb();
  const [tag] = await db
    .insert(tags)
    .values({ accountId: w.account.id, clusterId: w.cluster.id, kind: "personnel", name: `Zorg ${uniqueSuffix()}` })
    .returning();
  tagId = tag.id;
  await db.insert(membershipTags).values({
    accountId: w.account.id,
    clusterId: w.cluster.id,
    membershipId: w.members[0].membership.id,
    tagId,
  });
  // Another account with its own round, for tenant isolation.
  const b = await createAccount(db);
  const clusterB = await createClusterFor(db, b.id);
  const teamB = await createTeam(db, { accountId: b.id, clusterId: clusterB.id, name: "Team B" });
  const hrB = await createUserWithMembership(db, {
    accountId: b.id,
    clusterId: clusterB.id,
    roles: [{ role: "cluster_admin" }],
  });
  const { cookie } = await sessionCookieFor({ userId: hrB.user.id, accountId: b.id, clusterId: clusterB.id });
  other = { cookie, teamId: teamB.id, roundId: "", membershipId: hrB.membership.id };
});

function formBody(fields: [string, string][]) {
  const body = new URLSearchParams();
  for (const [k, v] of fields) body.append(k, v);
  return body.toString();
}

type AnyAction = (args: ActionFunctionArgs) => Promise<unknown>;
type AnyLoader = (args: LoaderFunctionArgs) => Promise<unknown>;

function post(fn: AnyAction, path: string, fields: [string, string][], cookie: string, params = {}) {
  const request = new Request(BASE + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    body: formBody(fields),
  });
  return run(() => fn({ request, context: context(), params }));
}

function get(fn: AnyLoader, path: string, cookie: string, params = {}) {
  return run(() => fn({ request: getRequest(path, cookie), context: context(), params }));
}

function api(fn: AnyAction, path: string, method: string, body: unknown, cookie?: string) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (cookie) headers.Cookie = cookie;
  return run(() =>
    fn({
      request: new Request(BASE + path, { method, headers, body: JSON.stringify(body) }),
      context: context(),
      params: {},
    }),
  );
}

const stepOne = (overrides: Partial<Record<string, string | string[]>> = {}): [string, string][] => {
  const values: Record<string, string | string[]> = {
    name: "Teamreview voorjaar",
    deadline: "01-12-2099",
    teamIds: [w.alfa.id, w.beta.id],
    tagIds: [],
    setId: w.set.id,
    ...overrides,
  };
  return Object.entries(values).flatMap(([k, v]): [string, string][] =>
    Array.isArray(v) ? v.map((x): [string, string] => [k, x]) : [[k, v ?? ""]],
  );
};

describe("guards", () => {
  it("sends visitors to login, and people without the right or the module to the dashboard", async () => {
    const db = getDb();
    const anonymous = (await get(createLoader, wizard, "")) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);

    const employee = await createUserWithMembership(db, {
      accountId: w.account.id,
      clusterId: w.cluster.id,
      roles: [{ role: "employee" }],
    });
    const employeeCookie = (
      await sessionCookieFor({ userId: employee.user.id, accountId: w.account.id, clusterId: w.cluster.id })
    ).cookie;
    for (const [fn, path] of [
      [createLoader, wizard],
      [overviewLoader, "/teamreviews/overview"],
    ] as const) {
      const denied = (await get(fn, path, employeeCookie)) as Response;
      expect(denied.headers.get("Location")).toBe("/dashboard");
    }
    const apiDenied = (await run(() =>
      reviewsApiLoader({ request: getRequest("/api/reviews", employeeCookie), context: context(), params: {} }),
    )) as Response;
    expect(apiDenied.status).toBe(403);

    const noModule = await createClusterFor(db, w.account.id, { modules: ["self-review"] });
    const hrNoModule = await createUserWithMembership(db, {
      accountId: w.account.id,
      clusterId: noModule.id,
      roles: [{ role: "cluster_admin" }],
    });
    const noModuleCookie = (
      await sessionCookieFor({ userId: hrNoModule.user.id, accountId: w.account.id, clusterId: noModule.id })
    ).cookie;
    const withoutModule = (await get(overviewLoader, "/teamreviews/overview", noModuleCookie)) as Response;
    expect(withoutModule.headers.get("Location")).toBe("/dashboard");
  });
});

describe("teamReviewCandidates", () => {
  it("lists the leaders and members of the chosen teams, and only tagged members when tags are chosen", async () => {
    const hrCtx = await contextFor(w.hr.cookie);
    const all = await teamReviewCandidates(hrCtx, { teamIds: [w.alfa.id, w.beta.id], tagIds: [] });
    expect(all.leaders.map((p) => p.membershipId).sort()).toEqual(
      [w.leader.membership.id, w.otherLeader.membership.id].sort(),
    );
    expect(all.members).toHaveLength(4);
    const tagged = await teamReviewCandidates(hrCtx, { teamIds: [w.alfa.id, w.beta.id], tagIds: [tagId] });
    expect(tagged.members.map((p) => p.membershipId)).toEqual([w.members[0].membership.id]);
    expect(tagged.leaders).toHaveLength(2);
  });

  it("gives a team leader only the teams they lead; another team is a 404", async () => {
    const leaderCtx = await contextFor(w.leader.cookie);
    const own = await teamReviewCandidates(leaderCtx, { teamIds: [w.alfa.id], tagIds: [] });
    expect(own.members).toHaveLength(3);
    const foreign = await run(() => teamReviewCandidates(leaderCtx, { teamIds: [w.beta.id], tagIds: [] }));
    expect((foreign as Response).status).toBe(404);
  });
});

describe("the wizard without JavaScript", () => {
  it("offers teams, tags and sets", async () => {
    const result = unwrapData(await get(createLoader, wizard, w.hr.cookie)).data as {
      options: { teams: { id: string }[]; sets: { id: string }[]; tags: { id: string }[] };
    };
    expect(result.options.teams.map((t) => t.id)).toEqual(expect.arrayContaining([w.alfa.id, w.beta.id]));
    expect(result.options.sets.map((s) => s.id)).toContain(w.set.id);
    expect(result.options.tags.map((t) => t.id)).toContain(tagId);
  });

  it("keeps what was typed and shows errors next to the fields", async () => {
    const result = unwrapData(
      await post(
        createAction,
        wizard,
        [...stepOne({ deadline: "01-01-2020", teamIds: [], setId: "" }), ["intent", "next"]],
        w.hr.cookie,
      ),
    );
    expect(result.status).toBe(400);
    const reply = result.data as {
      step: number;
      result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
    };
    expect(reply.step).toBe(1);
    expect(reply.result.error.deadline).toEqual(["teamreviews:errors.deadlinePast"]);
    expect(reply.result.error.teamIds).toEqual(["teamreviews:errors.teamsRequired"]);
    expect(reply.result.error.setId).toEqual(["teamreviews:errors.setRequired"]);
    expect(reply.result.initialValue.name).toBe("Teamreview voorjaar");

    const badDate = unwrapData(
      await post(createAction, wizard, [...stepOne({ deadline: "31-02-2099" }), ["intent", "next"]], w.hr.cookie),
    );
    expect((badDate.data as { result: { error: Record<string, string[]> } }).result.error.deadline).toEqual([
      "validation:date",
    ]);
  });

  it("goes to step 2 with everyone ticked, then creates the round and redirects to the invite step", async () => {
    const next = unwrapData(await post(createAction, wizard, [...stepOne(), ["intent", "next"]], w.hr.cookie));
    expect(next.status).toBe(200);
    const step2 = next.data as {
      step: number;
      leaders: { membershipId: string }[];
      members: { membershipId: string }[];
    };
    expect(step2.step).toBe(2);
    expect(step2.leaders).toHaveLength(2);
    expect(step2.members).toHaveLength(4);

    const fields: [string, string][] = [
      ...stepOne(),
      ...step2.leaders.map((p): [string, string] => ["leaderIds", p.membershipId]),
      // Untick one member: Claes is not reviewed.
      ...step2.members
        .filter((p) => p.membershipId !== w.members[2].membership.id)
        .map((p): [string, string] => ["memberIds", p.membershipId]),
      ["intent", "create"],
    ];
    const created = (await post(createAction, wizard, fields, w.hr.cookie)) as Response;
    expect(created.status).toBe(302);
    const location = new URL(created.headers.get("Location")!, BASE);
    expect(location.pathname).toBe(`/review/create/teamreview/invite/set/${w.set.id}`);
    const roundId = location.searchParams.get("round")!;
    const [round] = await getDb().select().from(reviews).where(eq(reviews.id, roundId));
    expect(round).toMatchObject({
      type: "team-summary",
      name: "Teamreview voorjaar",
      deadline: "2099-12-01",
      setId: w.set.id,
    });
    const children = await getDb().select().from(reviews).where(eq(reviews.parentId, roundId));
    expect(children.map((c) => c.teamId).sort()).toEqual([w.alfa.id, w.beta.id].sort());
    const alfaReview = children.find((c) => c.teamId === w.alfa.id)!;
    const subjects = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.reviewId, alfaReview.id));
    expect(subjects.map((s) => s.membershipId).sort()).toEqual(
      [w.members[0].membership.id, w.members[1].membership.id].sort(),
    );

    // The invite step shows the round's leaders; another set id in the path is a 404.
    const invite = unwrapData(
      await get(inviteLoader, `${location.pathname}${location.search}`, w.hr.cookie, { setId: w.set.id }),
    ).data as { teamReviews: { leaders: { invitedAt: string | null }[] }[] };
    expect(invite.teamReviews).toHaveLength(2);
    expect(invite.teamReviews.every((r) => r.leaders.every((l) => l.invitedAt === null))).toBe(true);
    const wrongSet = (await get(
      inviteLoader,
      `/review/create/teamreview/invite/set/${alfaReview.id}?round=${roundId}`,
      w.hr.cookie,
      { setId: alfaReview.id },
    )) as Response;
    expect(wrongSet.status).toBe(404);
    const foreign = (await get(inviteLoader, `${location.pathname}${location.search}`, other.cookie, {
      setId: w.set.id,
    })) as Response;
    expect(foreign.status).toBe(404);

    // Inviting enqueues the job and says so.
    const invited = (await post(inviteAction, `${location.pathname}${location.search}`, [], w.hr.cookie, {
      setId: w.set.id,
    })) as Response;
    expect(invited.status).toBe(302);
    expect(invited.headers.get("Location")).toContain("sent=1");

    // When the job cannot be enqueued the page says so (spec §8: inviting team leaders failed).
    enqueueControl.failInvitations = true;
    try {
      const failed = unwrapData(
        await post(inviteAction, `${location.pathname}${location.search}`, [], w.hr.cookie, { setId: w.set.id }),
      );
      expect(failed.status).toBe(503);
      expect(failed.data).toEqual({ error: "teamreviews:errors.inviteFailed" });
    } finally {
      enqueueControl.failInvitations = false;
    }
  });

  it("says so when no team leader matches the teams and tags", async () => {
    const db = getDb();
    const gamma = await createTeam(db, {
      accountId: w.account.id,
      clusterId: w.cluster.id,
      name: `Gamma ${uniqueSuffix()}`,
    });
    await createUserWithMembership(db, {
      accountId: w.account.id,
      clusterId: w.cluster.id,
      roles: [{ role: "team_member", teamId: gamma.id }],
    });
    const result = unwrapData(
      await post(createAction, wizard, [...stepOne({ teamIds: [gamma.id] }), ["intent", "next"]], w.hr.cookie),
    );
    expect(result.status).toBe(400);
    const reply = result.data as { step: number; result: { error: Record<string, string[]> } };
    expect(reply.step).toBe(1);
    expect(reply.result.error[""]).toEqual(["teamreviews:errors.noLeaders"]);
  });

  it("asks for a leader when all are unticked in step 2, keeping the step-1 values", async () => {
    const result = unwrapData(
      await post(
        createAction,
        wizard,
        [...stepOne(), ["memberIds", w.members[0].membership.id], ["intent", "create"]],
        w.hr.cookie,
      ),
    );
    expect(result.status).toBe(400);
    const reply = result.data as { step: number; values: { name: string }; fieldErrors: Record<string, string[]> };
    expect(reply.step).toBe(2);
    expect(reply.values.name).toBe("Teamreview voorjaar");
    expect(reply.fieldErrors.leaderIds).toEqual(["teamreviews:errors.leadersRequired"]);
  });

  it("answers a failed write with step 2 as chosen, 409 and the message; nothing is written (decision 1840)", async () => {
    const fields: [string, string][] = [
      ...stepOne({ name: "Weigert 1880" }),
      ["leaderIds", w.leader.membership.id],
      ["memberIds", w.members[0].membership.id],
      ["intent", "create"],
    ];
    const result = unwrapData(
      await refusing("reviews", "insert", "new.name = 'Weigert 1880'", () =>
        post(createAction, wizard, fields, w.hr.cookie),
      ),
    );
    expect(result.status).toBe(409);
    expect(result.data).toMatchObject({
      step: 2,
      values: { name: "Weigert 1880" },
      selectedLeaders: [w.leader.membership.id],
      selectedMembers: [w.members[0].membership.id],
      formError: "teamreviews:errors.createFailed",
    });
    expect(await getDb().select().from(reviews).where(eq(reviews.name, "Weigert 1880"))).toEqual([]);
  });

  it("lets a team leader create a round for their own team only", async () => {
    const own = unwrapData(
      await post(createAction, wizard, [...stepOne({ teamIds: [w.alfa.id] }), ["intent", "next"]], w.leader.cookie),
    );
    expect((own.data as { step: number }).step).toBe(2);
    const foreign = (await post(
      createAction,
      wizard,
      [...stepOne({ teamIds: [w.alfa.id, w.beta.id] }), ["intent", "next"]],
      w.leader.cookie,
    )) as Response;
    expect(foreign.status).toBe(404);
  });

  it("answers team ids of another account with a 404", async () => {
    const response = (await post(
      createAction,
      wizard,
      [...stepOne({ teamIds: [w.alfa.id], setId: w.set.id }), ["intent", "next"]],
      other.cookie,
    )) as Response;
    expect(response.status).toBe(404);
  });
});

describe("the overview", () => {
  type Overview = {
    clusterWide: boolean;
    rounds: { id: string; teamReviews: { id: string; teamId: string; state: string; leaders: string[] }[] }[];
  };
  const overview = async (cookie: string, search = "") =>
    unwrapData(await get(overviewLoader, `/teamreviews/overview${search}`, cookie)).data as Overview;

  it("shows rounds with their team reviews, filtered by team, tag and state, and scoped for leaders", async () => {
    const hr = await overview(w.hr.cookie);
    expect(hr.clusterWide).toBe(true);
    const round = hr.rounds.find((r) => r.id === w.roundId)!;
    expect(round.teamReviews.map((r) => r.state)).toEqual(["notStarted", "notStarted"]);
    expect(round.teamReviews.find((r) => r.teamId === w.alfa.id)!.leaders).toEqual(["Test Leider"]);

    const alfaOnly = await overview(w.hr.cookie, `?teamId=${w.alfa.id}`);
    expect(alfaOnly.rounds.flatMap((r) => r.teamReviews).every((r) => r.teamId === w.alfa.id)).toBe(true);
    expect(await overview(w.hr.cookie, "?state=finished")).toMatchObject({ rounds: [] });
    // The tag filter matches rounds created with that tag: none here.
    expect((await overview(w.hr.cookie, `?tagId=${tagId}`)).rounds).toEqual([]);

    const leader = await overview(w.leader.cookie);
    expect(leader.clusterWide).toBe(false);
    expect(leader.rounds.flatMap((r) => r.teamReviews).every((r) => r.teamId === w.alfa.id)).toBe(true);
    expect(leader.rounds.length).toBeGreaterThan(0);
  });

  it("confirms, rolls back and locks through its forms; leaders may not", async () => {
    const [alfaReview] = await getDb()
      .select()
      .from(reviews)
      .where(and(eq(reviews.parentId, w.roundId), eq(reviews.teamId, w.alfa.id)));
    await finishTeamReview(await contextFor(w.leader.cookie), alfaReview.id);
    const finished = await overview(w.hr.cookie, "?state=finished");
    expect(finished.rounds.flatMap((r) => r.teamReviews).map((r) => r.id)).toEqual([alfaReview.id]);

    const confirm = (await post(
      overviewAction,
      "/teamreviews/overview",
      [
        ["intent", "confirm"],
        ["reviewId", alfaReview.id],
      ],
      w.hr.cookie,
    )) as Response;
    expect(confirm.status).toBe(302);
    const reviewRow = async () => (await getDb().select().from(reviews).where(eq(reviews.id, alfaReview.id)))[0];
    expect((await reviewRow()).completionConfirmedAt).not.toBeNull();

    const leaderTry = (await post(
      overviewAction,
      "/teamreviews/overview",
      [
        ["intent", "rollback"],
        ["reviewId", alfaReview.id],
      ],
      w.leader.cookie,
    )) as Response;
    expect(leaderTry.status).toBe(404);

    await post(
      overviewAction,
      "/teamreviews/overview",
      [
        ["intent", "rollback"],
        ["reviewId", alfaReview.id],
      ],
      w.hr.cookie,
    );
    expect(await reviewRow()).toMatchObject({ isFinished: false, completionConfirmedAt: null });

    await post(
      overviewAction,
      "/teamreviews/overview",
      [
        ["intent", "lock"],
        ["roundId", w.roundId],
      ],
      w.hr.cookie,
    );
    expect((await reviewRow()).lockedAt).not.toBeNull();
    const lockedRound = (await overview(w.hr.cookie)).rounds.find((r) => r.id === w.roundId) as unknown as {
      locked: boolean;
    };
    expect(lockedRound.locked).toBe(true);
    await post(
      overviewAction,
      "/teamreviews/overview",
      [
        ["intent", "unlock"],
        ["roundId", w.roundId],
      ],
      w.hr.cookie,
    );
    expect((await reviewRow()).lockedAt).toBeNull();

    const foreign = (await post(
      overviewAction,
      "/teamreviews/overview",
      [
        ["intent", "lock"],
        ["roundId", w.roundId],
      ],
      other.cookie,
    )) as Response;
    expect(foreign.status).toBe(404);
  });
});

describe("the reviews API", () => {
  const body = () => ({
    type: "team",
    name: "API-ronde",
    deadline: "01-12-2099",
    teams: [w.alfa.id],
    tags: [],
    set: w.set.id,
    leaders: [w.leader.membership.id],
    members: w.members.map((m) => m.membership.id),
  });

  it("creates a round (201), refuses broken rules (422) and foreign ids (404), and needs a session (401)", async () => {
    const created = (await api(reviewsApiAction, "/api/reviews", "POST", body(), w.hr.cookie)) as Response;
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const [reviewer] = await getDb()
      .select()
      .from(reviewReviewers)
      .innerJoin(reviews, eq(reviews.id, reviewReviewers.reviewId))
      .where(eq(reviews.parentId, id));
    expect(reviewer.review_reviewers.membershipId).toBe(w.leader.membership.id);

    const noLeaders = (await api(
      reviewsApiAction,
      "/api/reviews",
      "POST",
      { ...body(), leaders: [] },
      w.hr.cookie,
    )) as Response;
    expect(noLeaders.status).toBe(422);
    expect(await noLeaders.json()).toMatchObject({
      message: "Er zijn geen teamleiders die passen bij de gekozen teams en tags",
    });
    const past = (await api(
      reviewsApiAction,
      "/api/reviews",
      "POST",
      { ...body(), deadline: "01-01-2020" },
      w.hr.cookie,
    )) as Response;
    expect(past.status).toBe(422);
    const invalid = (await api(reviewsApiAction, "/api/reviews", "POST", { name: "" }, w.hr.cookie)) as Response;
    expect(invalid.status).toBe(422);
    expect(((await invalid.json()) as { message: string }).message).toBeTruthy();

    const foreign = (await api(
      reviewsApiAction,
      "/api/reviews",
      "POST",
      { ...body(), teams: [other.teamId] },
      w.hr.cookie,
    )) as Response;
    expect(foreign.status).toBe(404);
    const anonymous = (await api(reviewsApiAction, "/api/reviews", "POST", body())) as Response;
    expect(anonymous.status).toBe(401);
    const anonymousGet = (await run(() =>
      reviewsApiLoader({ request: getRequest("/api/reviews"), context: context(), params: {} }),
    )) as Response;
    expect(anonymousGet.status).toBe(401);

    // GET lists it with progress; details answer per id; another account sees neither.
    const list = (await run(() =>
      reviewsApiLoader({ request: getRequest("/api/reviews", w.hr.cookie), context: context(), params: {} }),
    )) as Response;
    const listed = reviewListSchema.parse(await list.json());
    expect(listed.reviews.find((r) => r.id === id)).toMatchObject({ type: "team-summary", progress: 0 });
    const teamReview = listed.reviews.find((r) => r.parentId === id)!;
    expect(teamReview).toMatchObject({ type: "team", teams: [{ id: w.alfa.id }], progress: 0 });
    expect(teamReview.memberships).toHaveLength(3);
    const otherList = (await run(() =>
      reviewsApiLoader({ request: getRequest("/api/reviews", other.cookie), context: context(), params: {} }),
    )) as Response;
    expect(((await otherList.json()) as { reviews: unknown[] }).reviews).toEqual([]);

    const details = (await api(
      detailsAction,
      "/api/reviews/details",
      "POST",
      { reviews: [id] },
      w.hr.cookie,
    )) as Response;
    expect(details.status).toBe(200);
    expect(await details.json()).toMatchObject({
      reviews: [{ id, name: "API-ronde", deadline: "2099-12-01", progress: { teamReviews: 1, notStarted: 1 } }],
    });
    const foreignDetails = (await api(
      detailsAction,
      "/api/reviews/details",
      "POST",
      { reviews: [id] },
      other.cookie,
    )) as Response;
    expect(foreignDetails.status).toBe(404);
    const emptyDetails = (await api(detailsAction, "/api/reviews/details", "POST", {}, w.hr.cookie)) as Response;
    expect(emptyDetails.status).toBe(422);

    // DELETE: foreign ids are a 404 (nothing deleted), a leader may not, HR soft-deletes.
    const foreignDelete = (await api(
      reviewsApiAction,
      "/api/reviews",
      "DELETE",
      { reviews: [id] },
      other.cookie,
    )) as Response;
    expect(foreignDelete.status).toBe(404);
    const leaderDelete = (await api(
      reviewsApiAction,
      "/api/reviews",
      "DELETE",
      { reviews: [id] },
      w.leader.cookie,
    )) as Response;
    expect(leaderDelete.status).toBe(404);
    const deleted = (await api(reviewsApiAction, "/api/reviews", "DELETE", { reviews: [id] }, w.hr.cookie)) as Response;
    expect(deleted.status).toBe(200);
    const remaining = await getDb()
      .select()
      .from(reviews)
      .where(and(eq(reviews.parentId, id), isNull(reviews.deletedAt)));
    expect(remaining).toEqual([]);
    const gone = (await api(detailsAction, "/api/reviews/details", "POST", { reviews: [id] }, w.hr.cookie)) as Response;
    expect(gone.status).toBe(404);
  });
});

describe("the reviews API with self reviews", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    type: "self",
    action: "create_selfreview_from_scratch",
    name: "API-zelfbeoordeling",
    deadline: "01-12-2099",
    teams: [w.alfa.id],
    tags: [],
    set: w.set.id,
    memberships: w.members.slice(0, 2).map((m) => m.membership.id),
    criteria: [],
    ...overrides,
  });
  const selfReviewsNamed = (name: string) =>
    getDb()
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.clusterId, w.cluster.id), eq(reviews.type, "self"), eq(reviews.name, name)));
  const post = (payload: unknown, cookie?: string) =>
    api(reviewsApiAction, "/api/reviews", "POST", payload, cookie) as Promise<Response>;
  const getOne = (id: string, cookie: string) =>
    run(() =>
      reviewApiLoader({ request: getRequest(`/api/reviews/${id}`, cookie), context: context(), params: { id } }),
    ) as Promise<Response>;

  it("creates a self review (201) with its teams and participants", async () => {
    const created = await post(body(), w.hr.cookie);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const [review] = await getDb().select().from(reviews).where(eq(reviews.id, id));
    expect(review).toMatchObject({ type: "self", name: "API-zelfbeoordeling", deadline: "2099-12-01" });
    expect(review.clusterId).toBe(w.cluster.id);
    const subjects = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.reviewId, id));
    expect(subjects.map((s) => s.membershipId).sort()).toEqual(
      w.members
        .slice(0, 2)
        .map((m) => m.membership.id)
        .sort(),
    );
    expect(subjects.every((s) => s.teamId === w.alfa.id)).toBe(true);
    const teamRows = await getDb().select().from(reviewTeams).where(eq(reviewTeams.reviewId, id));
    expect(teamRows.map((t) => t.teamId)).toEqual([w.alfa.id]);
  });

  it("answers bad input with 422 and a message, and writes nothing", async () => {
    const cases: [Record<string, unknown>, string | null][] = [
      [{ deadline: "01-01-2020" }, "De deadline mag niet in het verleden liggen"],
      [{ teams: [] }, "Kies ten minste één team"],
      [{ memberships: [] }, "Kies ten minste één deelnemer"],
      [{ deadline: "morgen" }, null],
      [{ name: "" }, null],
    ];
    for (const [overrides, message] of cases) {
      const name = `Fout ${uniqueSuffix()}`;
      const answer = await post(body({ name, ...overrides }), w.hr.cookie);
      expect(answer.status, JSON.stringify(overrides)).toBe(422);
      const json = (await answer.json()) as { message: string };
      if (message) expect(json.message).toBe(message);
      else expect(json.message).toBeTruthy();
      expect(await selfReviewsNamed(name)).toEqual([]);
    }
  });

  it("refuses another account's team and membership ids and members of other teams (404), nothing written", async () => {
    for (const overrides of [
      { teams: [other.teamId] },
      { memberships: [w.members[0].membership.id, other.membershipId] },
      { memberships: [w.betaMember.membership.id] },
      { memberships: ["not-a-uuid"] },
    ]) {
      const name = `Vreemd ${uniqueSuffix()}`;
      const answer = await post(body({ name, ...overrides }), w.hr.cookie);
      expect(answer.status, JSON.stringify(overrides)).toBe(404);
      expect(await selfReviewsNamed(name)).toEqual([]);
    }
  });

  it("is forbidden (403) to an employee and needs a session (401)", async () => {
    const name = `Medewerker ${uniqueSuffix()}`;
    expect((await post(body({ name }), w.members[0].cookie)).status).toBe(403);
    expect((await post(body({ name }))).status).toBe(401);
    expect(await selfReviewsNamed(name)).toEqual([]);
    const list = (await run(() =>
      reviewsApiLoader({ request: getRequest("/api/reviews", w.members[0].cookie), context: context(), params: {} }),
    )) as Response;
    expect(list.status).toBe(403);
  });

  it("lists self reviews with type, isFinished, locked and progress; GET by id answers one", async () => {
    const created = await post(body({ name: "Gelijst" }), w.hr.cookie);
    const { id } = (await created.json()) as { id: string };
    await getDb()
      .update(reviewSubjects)
      .set({ finishedAt: new Date() })
      .where(and(eq(reviewSubjects.reviewId, id), eq(reviewSubjects.membershipId, w.members[0].membership.id)));

    const list = (await run(() =>
      reviewsApiLoader({ request: getRequest("/api/reviews", w.hr.cookie), context: context(), params: {} }),
    )) as Response;
    expect(list.status).toBe(200);
    const listed = reviewListSchema.parse(await list.json());
    expect(listed.reviews.find((r) => r.id === id)).toMatchObject({
      type: "self",
      name: "Gelijst",
      isFinished: 0,
      locked: false,
      progress: 0.5,
    });
    expect(listed.reviews.find((r) => r.id === id)!.memberships).toHaveLength(2);
    expect(listed.reviews.some((r) => r.type === "team-summary")).toBe(true);
    expect(listed.reviews.find((r) => r.type === "team")).toMatchObject({ isFinished: 0 });

    const one = await getOne(id, w.hr.cookie);
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({
      id,
      type: "self",
      isFinished: 0,
      locked: false,
      progress: 0.5,
      teams: [{ id: w.alfa.id }],
    });
    expect((await getOne(id, other.cookie)).status).toBe(404);
    expect((await getOne(id, w.members[0].cookie)).status).toBe(403);

    const otherList = (await run(() =>
      reviewsApiLoader({ request: getRequest("/api/reviews", other.cookie), context: context(), params: {} }),
    )) as Response;
    expect(((await otherList.json()) as { reviews: { id: string }[] }).reviews.map((r) => r.id)).not.toContain(id);
  });

  it("uses the cluster's only active set when the body names none; with several it asks for one (422)", async () => {
    const { set: _set, ...withoutSet } = body({ name: "Zonder set" });
    const created = await post(withoutSet, w.hr.cookie);
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const [review] = await getDb().select().from(reviews).where(eq(reviews.id, id));
    expect(review.setId).toBe(w.set.id);

    await getDb()
      .insert(criteriaSets)
      .values({ accountId: w.account.id, clusterId: w.cluster.id, name: `Tweede set ${uniqueSuffix()}`, flex: 0 });
    const name = `Twee sets ${uniqueSuffix()}`;
    const refused = await post({ ...withoutSet, name }, w.hr.cookie);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ code: "setRequired", message: "Kies een criteriaset" });
    expect(await selfReviewsNamed(name)).toEqual([]);
  });
});
