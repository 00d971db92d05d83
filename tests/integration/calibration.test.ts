/**
 * Calibration (docs/decisions/1610) over HTTP on the seeded demo: the board and a person's history, a move with
 * and without a reason (nothing typed lost, nothing written), the calibrated placement in the review stats, the
 * development analytics and the person's own growth page, the audit row without the reason, undoing as a move
 * back, a locked review, and the rights: a leader only their own teams, another account and an employee refused.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { auditEvents, placementCalibrations, reviews, reviewSubjects, reviewTeamStats } from "#db/schema";
import { developmentAnalytics } from "~/features/analytics/development.server";
import { demoReviewNames, demoTeams, leiderTeams } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { formRequest, getRequest } from "../support/http";
import { handle, loaderDataOf } from "../support/remix-handler";
import { contextFor } from "../support/reviews";
import { demoSessions } from "../support/session";

type Who = { cookie: string; accountId: string; clusterId: string; membershipId: string };
const who = {} as Record<"hr" | "leider" | "medewerker" | "andere", Who>;

const boardRoute = "routes/_app+/review+/calibration._index";
const subjectRoute = "routes/_app+/review+/calibration.$subjectId";

type Subject = { id: string; reviewId: string; developmentRole: number | null; calibratedRole: number | null };

/** The active, uncalibrated people of a team's finished team reviews in Noord, the newest round first. */
async function finishedSubjects(teamName: string): Promise<Subject[]> {
  const { rows } = await getDb().execute<{
    id: string;
    review_id: string;
    development_role: number | null;
    calibrated_role: number | null;
  }>(sql`
    select s.id, s.review_id, s.development_role, s.calibrated_role from review_subjects s
    join reviews r on r.id = s.review_id and r.type = 'team' and r.is_finished
    join teams t on t.id = r.team_id and t.name = ${teamName}
    join memberships m on m.id = s.membership_id and m.deleted_at is null and m.status = 'active'
    where s.cluster_id = ${who.hr.clusterId} and s.development_role is not null and s.calibrated_role is null
    order by r.finished_at desc, s.id`);
  return rows.map((r) => ({
    id: r.id,
    reviewId: r.review_id,
    developmentRole: r.development_role,
    calibratedRole: r.calibrated_role,
  }));
}

const movesOf = async (subjectId: string) =>
  getDb()
    .select()
    .from(placementCalibrations)
    .where(eq(placementCalibrations.subjectId, subjectId))
    .orderBy(placementCalibrations.createdAt);

const move = (subjectId: string, fields: Record<string, string>, cookie: string) =>
  handle(formRequest(`/review/calibration/${subjectId}`, fields, cookie));

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  Object.assign(who, await demoSessions());
}, 120_000);

