import type { LoaderFunctionArgs } from "@remix-run/node";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { criteria, membershipTags, reviews, reviewSubjects, tags, users } from "#db/schema";
import { roundResults, roundSummary } from "~/features/reviews/round-results.server";
import { createTeamReviewRound } from "~/features/reviews/round-create.server";
import { finishTeamReview, setRoundLocked } from "~/features/reviews/review-state.server";
import { saveEvaluation } from "~/features/reviews/review-scores.server";
import { requireRound } from "~/features/reviews/review-access.server";
import { loader as compareLoaderA } from "~/routes/_app+/review+/$reviewId.compare.$subjectId";
import { loader as compareLoaderB } from "~/routes/_app+/review+/compare.$reviewId.$subjectId";
import {
  action as reportAction,
  loader as reportLoader,
} from "~/routes/_app+/review+/report.$reviewId.employee.$membershipId";
import { loader as resultTabLoader } from "~/routes/_app+/review+/result.$id.$tab";
import { loader as resultIndexLoader } from "~/routes/_app+/review+/result.$id._index";
import { loader as summaryTabLoader } from "~/routes/_app+/review+/summary.$id.$tab";
import { loader as summaryIndexLoader } from "~/routes/_app+/review+/summary.$id._index";
import { loader as compareLoaderC } from "~/routes/_app+/teamreview+/$reviewId.compare.$subjectId";
import { loader as exportLoader } from "~/routes/resources+/review-export.$id";
import { createAccount, createClusterFor, createUserWithMembership } from "../factories";
import { context, formRequest, getRequest, run, unwrapData } from "../support/http";
import { contextFor, reviewWorld } from "../support/reviews";
import { sessionCookieFor } from "../support/session";
import { readXlsx } from "../support/xlsx";

type World = Awaited<ReturnType<typeof reviewWorld>>;
let w: World;
let alfaReviewId: string;
let betaReviewId: string;
let outsiderCookie: string;
const evilCriterion = '=HYPERLINK("http://evil.example","klik")';

type Loader = (args: LoaderFunctionArgs) => unknown;
const load = (fn: Loader, path: string, cookie: string, params: Record<string, string>) =>
  run(async () => fn({ request: getRequest(path, cookie), context: context(), params }));

async function subjectOf(reviewId: string, membershipId: string) {
  const [row] = await getDb()
    .select()
    .from(reviewSubjects)
    .where(and(eq(reviewSubjects.reviewId, reviewId), eq(reviewSubjects.membershipId, membershipId)));
  return row;
}

async function scoreAll(cookie: string, reviewId: string, membershipId: string, score: number) {
  const subject = await subjectOf(reviewId, membershipId);
  const saved = await saveEvaluation(await contextFor(cookie), reviewId, {
    scores: w.chosen.map((c) => ({ subjectId: subject.id, criterionId: c.id, score })),
  });
  expect(saved).toEqual({ ok: true });
}

