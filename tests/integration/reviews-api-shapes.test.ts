/**
 * The reviews calls of spec §7 over HTTP, field for field (issue 37, docs/decisions/1660–1662): one list of
 * every review with the spec's fields, every id of it opening on GET api/reviews/{id}, member entries with
 * id, reviewId and criteriaScores, POST without a type creating a self review, each answer validated against
 * its published zod schema, as every demo user and with another account's ids.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type * as z from "zod";
import { getDb } from "#db/client.server";
import { reviews, roleAssignments, users } from "#db/schema";
import { criteriaStoreSchema, reviewSettingsSchema } from "~/features/api/schemas/criteria";
import {
  reviewDetailSchema,
  reviewListSchema,
  reviewMembershipSchema,
  type ReviewListEntry,
} from "~/features/api/schemas/reviews";
import { demoRoles, demoWorld, type DemoRole, type DemoWorld } from "../support/demo-world";
import { refusing } from "../support/refusing";
import { apiRequest, handle } from "../support/remix-handler";

let w: DemoWorld;

beforeAll(async () => {
  w = await demoWorld();
}, 120_000);

async function call(method: string, path: string, role?: DemoRole, body?: unknown, language = "nl") {
  const response = await handle(
    apiRequest(method, path, {
      cookie: role ? w.cookies[role] : undefined,
      body,
      headers: { "Accept-Language": language },
    }),
  );
  const text = await response.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // asserted as text
  }
  return { status: response.status, body: json as Record<string, unknown> };
}

/** The answer matches the schema exactly: no field missing, none of another type, none unpublished. */
function expectShape<S extends z.ZodType>(schema: S, value: unknown, label: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${label}: ${JSON.stringify(parsed.error.issues.slice(0, 5))}`);
  expect(keysDeep(value), `${label}: unpublished fields`).toEqual(keysDeep(parsed.data));
  return parsed.data;
}

/** Every key path of a JSON value (array items share one path), to find fields a schema would strip. */
function keysDeep(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((v) => keysDeep(v, `${path}[]`)))].sort();
  if (value && typeof value === "object")
    return Object.entries(value)
      .flatMap(([k, v]) => [`${path}.${k}`, ...keysDeep(v, `${path}.${k}`)])
      .sort();
  return [];
}

async function leadersOf(teamId: string) {
  const rows = await getDb()
    .select({ id: roleAssignments.membershipId })
    .from(roleAssignments)
    .where(and(eq(roleAssignments.teamId, teamId), eq(roleAssignments.roleKey, "team_admin")));
  return rows.map((r) => r.id);
}

async function allReviews(role: DemoRole) {
  const list = await call("GET", "/api/reviews?pageSize=100", role);
  expect(list.status, role).toBe(200);
  return expectShape(reviewListSchema, list.body, `GET api/reviews as ${role}`).reviews;
}

describe("GET api/reviews", () => {
  it("HR gets one list with every type, each with the spec's fields", async () => {
    const list = await allReviews("hr");
    const types = new Set(list.map((r) => r.type));
    expect([...types].sort()).toEqual(["peer", "self", "team", "team-summary"]);
    const round = list.find((r) => r.id === w.demo.led.round)!;
    expect(round).toMatchObject({ type: "team-summary", clusterId: w.demo.cluster, parentId: null });
    expect(round.criteriaSet?.id).toBe(w.demo.led.roundSet);
    expect(round.teams.map((t) => t.id)).toContain(w.demo.led.team);
    expect(round.memberships.some((m) => m.id === w.demo.led.subject && m.reviewId === w.demo.led.teamReview)).toBe(
      true,
    );
    const team = list.find((r) => r.id === w.demo.led.teamReview)!;
    expect(team).toMatchObject({ type: "team", parentId: w.demo.led.round, teams: [{ id: w.demo.led.team }] });
    expect(team.reviewerId).not.toBeNull();
    expect(typeof team.reviewerName).toBe("string");
    expect([0, 1]).toContain(team.isFinished);
    const self = list.find((r) => r.id === w.demo.led.selfReview)!;
    expect(self.type).toBe("self");
    expect(self.memberships.map((m) => m.membershipId)).toContain(w.demo.led.selfParticipant);
    expect(list.find((r) => r.id === w.demo.led.peerReview)?.type).toBe("peer");
    // Newest first.
    const created = list.map((r) => r.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it("as each demo user: 200 with only reviews of their own account they may open, or 403", async () => {
    const andereIds = [w.andere.led.round, w.andere.led.teamReview, w.andere.led.selfReview, w.andere.led.peerReview];
    for (const role of demoRoles) {
      const list = await call("GET", "/api/reviews?pageSize=100", role);
      if (role === "medewerker" || role === "meerdere") {
        if (list.status === 403) continue;
      }
      expect(list.status, role).toBe(200);
      const entries = expectShape(reviewListSchema, list.body, role).reviews;
      const foreign = role === "andere" ? [w.demo.led.round, w.demo.led.teamReview] : andereIds;
      expect(
        entries.filter((r) => foreign.includes(r.id)),
        role,
      ).toEqual([]);
    }
    expect((await call("GET", "/api/reviews", "medewerker")).status).toBe(403);
    expect((await call("GET", "/api/reviews")).status).toBe(401);
  });

  it("a team leader sees his own team's reviews and rounds, not a round over another team", async () => {
    const list = await allReviews("leider");
    const ids = list.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([w.demo.led.round, w.demo.led.teamReview]));
    expect(ids).not.toContain(w.demo.other.teamReview);
    expect(ids).not.toContain(w.demo.other.round);
    const round = list.find((r) => r.id === w.demo.led.round)!;
    expect(round.teams.map((t) => t.id)).not.toContain(w.demo.other.team);
  });
});

describe("GET api/reviews/{id}", () => {
  it("every id of the list opens, as each user who sees it, in the detail's shape", async () => {
    for (const role of ["admin", "hr", "leider", "andere"] as const) {
      const list: ReviewListEntry[] = await allReviews(role);
      expect(list.length, role).toBeGreaterThan(0);
      for (const entry of list) {
        const one = await call("GET", `/api/reviews/${entry.id}`, role);
        expect(one.status, `${role} ${entry.type} ${entry.id}`).toBe(200);
        const detail = expectShape(reviewDetailSchema, one.body, `${role} GET ${entry.type}`);
        expect(detail.memberships.map((m) => m.id).sort()).toEqual(entry.memberships.map((m) => m.id).sort());
        for (const m of detail.memberships) expect(m.reviewId).toBeTruthy();
      }
    }
  });

  it("a team review: reviewer, createdAt, teams list, criteria set, member entries with criteriaScores", async () => {
    const { status, body } = await call("GET", `/api/reviews/${w.demo.led.teamReview}`, "leider");
    expect(status).toBe(200);
    const detail = reviewDetailSchema.parse(body);
    expect(detail.teams).toEqual([{ id: w.demo.led.team, name: expect.any(String) }]);
    expect(detail.criteriaSet?.id).toBe(w.demo.led.roundSet);
    expect(detail.reviewerId).not.toBeNull();
    const entry = detail.memberships.find((m) => m.id === w.demo.led.subject)!;
    expect(entry).toMatchObject({ reviewId: w.demo.led.teamReview, membershipId: w.demo.led.employee });
    expect(detail.criteria.map((d) => d.dimension)).toEqual([1, 2, 3]);
  });

  it("a self review: member entries with id, reviewId, criteriaScores and extraScores.teamScores", async () => {
    const detail = reviewDetailSchema.parse((await call("GET", `/api/reviews/${w.demo.led.selfReview}`, "hr")).body);
    expect(detail.type).toBe("self");
    expect(detail.summary).toBeNull();
    const entry = detail.memberships.find((m) => m.membershipId === w.demo.led.selfParticipant)!;
    expect(entry.reviewId).toBe(w.demo.led.selfReview);
    expect(Array.isArray(entry.criteriaScores)).toBe(true);
    expect(Array.isArray(entry.extraScores.teamScores)).toBe(true);
  });

  it("a round: its team reviews' entries, summary and linked goals; 404 for another account's ids and for nonsense", async () => {
    const detail = reviewDetailSchema.parse((await call("GET", `/api/reviews/${w.demo.led.round}`, "hr")).body);
    expect(detail.type).toBe("team-summary");
    expect(detail.summary).not.toBeNull();
    expect(detail.memberships.some((m) => m.reviewId === w.demo.led.teamReview)).toBe(true);
    for (const id of [w.andere.led.round, w.andere.led.teamReview, w.andere.led.selfReview, w.andere.led.peerReview]) {
      const foreign = await call("GET", `/api/reviews/${id}`, "hr");
      expect(foreign, id).toMatchObject({ status: 404, body: { error: "notFound" } });
    }
    expect((await call("GET", "/api/reviews/not-a-uuid", "hr")).status).toBe(404);
    expect((await call("GET", `/api/reviews/${w.demo.other.teamReview}`, "leider")).status).toBe(404);
    expect((await call("GET", `/api/reviews/${w.demo.led.teamReview}`, "medewerker")).status).toBe(403);
  });
});

describe("POST api/reviews", () => {
  it("without a type creates a self review (spec §9)", async () => {
    const created = await call("POST", "/api/reviews", "hr", {
      name: "Zelfreview zonder type",
      deadline: "01-12-2099",
      teams: [w.demo.led.team],
      memberships: [w.demo.led.selfParticipant],
      set: w.demo.led.roundSet,
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    const [row] = await getDb().select().from(reviews).where(eq(reviews.id, id));
    expect(row.type).toBe("self");
    const detail = reviewDetailSchema.parse((await call("GET", `/api/reviews/${id}`, "hr")).body);
    expect(detail.memberships.map((m) => m.membershipId)).toEqual([w.demo.led.selfParticipant]);
    // The creator is stored: the API's reviewer of a self review (decision 1760).
    expect(detail.reviewerId).toBe(row.createdBy);
    expect(detail.reviewerName).toBe("Sandra Kuipers");
  });

  it("a write that fails past its checks: 409 in the error shape, never a 500, nothing written (1840)", async () => {
    const name = "Weigert 1840";
    await refusing("reviews", "insert", `new.name = '${name}'`, async () => {
      const failed = await call("POST", "/api/reviews", "hr", {
        name,
        deadline: "01-12-2099",
        teams: [w.demo.led.team],
        memberships: [w.demo.led.selfParticipant],
        set: w.demo.led.roundSet,
      });
      expect(failed.status).toBe(409);
      expect(failed.body).toMatchObject({ error: "failed", code: "failed" });
      expect(typeof failed.body.message).toBe("string");
    });
    expect(await getDb().select().from(reviews).where(eq(reviews.name, name))).toEqual([]);
  });

  it("every seeded and created review of the list names its reviewer", async () => {
    const missing = (await allReviews("hr")).filter((r) => r.reviewerId === null || r.reviewerName === null);
    expect(missing.map((r) => `${r.type} ${r.name}`)).toEqual([]);
  });

  it("bad input: 422 with the message in the caller's language, next to the field", async () => {
    const nl = await call("POST", "/api/reviews", "hr", { name: "", deadline: "", teams: [] });
    expect(nl.status).toBe(422);
    const issues = nl.body.issues as { path: string; message: string }[];
    expect(issues.find((i) => i.path === "name")?.message).toBe("Naam is verplicht");
    // The user's own language comes first (an English-speaking HR user).
    const hr = await getDb().select({ id: users.id }).from(users).where(eq(users.email, "hr@demo.nl"));
    await getDb().update(users).set({ language: "en" }).where(eq(users.id, hr[0].id));
    try {
      const en = await call("POST", "/api/reviews", "hr", { name: "", deadline: "", teams: [] });
      expect((en.body.issues as { path: string; message: string }[]).find((i) => i.path === "name")?.message).toBe(
        "Name is required",
      );
    } finally {
      await getDb().update(users).set({ language: "nl" }).where(eq(users.id, hr[0].id));
    }
    const noTeams = await call("POST", "/api/reviews", "hr", { name: "X", deadline: "01-12-2099", teams: [] });
    expect(noTeams.status).toBe(422);
    expect(noTeams.body.code).toBe("teamsRequired");
    const foreign = await call("POST", "/api/reviews", "hr", {
      name: "X",
      deadline: "01-12-2099",
      teams: [w.andere.led.team],
    });
    expect(foreign.status).toBe(404);
  });
});

describe("the write calls with another account's ids, or without the right", () => {
  it("404 for Andere BV's user with Demo BV's ids and nothing changes; 403 for an employee", async () => {
    const round = w.demo.led.round;
    const writes: [string, string, unknown][] = [
      ["DELETE", "/api/reviews", { reviews: [round] }],
      ["POST", "/api/reviews/details", { reviews: [round] }],
      ["PUT", `/api/reviews/${w.demo.led.teamReview}`, { isFinished: 1 }],
      ["POST", `/api/reviews/${w.demo.led.teamReview}/member`, { membershipId: w.demo.led.employee }],
      ["POST", `/api/reviews/update/${w.demo.led.teamReview}/membership/${w.demo.led.subject}`, { criteriaScores: [] }],
      [
        "POST",
        "/api/reviews",
        {
          type: "team",
          name: "X",
          deadline: "01-12-2099",
          teams: [w.demo.led.team],
          set: w.demo.led.roundSet,
          leaders: [w.demo.led.employee],
          members: [w.demo.led.employee],
        },
      ],
    ];
    for (const [method, path, body] of writes) {
      const foreign = await call(method, path, "andere", body);
      expect(foreign.status, `${method} ${path} ${JSON.stringify(foreign.body)}`).toBe(404);
      expect((await call(method, path, "medewerker", body)).status, `${method} ${path}`).toBe(403);
    }
    const [roundRow] = await getDb().select().from(reviews).where(eq(reviews.id, round));
    expect(roundRow.deletedAt).toBeNull();
    const [teamReview] = await getDb().select().from(reviews).where(eq(reviews.id, w.demo.led.teamReview));
    expect(teamReview.isFinished).toBe(false);
  });

  it("a round made through the API stores its creator; DELETE removes it with its team reviews", async () => {
    const created = await call("POST", "/api/reviews", "hr", {
      type: "team",
      name: "API-ronde",
      deadline: "01-12-2099",
      teams: [w.demo.other.team],
      set: w.demo.other.roundSet,
      leaders: await leadersOf(w.demo.other.team),
      members: [w.demo.other.employee],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as { id: string }).id;
    const detail = reviewDetailSchema.parse((await call("GET", `/api/reviews/${id}`, "hr")).body);
    expect(detail.type).toBe("team-summary");
    expect(detail.reviewerName).not.toBeNull();
    const [row] = await getDb().select().from(reviews).where(eq(reviews.id, id));
    expect(row.createdBy).not.toBeNull();
    const deleted = await call("DELETE", "/api/reviews", "hr", { reviews: [id] });
    expect(deleted.body).toEqual({ deleted: 1 });
    expect((await call("GET", `/api/reviews/${id}`, "hr")).status).toBe(404);
  });

  it("DELETE removes self reviews and peer rounds under the pages' rights; with a team review alone, another account's id or without the right nothing changes", async () => {
    const body = {
      deadline: "01-12-2099",
      teams: [w.demo.led.team],
      memberships: [w.demo.led.selfParticipant],
      set: w.demo.led.roundSet,
    };
    const self = await call("POST", "/api/reviews", "hr", { ...body, name: "Te verwijderen zelfreview" });
    const peer = await call("POST", "/api/reviews", "hr", { ...body, type: "peer", name: "Te verwijderen peerronde" });
    expect([self.status, peer.status], JSON.stringify([self.body, peer.body])).toEqual([201, 201]);
    const ids = [self.body.id, peer.body.id] as string[];
    const live = async () =>
      (
        await getDb()
          .select({ id: reviews.id })
          .from(reviews)
          .where(and(inArray(reviews.id, ids), isNull(reviews.deletedAt)))
      ).length;
    const refused = [
      ["hr", [...ids, w.demo.led.teamReview], 404],
      ["hr", [...ids, w.andere.led.selfReview], 404],
      ["andere", ids, 404],
      ["medewerker", ids, 403],
    ] as const;
    for (const [role, reviewIds, status] of refused)
      expect((await call("DELETE", "/api/reviews", role, { reviews: reviewIds })).status, role).toBe(status);
    expect(await live()).toBe(2);
    expect((await call("DELETE", "/api/reviews", "hr", { reviews: ids })).body).toEqual({ deleted: 2 });
    expect(await live()).toBe(0);
    for (const id of ids) expect((await call("GET", `/api/reviews/${id}`, "hr")).status).toBe(404);
  });
});

describe("member entry calls", () => {
  it("POST …/member and the membership update answer one entry in the detail's entry shape", async () => {
    const review = w.demo.led.teamReview;
    const member = await call("POST", `/api/reviews/${review}/member`, "leider", { membershipId: w.demo.led.employee });
    expect(member.status).toBe(200);
    const entry = expectShape(reviewMembershipSchema, member.body, "POST member");
    expect(entry).toMatchObject({ id: w.demo.led.subject, reviewId: review });
    const updated = await call("POST", `/api/reviews/update/${review}/membership/${w.demo.led.subject}`, "leider", {
      developmentGoal: entry.developmentGoal,
    });
    expect(updated.status).toBe(200);
    expectShape(reviewMembershipSchema, updated.body, "POST update membership");
    const foreign = await call("POST", `/api/reviews/${w.andere.led.teamReview}/member`, "leider", {
      membershipId: w.andere.led.employee,
    });
    expect(foreign.status).toBe(404);
  });
});

describe("GET api/review-settings and api/criteria?for=store", () => {
  it("review settings carry flow and each scale's colour list", async () => {
    const { status, body } = await call("GET", "/api/review-settings", "hr");
    expect(status).toBe(200);
    const settings = expectShape(reviewSettingsSchema, body, "GET api/review-settings");
    expect(settings.scales.map((s) => s.colors.length)).toEqual([4, 5, 6]);
    expect(settings.flow).toEqual({ scaleMax: 10, flowBand: 1, stressBand: 3 });
    expect((await call("GET", "/api/review-settings", "medewerker")).status).toBe(403);
  });

  it("the store has the flow settings, criteria with tag objects and flags, tags with their criteria", async () => {
    const { status, body } = await call("GET", "/api/criteria?for=store", "hr");
    expect(status).toBe(200);
    const store = expectShape(criteriaStoreSchema, body, "GET api/criteria?for=store");
    expect(store.flow.scaleMax).toBeGreaterThanOrEqual(4);
    expect(store.criteria.every((c) => !c.selected && !c.disabled && !c.belongsToSet)).toBe(true);
    const tagged = store.criteria.find((c) => c.tags.length > 0);
    if (tagged) expect(store.tags.find((t) => t.id === tagged.tags[0].id)?.criteria).toContain(tagged.id);

    const withSet = expectShape(
      criteriaStoreSchema,
      (await call("GET", `/api/criteria?for=store&set=${w.demo.set}`, "hr")).body,
      "store with a set",
    );
    const setCriteria = withSet.sets.find((s) => s.id === w.demo.set)!.criteria.map((c) => c.id);
    expect(setCriteria.length).toBeGreaterThan(0);
    for (const c of withSet.criteria) {
      const inSet = setCriteria.includes(c.id);
      expect([c.selected, c.disabled, c.belongsToSet]).toEqual([inSet, inSet, inSet]);
    }
    expect((await call("GET", `/api/criteria?for=store&set=${w.andere.set}`, "hr")).status).toBe(404);
    expect((await call("GET", "/api/criteria?for=store&set=nope", "hr")).status).toBe(400);
    expect((await call("GET", "/api/criteria?for=store", "medewerker")).status).toBe(403);
  });
});