describe("calibration board and history", () => {
  it("shows HR every team of the finished round and the demo's move with who, when and why", async () => {
    const board = (await loaderDataOf("/review/calibration", boardRoute, who.hr.cookie)) as {
      teams: { teamName: string }[];
      people: { subjectId: string; originalRole: number | null; placedRole: number | null }[];
      total: number;
      round: { id: string; name: string };
    };
    // The newest finished round by default, every team of it.
    expect(board.round.name).toContain(demoReviewNames.finished);
    expect(board.teams.map((t) => t.teamName).sort()).toEqual([...demoTeams.noord].sort());
    const [{ n }] = (
      await getDb().execute<{ n: number }>(sql`
        select count(*)::int as n from review_subjects s join reviews r on r.id = s.review_id
        where r.type = 'team' and r.is_finished and r.parent_id = ${board.round.id}`)
    ).rows;
    expect(board.total).toBe(n);

    const [demoMove] = await getDb()
      .select({ subjectId: placementCalibrations.subjectId })
      .from(placementCalibrations)
      .where(eq(placementCalibrations.membershipId, who.medewerker.membershipId));
    const page = (await loaderDataOf(`/review/calibration/${demoMove.subjectId}`, subjectRoute, who.hr.cookie)) as {
      subject: {
        originalRole: number;
        placedRole: number;
        moves: { reason: string; movedBy: string; at: string; fromRole: number; toRole: number }[];
      };
    };
    expect(page.subject.placedRole).not.toBe(page.subject.originalRole);
    expect(page.subject.moves).toHaveLength(1);
    expect(page.subject.moves[0]).toMatchObject({
      fromRole: page.subject.originalRole,
      toRole: page.subject.placedRole,
    });
    expect(page.subject.moves[0].reason).toContain("kalibratiesessie");
    expect(page.subject.moves[0].movedBy).toBeTruthy();

    // The person's own history shows the calibrated role beside the computed one, and who moved it, when and
    // why (decision 1971): the same move the calibration page shows HR.
    type Growth = {
      employee: {
        teamReviews: {
          subjectId: string;
          role: string | null;
          originalRole: string | null;
          calibrations: { reason: string; movedBy: string | null; at: string; fromRole: string; toRole: string }[];
        }[];
      };
    };
    const growth = (await loaderDataOf("/my/growth", "routes/_app+/my+/growth", who.medewerker.cookie)) as Growth;
    const mine = growth.employee.teamReviews.find((r) => r.subjectId === demoMove.subjectId)!;
    expect(mine.role).not.toBe(mine.originalRole);
    expect(mine.calibrations).toHaveLength(1);
    expect(mine.calibrations[0]).toMatchObject({
      reason: page.subject.moves[0].reason,
      movedBy: page.subject.moves[0].movedBy,
      at: page.subject.moves[0].at,
      fromRole: mine.originalRole,
      toRole: mine.role,
    });
    expect(growth.employee.teamReviews.filter((r) => r.subjectId !== demoMove.subjectId)).toSatisfy((rows) =>
      (rows as Growth["employee"]["teamReviews"]).every((r) => r.calibrations.length === 0),
    );
    // Another person's growth page (HR's own, who made the move) holds none of it.
    const hrGrowth = (await loaderDataOf("/my/growth", "routes/_app+/my+/growth", who.hr.cookie)) as Growth;
    expect(JSON.stringify(hrGrowth)).not.toContain(page.subject.moves[0].reason);
  });
});