beforeAll(async () => {
  w = await reviewWorld();
  const children = await getDb().select().from(reviews).where(eq(reviews.parentId, w.roundId));
  alfaReviewId = children.find((r) => r.teamId === w.alfa.id)!.id;
  betaReviewId = children.find((r) => r.teamId === w.beta.id)!.id;
  await getDb().update(criteria).set({ name: evilCriterion }).where(eq(criteria.id, w.chosen[0].id));
  await getDb().update(users).set({ firstName: "=1+2" }).where(eq(users.id, w.members[2].user.id));
  await scoreAll(w.leader.cookie, alfaReviewId, w.members[0].membership.id, 5);
  await scoreAll(w.leader.cookie, alfaReviewId, w.members[1].membership.id, 1);
  await scoreAll(w.leader.cookie, alfaReviewId, w.members[2].membership.id, 3);
  await scoreAll(w.otherLeader.cookie, betaReviewId, w.betaMember.membership.id, 4);

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

describe("results count only finished team reviews", () => {
  it("shows nothing and says so while no team review is finished", async () => {
    const page = (await load(resultTabLoader, `/review/result/${w.roundId}/grid`, w.hr.cookie, {
      id: w.roundId,
      tab: "grid",
    })) as { results: { finishedCount: number; teamReviewCount: number; rows: unknown[] } };
    expect(page.results).toMatchObject({ finishedCount: 0, teamReviewCount: 2, rows: [] });
    const hr = await contextFor(w.hr.cookie);
    const summary = await roundSummary(hr, await requireRound(hr, w.roundId));
    expect(summary.total.subjects).toBe(0);
    expect(summary.teams).toEqual([]);
  });

  it("counts a team review once it is finished, and not the unfinished one", async () => {
    expect(await finishTeamReview(await contextFor(w.leader.cookie), alfaReviewId)).toEqual({ ok: true });
    const results = await roundResults(await contextFor(w.hr.cookie), w.roundId);
    expect(results.finishedCount).toBe(1);
    expect(results.rows.map((r) => r.lastName)).toEqual(["Aalders", "Bakker", "Claes"]);
    expect(results.rows.map((r) => r.developmentRole)).toEqual([5, 1, 4]);

    const summary = (await load(summaryTabLoader, `/review/summary/${w.roundId}/grid`, w.hr.cookie, {
      id: w.roundId,
      tab: "grid",
    })) as { summary: Awaited<ReturnType<typeof roundSummary>> };
    expect(summary.summary.teams.map((t) => t.name)).toEqual([w.alfa.name]);
    expect(summary.summary.total.subjects).toBe(3);
    expect(summary.summary.total.roleCounts).toEqual({ "5": 1, "1": 1, "4": 1 });
    expect(summary.summary.total.levelCounts[1]).toEqual({ "5": 1, "1": 1, "3": 1 });
  });
});

describe("scope", () => {
  it("a leader sees only their own teams in the results", async () => {
    const other = await roundResults(await contextFor(w.otherLeader.cookie), w.roundId);
    expect(other.teams.map((t) => t.name)).toEqual([w.beta.name]);
    expect(other.rows).toEqual([]);
    const own = await roundResults(await contextFor(w.leader.cookie), w.roundId);
    expect(own.teams.map((t) => t.name)).toEqual([w.alfa.name]);
    expect(own.rows).toHaveLength(3);
    // Another team's review id in the filter is ignored, never a way in.
    const sneaky = await roundResults(await contextFor(w.leader.cookie), w.roundId, { team: betaReviewId });
    expect(sneaky.selectedTeam).toBeNull();
    expect(sneaky.rows.map((r) => r.lastName)).toEqual(["Aalders", "Bakker", "Claes"]);
  });

  it("a leader of another team gets 404 for compare and report of someone outside their scope", async () => {
    const dekker = w.betaMember.membership.id;
    for (const [fn, path] of [
      [compareLoaderA, `/review/${betaReviewId}/compare/${dekker}`],
      [compareLoaderB, `/review/compare/${betaReviewId}/${dekker}`],
      [compareLoaderC, `/teamreview/${betaReviewId}/compare/${dekker}`],
    ] as const) {
      const result = await load(fn, path, w.leader.cookie, { reviewId: betaReviewId, subjectId: dekker });
      expect((result as Response).status).toBe(404);
    }
    // Through the round id, the person is not in any team review the leader may see.
    const viaRound = await load(compareLoaderA, `/review/${w.roundId}/compare/${dekker}`, w.leader.cookie, {
      reviewId: w.roundId,
      subjectId: dekker,
    });
    expect((viaRound as Response).status).toBe(404);
    const report = await load(reportLoader, `/review/report/${betaReviewId}/employee/${dekker}`, w.leader.cookie, {
      reviewId: betaReviewId,
      membershipId: dekker,
    });
    expect((report as Response).status).toBe(404);
    // A member of the leader's own team asked for under the wrong team review is a 404 too.
    const wrongPair = await load(reportLoader, `/review/report/${alfaReviewId}/employee/${dekker}`, w.hr.cookie, {
      reviewId: alfaReviewId,
      membershipId: dekker,
    });
    expect((wrongPair as Response).status).toBe(404);
  });

  it("a user of another account gets 404 for every results page, the export and the goal form", async () => {
    const m = w.members[0].membership.id;
    const attempts: [Loader, string, Record<string, string>][] = [
      [resultIndexLoader, `/review/result/${w.roundId}`, { id: w.roundId }],
      [resultTabLoader, `/review/result/${w.roundId}/grid`, { id: w.roundId, tab: "grid" }],
      [resultTabLoader, `/review/result/${alfaReviewId}/table`, { id: alfaReviewId, tab: "table" }],
      [summaryIndexLoader, `/review/summary/${w.roundId}`, { id: w.roundId }],
      [summaryTabLoader, `/review/summary/${w.roundId}/levels`, { id: w.roundId, tab: "levels" }],
      [compareLoaderA, `/review/${alfaReviewId}/compare/${m}`, { reviewId: alfaReviewId, subjectId: m }],
      [compareLoaderB, `/review/compare/${w.roundId}/${m}`, { reviewId: w.roundId, subjectId: m }],
      [compareLoaderC, `/teamreview/${alfaReviewId}/compare/${m}`, { reviewId: alfaReviewId, subjectId: m }],
      [reportLoader, `/review/report/${alfaReviewId}/employee/${m}`, { reviewId: alfaReviewId, membershipId: m }],
      [exportLoader, `/resources/review-export/${w.roundId}`, { id: w.roundId }],
      [resultTabLoader, `/review/result/not-a-uuid/grid`, { id: "not-a-uuid", tab: "grid" }],
    ];
    for (const [fn, path, params] of attempts) {
      const result = await load(fn, path, outsiderCookie, params);
      expect((result as Response).status, path).toBe(404);
    }
    const post = await run(() =>
      reportAction({
        request: formRequest(`/review/report/${alfaReviewId}/employee/${m}`, { goal: "Overnemen" }, outsiderCookie),
        context: context(),
        params: { reviewId: alfaReviewId, membershipId: m },
      }),
    );
    expect((post as Response).status).toBe(404);
    expect((await subjectOf(alfaReviewId, m)).developmentGoal).toBe("");
  });

  it("an unknown tab is a 404 and anonymous visitors go to the login", async () => {
    const tab = await load(resultTabLoader, `/review/result/${w.roundId}/pie`, w.hr.cookie, {
      id: w.roundId,
      tab: "pie",
    });
    expect((tab as Response).status).toBe(404);
    const anonymous = (await load(exportLoader, `/resources/review-export/${w.roundId}`, "", {
      id: w.roundId,
    })) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    // A team member has no reviews.manage: the guard sends them to the dashboard.
    const member = (await load(resultTabLoader, `/review/result/${w.roundId}/grid`, w.members[0].cookie, {
      id: w.roundId,
      tab: "grid",
    })) as Response;
    expect(member.status).toBe(302);
    expect(member.headers.get("Location")).toBe("/dashboard");
  });
});

describe("urls", () => {
  it("review/result/{id} opens the grid, and a team review id opens its round with that team chosen", async () => {
    const index = (await load(resultIndexLoader, `/review/result/${w.roundId}`, w.hr.cookie, {
      id: w.roundId,
    })) as Response;
    expect(index.headers.get("Location")).toBe(`/review/result/${w.roundId}/grid`);
    const viaTeam = (await load(resultIndexLoader, `/review/result/${alfaReviewId}`, w.hr.cookie, {
      id: alfaReviewId,
    })) as Response;
    expect(viaTeam.headers.get("Location")).toBe(`/review/result/${w.roundId}/grid?team=${alfaReviewId}`);
    const tab = (await load(resultTabLoader, `/review/result/${alfaReviewId}/table`, w.hr.cookie, {
      id: alfaReviewId,
      tab: "table",
    })) as Response;
    expect(tab.headers.get("Location")).toBe(`/review/result/${w.roundId}/table?team=${alfaReviewId}`);
    const summary = (await load(summaryIndexLoader, `/review/summary/${w.roundId}`, w.hr.cookie, {
      id: w.roundId,
    })) as Response;
    expect(summary.headers.get("Location")).toBe(`/review/summary/${w.roundId}/grid`);
  });
});

describe("the table", () => {
  it("sorts by GET parameters and shows each person's criteria scores", async () => {
    const page = (await load(
      resultTabLoader,
      `/review/result/${w.roundId}/table?sort=performance&dir=desc`,
      w.hr.cookie,
      { id: w.roundId, tab: "table" },
    )) as {
      total: number;
      results: {
        pageRows: { subjectId: string; lastName: string }[];
        scores: Record<string, Record<string, number>>;
        criteria: { id: string; name: string }[];
      };
    };
    expect(page.total).toBe(3);
    expect(page.results.pageRows.map((r) => r.lastName)).toEqual(["Aalders", "Claes", "Bakker"]);
    expect(page.results.criteria).toHaveLength(6);
    const first = page.results.pageRows[0].subjectId;
    expect(Object.values(page.results.scores[first])).toEqual([5, 5, 5, 5, 5, 5]);

    const byName = (await load(resultTabLoader, `/review/result/${w.roundId}/table?sort=name&dir=desc`, w.hr.cookie, {
      id: w.roundId,
      tab: "table",
    })) as { results: { pageRows: { lastName: string }[] } };
    expect(byName.results.pageRows.map((r) => r.lastName)).toEqual(["Claes", "Bakker", "Aalders"]);
  });

  it("filters by tag", async () => {
    const [tag] = await getDb()
      .insert(tags)
      .values({ accountId: w.account.id, clusterId: w.cluster.id, kind: "personnel", name: "Nachtdienst" })
      .returning();
    await getDb().insert(membershipTags).values({
      accountId: w.account.id,
      clusterId: w.cluster.id,
      membershipId: w.members[1].membership.id,
      tagId: tag.id,
    });
    const results = await roundResults(await contextFor(w.hr.cookie), w.roundId, { tagId: tag.id });
    expect(results.rows.map((r) => r.lastName)).toEqual(["Bakker"]);
    expect(results.tags.map((t) => t.name)).toContain("Nachtdienst");
  });

  it("exports a real .xlsx with the rows in order and every formula made inert", async () => {
    const response = (await load(
      exportLoader,
      `/resources/review-export/${w.roundId}?sort=potential&dir=asc`,
      w.hr.cookie,
      { id: w.roundId },
    )) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment;/);
    const file = Buffer.from(await response.arrayBuffer());
    expect(file.subarray(0, 2).toString()).toBe("PK");
    const [sheet] = await readXlsx(file);
    expect(sheet.name).toBe("Resultaten");
    const [header, ...rows] = sheet.rows;
    expect(header.slice(0, 7)).toEqual([
      "Naam",
      "Team",
      "Prestatie",
      "Potentieel",
      "Inzetbaarheid",
      "Ontwikkelrol",
      "Ontwikkeldoel",
    ]);
    expect(header).toContain(`'${evilCriterion}`);
    expect(header).not.toContain(evilCriterion);
    expect(rows.map((r) => r[0])).toEqual([
      `${w.members[1].user.firstName} Bakker`,
      "'=1+2 Claes",
      `${w.members[0].user.firstName} Aalders`,
    ]);
    expect(rows[0].slice(1, 6)).toEqual([w.alfa.name, 1, 1, 1, "Loopbaanwissel"]);
    expect(rows[2].slice(7)).toEqual([5, 5, 5, 5, 5, 5]);
    // No cell of the whole file starts a formula.
    for (const row of sheet.rows)
      for (const cell of row) if (typeof cell === "string") expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("exports only the leader's own teams", async () => {
    const response = (await load(exportLoader, `/resources/review-export/${w.roundId}`, w.otherLeader.cookie, {
      id: w.roundId,
    })) as Response;
    const [sheet] = await readXlsx(Buffer.from(await response.arrayBuffer()));
    expect(sheet.rows).toHaveLength(1);
  });
});

describe("compare", () => {
  let laterRoundId: string;
  let laterReviewId: string;

  beforeAll(async () => {
    const hrCtx = await contextFor(w.hr.cookie);
    const created = await createTeamReviewRound(hrCtx, {
      name: "Teamreview voorjaar",
      deadline: "2099-12-01",
      setId: w.set.id,
      teamIds: [w.alfa.id],
      tagIds: [],
      leaderMembershipIds: [w.leader.membership.id],
      memberMembershipIds: w.members.map((m) => m.membership.id),
    });
    if (!created.ok) throw new Error(created.code);
    laterRoundId = created.roundId;
    [{ id: laterReviewId }] = await getDb().select().from(reviews).where(eq(reviews.parentId, laterRoundId));
    await scoreAll(w.leader.cookie, laterReviewId, w.members[0].membership.id, 4);
    await scoreAll(w.leader.cookie, laterReviewId, w.members[1].membership.id, 2);
  });

  type Comparison = {
    comparison: {
      previous: { reviewId: string } | null;
      criteria: { id: string; score: number | null; teamAverage: number | null; previous: number | null }[];
      subject: { performance: number | null };
      team: { performance: number | null };
    };
  };

  it("compares with the team average and the previous finished review, on all three urls", async () => {
    const m = w.members[0].membership.id;
    for (const [fn, path] of [
      [compareLoaderA, `/review/${laterReviewId}/compare/${m}`],
      [compareLoaderB, `/review/compare/${laterReviewId}/${m}`],
      [compareLoaderC, `/teamreview/${laterReviewId}/compare/${m}`],
    ] as const) {
      const { comparison } = (await load(fn, path, w.leader.cookie, {
        reviewId: laterReviewId,
        subjectId: m,
      })) as Comparison;
      expect(comparison.previous?.reviewId).toBe(alfaReviewId);
      expect(comparison.criteria).toHaveLength(6);
      for (const c of comparison.criteria) expect(c).toMatchObject({ score: 4, teamAverage: 3, previous: 5 });
      expect(comparison.subject.performance).toBe(4);
      expect(comparison.team.performance).toBe(3);
    }
  });

  it("takes a round id and finds the person's team review in it", async () => {
    const m = w.members[1].membership.id;
    const { comparison } = (await load(compareLoaderB, `/review/compare/${laterRoundId}/${m}`, w.hr.cookie, {
      reviewId: laterRoundId,
      subjectId: m,
    })) as Comparison;
    expect(comparison.criteria.map((c) => [c.score, c.previous])).toEqual(Array(6).fill([2, 1]));
  });

  it("has no previous review for the first one", async () => {
    const m = w.members[0].membership.id;
    const { comparison } = (await load(compareLoaderA, `/review/${alfaReviewId}/compare/${m}`, w.hr.cookie, {
      reviewId: alfaReviewId,
      subjectId: m,
    })) as Comparison;
    expect(comparison.previous).toBeNull();
    expect(comparison.criteria.every((c) => c.previous === null && c.score === 5)).toBe(true);
    // Team average over Aalders 5, Bakker 1, Claes 3.
    expect(comparison.criteria.every((c) => c.teamAverage === 3)).toBe(true);
  });
});

describe("employee report", () => {
  const reportPath = () => `/review/report/${alfaReviewId}/employee/${w.members[0].membership.id}`;
  const params = () => ({ reviewId: alfaReviewId, membershipId: w.members[0].membership.id });

  it("shows each score with the characteristic of its level, the role and the reviewers", async () => {
    const { report } = (await load(reportLoader, reportPath(), w.hr.cookie, params())) as {
      report: {
        review: { name: string; teamName: string };
        subject: { developmentRole: number };
        reviewers: string[];
        criteria: { id: string; score: number; level: string; characteristic: string }[];
      };
    };
    expect(report.review).toMatchObject({ name: "Teamreview najaar", teamName: w.alfa.name });
    expect(report.subject.developmentRole).toBe(5);
    expect(report.reviewers).toEqual([`${w.leader.user.firstName} Leider`]);
    const book = await getDb().select().from(criteria).where(eq(criteria.clusterId, w.cluster.id));
    expect(report.criteria).toHaveLength(6);
    for (const c of report.criteria) {
      expect(c).toMatchObject({ score: 5, level: "excellent" });
      expect(c.characteristic).toBe(book.find((b) => b.id === c.id)!.characteristics.excellent);
      expect(c.characteristic.length).toBeGreaterThan(0);
    }
  });

  it("saves the development goal after the review is finished, keeps bad input, refuses when locked", async () => {
    const saved = (await run(() =>
      reportAction({
        request: formRequest(reportPath(), { goal: "  Meer coachen van nieuwe collega's  " }, w.leader.cookie),
        context: context(),
        params: params(),
      }),
    )) as Response;
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(reportPath());
    expect((await subjectOf(alfaReviewId, w.members[0].membership.id)).developmentGoal).toBe(
      "Meer coachen van nieuwe collega's",
    );

    const tooLong = unwrapData(
      await reportAction({
        request: formRequest(reportPath(), { goal: "x".repeat(2001) }, w.leader.cookie),
        context: context(),
        params: params(),
      }),
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.data).toMatchObject({
      error: { goal: ["results:report.goalTooLong"] },
      initialValue: { goal: "x".repeat(2001) },
    });

    await setRoundLocked(await contextFor(w.hr.cookie), w.roundId, true);
    const locked = unwrapData(
      await reportAction({
        request: formRequest(reportPath(), { goal: "Iets anders" }, w.hr.cookie),
        context: context(),
        params: params(),
      }),
    );
    expect(locked.status).toBe(400);
    expect(locked.data).toMatchObject({ error: { goal: ["results:report.locked"] } });
    expect((await subjectOf(alfaReviewId, w.members[0].membership.id)).developmentGoal).toBe(
      "Meer coachen van nieuwe collega's",
    );
    await setRoundLocked(await contextFor(w.hr.cookie), w.roundId, false);
  });
});

describe("summary over several teams", () => {
  it("sums every finished team in scope and pages the team rows", async () => {
    expect(await finishTeamReview(await contextFor(w.otherLeader.cookie), betaReviewId)).toEqual({ ok: true });
    const hr = await contextFor(w.hr.cookie);
    const round = await requireRound(hr, w.roundId);
    const first = await roundSummary(hr, round, { page: 1, pageSize: 1 });
    const second = await roundSummary(hr, round, { page: 2, pageSize: 1 });
    expect([first.teamCount, first.finishedCount, first.teamReviewCount]).toEqual([2, 2, 2]);
    expect([...first.teams, ...second.teams].map((t) => t.name)).toEqual([w.alfa.name, w.beta.name].sort());
    expect(first.total).toEqual(second.total);
    expect(first.total.subjects).toBe(4);
    expect(first.total.roleCounts).toEqual({ "5": 2, "1": 1, "4": 1 });
    expect(first.total.levelCounts[1]).toEqual({ "5": 1, "1": 1, "3": 1, "4": 1 });

    // A leader's summary only counts their own team.
    const leaderCtx = await contextFor(w.leader.cookie);
    const leader = await roundSummary(leaderCtx, await requireRound(leaderCtx, w.roundId));
    expect(leader.teams.map((t) => t.name)).toEqual([w.alfa.name]);
    expect([leader.teamCount, leader.total.subjects]).toEqual([1, 3]);
  });
});
