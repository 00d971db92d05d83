import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { memberships, reviewReviewers, reviews, roleAssignments, users } from "#db/schema";
import { decideNomination, nominatePeers, pendingNominations } from "~/features/peer-reviews/peer-nominations.server";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { seedDemo } from "../../seed/run";
import { columnsHolding, erase, refusalsOnPage, reviewsNamedOnPage } from "../support/erasure";
import { unwrapData } from "../support/http";
import { contextFor, peerRoundOf, reviewWorld } from "../support/reviews";
import { signInTo } from "../support/session";

/**
 * Erasure's refusals for open obligations (decisions 1560, 1890, 1891): a peer round, and on the demo a leader
 * of teams in two clusters and two account admins (the account admin admin@demo.nl answers the requests).
 */
let admin: Awaited<ReturnType<typeof signInTo>>;
const db = () => getDb();

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  admin = await signInTo(demoUsers.admin, demoClusters.noord);
}, 120_000);

async function expectRefused(membershipId: string, cookie: string, key: string) {
  const refused = unwrapData(await erase(membershipId, cookie));
  expect(refused.status).toBe(400);
  expect(JSON.stringify(refused.data)).toContain(key);
}

describe("erasure and open obligations", () => {
  it("is refused, naming the peer review, while someone is proposed as a peer in an unfinished peer round", async () => {
    const w = await reviewWorld();
    await db().update(users).set({ isAccountAdmin: true }).where(eq(users.id, w.hr.user.id));
    const hr = await contextFor(w.hr.cookie);
    const [, bakker, claes] = w.members;
    const reviewId = await peerRoundOf(w, {
      name: "Peerreview voorjaar",
      teamIds: [w.alfa.id],
      participantIds: [bakker.membership.id],
    });
    // Claes is reviewed in the open team round (no obligation) and not in the peer round yet.
    expect(await refusalsOnPage(claes.membership.id, w.hr.cookie)).toEqual([]);

    // Bakker proposes Claes as a peer: refused while the proposal waits.
    const bakkerCtx = await contextFor(bakker.cookie);
    expect(await nominatePeers(bakkerCtx, reviewId, [claes.membership.id])).toMatchObject({ ok: true });
    expect(await refusalsOnPage(claes.membership.id, w.hr.cookie)).toEqual(["audit:erasure.refused.openPeerReview"]);
    // The page names the round, so the admin knows where to go.
    expect(await reviewsNamedOnPage(claes.membership.id, w.hr.cookie)).toEqual(["peer: Peerreview voorjaar"]);
    await expectRefused(claes.membership.id, w.hr.cookie, "audit:erasure.refused.openPeerReview");

    // Approved, the proposal is a questionnaire: still refused, as for every reviewer of the round.
    const [proposal] = await pendingNominations(hr, reviewId);
    expect(await decideNomination(hr, reviewId, proposal.id, true)).toMatchObject({ ok: true, changed: true });
    expect(await refusalsOnPage(claes.membership.id, w.hr.cookie)).toEqual(["audit:erasure.refused.openPeerReview"]);
    expect(await refusalsOnPage(bakker.membership.id, w.hr.cookie)).toEqual(["audit:erasure.refused.openPeerReview"]);
    const [kept] = await db().select().from(users).where(eq(users.id, claes.user.id));
    expect(kept.erasedAt).toBeNull();

    // Once the round is finished the obligation is over.
    await db().update(reviews).set({ isFinished: true, finishedAt: new Date() }).where(eq(reviews.id, reviewId));
    expect(await refusalsOnPage(claes.membership.id, w.hr.cookie)).toEqual([]);
  });

  it("looks at both clusters of a leader of teams in two clusters, and erases them in both", async () => {
    const noord = await signInTo(demoUsers.meerdere, demoClusters.noord);
    const zuid = await signInTo(demoUsers.meerdere, demoClusters.zuid);
    const mine = [noord.membershipId, zuid.membershipId];
    // meerdere@demo.nl leads the team he works in, in each cluster.
    await db()
      .update(roleAssignments)
      .set({ roleKey: "team_admin" })
      .where(and(inArray(roleAssignments.membershipId, mine), eq(roleAssignments.roleKey, "team_member")));
    const led = await db()
      .select({ clusterId: roleAssignments.clusterId, teamId: roleAssignments.teamId })
      .from(roleAssignments)
      .where(and(inArray(roleAssignments.membershipId, mine), eq(roleAssignments.roleKey, "team_admin")));
    expect(new Set(led.map((r) => r.clusterId))).toEqual(new Set([noord.clusterId, zuid.clusterId]));
    expect(await refusalsOnPage(noord.membershipId, admin.cookie)).toEqual([]);

    // He scores an open team review in Zuid (raw rows: Zuid has no criteria set to make a round with).
    const zuidTeam = led.find((r) => r.clusterId === zuid.clusterId)!.teamId;
    const ids = { accountId: zuid.accountId, clusterId: zuid.clusterId };
    const [review] = await db()
      .insert(reviews)
      .values({ ...ids, type: "team", name: "Teamreview Zuid", scale: 5, teamId: zuidTeam })
      .returning({ id: reviews.id });
    await db()
      .insert(reviewReviewers)
      .values({ ...ids, reviewId: review.id, membershipId: zuid.membershipId });
    // Asked from Noord, the open review in Zuid refuses.
    expect(await refusalsOnPage(noord.membershipId, admin.cookie)).toEqual(["audit:erasure.refused.openReview"]);
    expect(await reviewsNamedOnPage(noord.membershipId, admin.cookie)).toEqual(["Teamreview Zuid"]);
    await expectRefused(noord.membershipId, admin.cookie, "audit:erasure.refused.openReview");

    await db().update(reviews).set({ isFinished: true, finishedAt: new Date() }).where(eq(reviews.id, review.id));
    expect(await refusalsOnPage(noord.membershipId, admin.cookie)).toEqual([]);
    expect(await columnsHolding([demoUsers.meerdere])).not.toEqual([]);
    const response = (await erase(noord.membershipId, admin.cookie)) as Response;
    expect(response.status).toBe(302);

    // Gone in both clusters: no team led any more, both memberships anonymised, the address nowhere.
    expect(await db().select().from(roleAssignments).where(inArray(roleAssignments.membershipId, mine))).toEqual([]);
    const rows = await db().select().from(memberships).where(inArray(memberships.id, mine));
    expect(rows.map((m) => ({ status: m.status, access: m.access, removed: m.deletedAt !== null }))).toEqual([
      { status: "inactive", access: false, removed: true },
      { status: "inactive", access: false, removed: true },
    ]);
    expect(await columnsHolding([demoUsers.meerdere])).toEqual([]);
  });

  it("keeps an account admin when two account admins erase each other at the same time", async () => {
    const hr = await signInTo(demoUsers.hr, demoClusters.noord);
    await db().update(users).set({ isAccountAdmin: true }).where(eq(users.email, demoUsers.hr));
    // Each may erase the other while there is another account admin.
    expect(await refusalsOnPage(hr.membershipId, admin.cookie)).toEqual([]);
    expect(await refusalsOnPage(admin.membershipId, hr.cookie)).toEqual([]);

    // Both requests must be past sign-in and at the admins' lock together: otherwise the one that comes second
    // finds its session gone with the erased person and is sent to sign in, which proves nothing. The test holds
    // the admins' rows until both erasures wait for them (seen in pg_stat_activity), then lets them race.
    const answers = await getDb().transaction(async (tx) => {
      await tx.execute(sql`select id from users where account_id = ${admin.accountId} and is_account_admin for update`);
      const racing = [erase(hr.membershipId, admin.cookie), erase(admin.membershipId, hr.cookie)];
      let waiting = 0;
      for (let tries = 0; waiting < 2 && tries < 1_000; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        // Read outside tx: inside it pg_stat_activity stays as first read.
        const { rows } = await db().execute<{ n: number }>(sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`);
        waiting = rows[0].n;
      }
      expect(waiting).toBe(2);
      return racing;
    });
    await Promise.all(answers);
    const admins = await db()
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.accountId, admin.accountId), eq(users.isAccountAdmin, true)));
    expect(admins).toHaveLength(1);
    // The one that waited finds the other erased: they are the last account admin now.
    const refused = (await Promise.all(answers)).map((a) => unwrapData(a)).filter((a) => a.status === 400);
    expect(refused).toHaveLength(1);
    expect(JSON.stringify(refused[0].data)).toContain("audit:erasure.refused.lastAccountAdmin");
    const erased = await db()
      .select({ id: users.id })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(and(inArray(memberships.id, [admin.membershipId, hr.membershipId]), sql`${users.erasedAt} is not null`));
    expect(erased).toHaveLength(1);
  });
});