describe("moving a placement", () => {
  it("refuses a move without a reason next to the field, keeps the chosen role and writes nothing", async () => {
    const [subject] = await finishedSubjects(demoTeams.noord[3]);
    const to = subject.developmentRole === 1 ? "2" : "1";
    const response = await move(subject.id, { role: to, reason: "  " }, who.hr.cookie);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Reden is verplicht");
    expect(html).toMatch(new RegExp(`<option value="${to}" selected=""`));
    expect(await movesOf(subject.id)).toHaveLength(0);
  });

  it("moves with a reason: original kept, stats, analytics and the trail follow; undo is a move back", async () => {
    const [subject] = await finishedSubjects(demoTeams.noord[3]);
    const original = subject.developmentRole!;
    const to = original === 1 ? 2 : 1;
    const ctx = await contextFor(who.hr.cookie);
    const before = await developmentAnalytics(ctx);
    const statsOf = async () =>
      (await getDb().select().from(reviewTeamStats).where(eq(reviewTeamStats.reviewId, subject.reviewId)))[0]
        .roleCounts;
    const statsBefore = await statsOf();

    const response = await move(subject.id, { role: String(to), reason: "Besproken in de sessie" }, who.hr.cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/review/calibration/${subject.id}`);
    const [row] = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.id, subject.id));
    expect(row).toMatchObject({ developmentRole: original, calibratedRole: to });
    const moves = await movesOf(subject.id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ fromRole: original, toRole: to, reason: "Besproken in de sessie" });
    expect(moves[0].movedBy).toBe(ctx.user.id);

    const stats = await statsOf();
    expect(stats[String(to)] ?? 0).toBe((statsBefore[String(to)] ?? 0) + 1);
    expect(stats[String(original)] ?? 0).toBe((statsBefore[String(original)] ?? 0) - 1);
    const after = await developmentAnalytics(ctx);
    expect(after.total![String(to)] ?? 0).toBe((before.total![String(to)] ?? 0) + 1);
    expect(after.total![String(original)] ?? 0).toBe((before.total![String(original)] ?? 0) - 1);

    const [audit] = await getDb()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "review.calibrate"), sql`${auditEvents.data} ->> 'subjectId' = ${subject.id}`));
    expect(audit).toMatchObject({ actorUserId: ctx.user.id, subjectType: "membership" });
    expect(audit.data).toMatchObject({ reviewId: subject.reviewId, from: original, to, original });
    expect(JSON.stringify(audit.data)).not.toContain("Besproken");

    // The same role again is refused next to the role field; moving back is a move with its own reason.
    const same = await move(subject.id, { role: String(to), reason: "Nog eens" }, who.hr.cookie);
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("Deze persoon heeft deze ontwikkelrol al");
    const back = await move(subject.id, { role: String(original), reason: "Toch terug" }, who.hr.cookie);
    expect(back.status).toBe(302);
    const [undone] = await getDb().select().from(reviewSubjects).where(eq(reviewSubjects.id, subject.id));
    expect(undone.calibratedRole).toBe(original);
    expect((await movesOf(subject.id)).map((m) => [m.fromRole, m.toRole])).toEqual([
      [original, to],
      [to, original],
    ]);
    expect(await statsOf()).toEqual(statsBefore);
  });

  it("refuses a move in a locked team review", async () => {
    const [subject] = await finishedSubjects(demoTeams.noord[4]);
    await getDb().update(reviews).set({ lockedAt: new Date() }).where(eq(reviews.id, subject.reviewId));
    try {
      const to = subject.developmentRole === 1 ? "2" : "1";
      const response = await move(subject.id, { role: to, reason: "Besproken" }, who.hr.cookie);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("vergrendeld");
      expect(await movesOf(subject.id)).toHaveLength(0);
    } finally {
      await getDb().update(reviews).set({ lockedAt: null }).where(eq(reviews.id, subject.reviewId));
    }
  });
});

describe("who may calibrate", () => {
  it("lets a leader see and move only the teams they lead", async () => {
    const board = (await loaderDataOf("/review/calibration", boardRoute, who.leider.cookie)) as {
      teams: { teamName: string }[];
    };
    expect(board.teams.map((t) => t.teamName).sort()).toEqual([...leiderTeams].sort());

    const [own] = await finishedSubjects(leiderTeams[1]);
    const ownTo = own.developmentRole === 1 ? "2" : "1";
    expect((await move(own.id, { role: ownTo, reason: "Eigen team" }, who.leider.cookie)).status).toBe(302);

    const [foreign] = await finishedSubjects(demoTeams.noord[2]);
    expect((await handle(getRequest(`/review/calibration/${foreign.id}`, who.leider.cookie))).status).toBe(404);
    expect((await move(foreign.id, { role: "1", reason: "Niet mijn team" }, who.leider.cookie)).status).toBe(404);
    expect(await movesOf(foreign.id)).toHaveLength(0);
  });

  it("gives another account a 404 and an employee the dashboard, and writes nothing", async () => {
    const [subject] = await finishedSubjects(demoTeams.noord[2]);
    expect((await handle(getRequest(`/review/calibration/${subject.id}`, who.andere.cookie))).status).toBe(404);
    expect((await move(subject.id, { role: "1", reason: "Andere BV" }, who.andere.cookie)).status).toBe(404);
    const employee = await handle(getRequest(`/review/calibration/${subject.id}`, who.medewerker.cookie));
    expect(employee.status).toBe(302);
    expect(employee.headers.get("Location")).toBe("/dashboard");
    const posted = await move(subject.id, { role: "1", reason: "Medewerker" }, who.medewerker.cookie);
    expect(posted.status).toBe(302);
    expect(await movesOf(subject.id)).toHaveLength(0);
    const board = (await loaderDataOf("/review/calibration", boardRoute, who.andere.cookie)) as {
      teams: { reviewId: string }[];
    };
    const noordReviews = await getDb()
      .select({ id: reviews.id })
      .from(reviews)
      .where(eq(reviews.clusterId, who.hr.clusterId));
    const noordIds = new Set(noordReviews.map((r) => r.id));
    expect(board.teams.some((t) => noordIds.has(t.reviewId))).toBe(false);
  });
});
