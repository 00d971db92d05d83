import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.server";
import * as schema from "#db/schema";
import { accounts, clusterModules, clusters, contracts, memberships, roleAssignments, teams, users } from "#db/schema";
import { seedDemo, seedDemoIfEmpty } from "../../seed/run";
import {
  DEMO_PASSWORD,
  demoAccounts,
  demoClusters,
  demoTeams,
  demoUsers,
  leiderTeams,
  medewerkerTeam,
  meerdereTeams,
} from "../../seed/demo-data";
import { verifyPassword } from "~/features/auth/password.server";

const databaseUrl = process.env.DATABASE_URL!;
let pool: pg.Pool;
let db: Database;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  db = drizzle(pool, { schema });
  await seedDemo(databaseUrl);
}, 60_000);

afterAll(async () => {
  await pool?.end();
});

async function accountByName(name: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.name, name));
  expect(account, name).toBeDefined();
  return account;
}

async function userByEmail(email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  expect(user, email).toBeDefined();
  return user;
}

/** "cluster | role | level | team" for every role of the user's live memberships. */
async function rolesOf(email: string) {
  const user = await userByEmail(email);
  const rows = await db
    .select({
      cluster: clusters.name,
      role: roleAssignments.roleKey,
      level: roleAssignments.level,
      team: teams.name,
    })
    .from(memberships)
    .innerJoin(clusters, eq(clusters.id, memberships.clusterId))
    .innerJoin(roleAssignments, eq(roleAssignments.membershipId, memberships.id))
    .leftJoin(teams, eq(teams.id, roleAssignments.teamId))
    .where(and(eq(memberships.userId, user.id), isNull(memberships.deletedAt)));
  return rows.map((r) => `${r.cluster} | ${r.role} | ${r.level} | ${r.team ?? "-"}`).sort();
}

describe("demo seed", () => {
  it("creates the two demo accounts", async () => {
    // Every test file starts on a fresh copy of the migrated template: only the demo is here.
    expect(await db.select({ id: accounts.id }).from(accounts)).toHaveLength(2);
    const rows = await db
      .select()
      .from(accounts)
      .where(inArray(accounts.name, Object.values(demoAccounts)));
    expect(rows.map((a) => a.name).sort()).toEqual([demoAccounts.andere, demoAccounts.demo]);
    const demo = rows.find((a) => a.name === demoAccounts.demo)!;
    expect(demo.licenceStatus).toBe("active");
    expect(demo.licensedTeams).toBe(20);
    expect(demo.licensedEmployees).toBe(150);
    expect(demo.licenceExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);
    expect(demo.chamberOfCommerce).toBeTruthy();
    expect(demo.iban).toMatch(/^NL\d{2}[A-Z]{4}\d{10}$/);
  });

  it("gives Demo BV two clusters, eight teams and at least 55 memberships", async () => {
    const demo = await accountByName(demoAccounts.demo);
    const clusterRows = await db.select().from(clusters).where(eq(clusters.accountId, demo.id));
    expect(clusterRows.map((c) => c.name).sort()).toEqual([demoClusters.noord, demoClusters.zuid].sort());

    const teamRows = await db.select().from(teams).where(eq(teams.accountId, demo.id));
    expect(teamRows.map((t) => t.name).sort()).toEqual([...demoTeams.noord, ...demoTeams.zuid].sort());
    const noord = clusterRows.find((c) => c.name === demoClusters.noord)!;
    expect(teamRows.filter((t) => t.clusterId === noord.id)).toHaveLength(5);

    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.accountId, demo.id));
    expect(count).toBeGreaterThanOrEqual(55);

    const [{ withContract }] = await db
      .select({
        withContract: sql<number>`count(distinct ${contracts.membershipId})::int`,
      })
      .from(contracts)
      .where(eq(contracts.accountId, demo.id));
    expect(withContract).toBeGreaterThan(count * 0.8);
    expect(withContract).toBeLessThan(count);

    const noordModules = await db
      .select({ key: clusterModules.moduleKey })
      .from(clusterModules)
      .where(eq(clusterModules.clusterId, noord.id));
    expect(noordModules.map((m) => m.key)).not.toContain("2fa");
    expect(noordModules.length).toBe(8);
  });

  it("gives every live member with access at least one role and every team a leader", async () => {
    const demo = await accountByName(demoAccounts.demo);
    const withoutRole = await db
      .select({ id: memberships.id })
      .from(memberships)
      .leftJoin(roleAssignments, eq(roleAssignments.membershipId, memberships.id))
      .where(
        and(
          eq(memberships.accountId, demo.id),
          eq(memberships.access, true),
          isNull(memberships.deletedAt),
          isNull(roleAssignments.id),
        ),
      );
    expect(withoutRole).toEqual([]);

    const leaderless = await db
      .select({ name: teams.name })
      .from(teams)
      .where(
        and(
          eq(teams.accountId, demo.id),
          sql`not exists (select 1 from ${roleAssignments} ra where ra.team_id = ${teams.id} and ra.role_key = 'team_admin')`,
        ),
      );
    expect(leaderless).toEqual([]);

    const special = await db
      .select({
        inactive: sql<number>`count(*) filter (where ${memberships.status} = 'inactive')::int`,
        noAccess: sql<number>`count(*) filter (where not ${memberships.access} and ${memberships.status} = 'active' and ${memberships.deletedAt} is null)::int`,
        deleted: sql<number>`count(*) filter (where ${memberships.deletedAt} is not null)::int`,
      })
      .from(memberships)
      .where(eq(memberships.accountId, demo.id));
    // seed/demo/people.ts: two inactive and two without access in Zorggroep Noord, one each in the second cluster.
    expect(special[0].inactive).toBe(3);
    expect(special[0].noAccess).toBe(3);
    expect(special[0].deleted).toBe(1);
  });

  it("creates the demo users, verified, active and with access, with the documented roles", async () => {
    const demo = await accountByName(demoAccounts.demo);
    for (const email of Object.values(demoUsers)) {
      const user = await userByEmail(email);
      expect(user.emailVerifiedAt, email).not.toBeNull();
      expect(user.deletedAt, email).toBeNull();
      expect(user.firstLoginAt, email).toBeNull();
      const ms = await db.select().from(memberships).where(eq(memberships.userId, user.id));
      // meerdere@demo.nl works in two clusters; every other demo user in one.
      expect(ms.length, email).toBe(email === demoUsers.meerdere ? 2 : 1);
      for (const m of ms) {
        expect([m.status, m.access, m.deletedAt], email).toEqual(["active", true, null]);
      }
      if (email !== demoUsers.andere) expect(user.accountId, email).toBe(demo.id);
    }

    expect((await userByEmail(demoUsers.admin)).isAccountAdmin).toBe(true);
    expect(await rolesOf(demoUsers.admin)).toEqual([`${demoClusters.noord} | cluster_admin | cluster | -`]);

    expect((await userByEmail(demoUsers.hr)).isAccountAdmin).toBe(false);
    expect(await rolesOf(demoUsers.hr)).toEqual([`${demoClusters.noord} | cluster_admin | cluster | -`]);

    expect(await rolesOf(demoUsers.leider)).toEqual(
      leiderTeams.map((t) => `${demoClusters.noord} | team_admin | team | ${t}`).sort(),
    );
    expect(await rolesOf(demoUsers.medewerker)).toEqual([
      `${demoClusters.noord} | team_member | team | ${medewerkerTeam}`,
    ]);
    expect(await rolesOf(demoUsers.meerdere)).toEqual(
      [
        `${demoClusters.noord} | team_member | team | ${meerdereTeams.noord}`,
        `${demoClusters.zuid} | team_member | team | ${meerdereTeams.zuid}`,
      ].sort(),
    );
    for (const key of ["hr", "leider", "medewerker", "meerdere"] as const) {
      expect((await userByEmail(demoUsers[key])).isAccountAdmin, key).toBe(false);
    }
  });

  it("keeps andere@demo.nl in a separate account", async () => {
    const demo = await accountByName(demoAccounts.demo);
    const andere = await accountByName(demoAccounts.andere);
    const user = await userByEmail(demoUsers.andere);
    expect(user.accountId).toBe(andere.id);
    expect(user.isAccountAdmin).toBe(true);

    const andereClusters = await db.select().from(clusters).where(eq(clusters.accountId, andere.id));
    expect(andereClusters.map((c) => c.name)).toEqual([demoClusters.andere]);
    const demoClusterIds = (
      await db.select({ id: clusters.id }).from(clusters).where(eq(clusters.accountId, demo.id))
    ).map((c) => c.id);
    expect(andereClusters.filter((c) => demoClusterIds.includes(c.id))).toEqual([]);

    const ms = await db.select().from(memberships).where(eq(memberships.userId, user.id));
    expect(ms.every((m) => m.accountId === andere.id && !demoClusterIds.includes(m.clusterId))).toBe(true);

    const [{ count }] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.accountId, andere.id));
    expect(count).toBeGreaterThanOrEqual(5);
    const andereTeams = await db.select().from(teams).where(eq(teams.accountId, andere.id));
    expect(andereTeams.map((t) => t.name)).toEqual([...demoTeams.andere]);
  });

  it("lets every demo user sign in with the demo password", async () => {
    for (const email of Object.values(demoUsers)) {
      const user = await userByEmail(email);
      expect(await verifyPassword(user.passwordHash, DEMO_PASSWORD), email).toBe(true);
    }
    const user = await userByEmail(demoUsers.medewerker);
    expect(await verifyPassword(user.passwordHash, "welkom!2026")).toBe(false);
  });

  it("gives every demo cluster the default criteria book", async () => {
    for (const name of Object.values(demoClusters)) {
      const [cluster] = await db.select().from(clusters).where(eq(clusters.name, name));
      const rows = await db.select().from(schema.criteria).where(eq(schema.criteria.clusterId, cluster.id));
      expect(rows, name).toHaveLength(30);
    }
  });

  it("gives the first cluster two finished team reviews and an open one for leider@demo.nl, with consistent stats", async () => {
    const [noord] = await db.select().from(clusters).where(eq(clusters.name, demoClusters.noord));
    const rounds = await db
      .select()
      .from(schema.reviews)
      .where(and(eq(schema.reviews.clusterId, noord.id), eq(schema.reviews.type, "team-summary")));
    expect(rounds.map((r) => r.name.replace(/ \d{4}$/, "")).sort()).toEqual([
      "Teamreview najaar",
      "Teamreview voorjaar",
      "Teamreview winter",
    ]);
    const open = rounds.find((r) => r.name.startsWith("Teamreview najaar"))!;
    const finished = rounds.find((r) => r.name.startsWith("Teamreview voorjaar"))!;

    const leider = await userByEmail(demoUsers.leider);
    const openTeams = await db
      .select({ id: schema.reviews.id, teamName: schema.reviews.teamName, isFinished: schema.reviews.isFinished })
      .from(schema.reviews)
      .innerJoin(schema.reviewReviewers, eq(schema.reviewReviewers.reviewId, schema.reviews.id))
      .innerJoin(memberships, eq(memberships.id, schema.reviewReviewers.membershipId))
      .where(and(eq(schema.reviews.parentId, open.id), eq(memberships.userId, leider.id)));
    expect(openTeams.map((t) => t.teamName).sort()).toEqual([...leiderTeams].sort());
    expect(openTeams.every((t) => !t.isFinished)).toBe(true);

    const finishedTeams = await db.select().from(schema.reviews).where(eq(schema.reviews.parentId, finished.id));
    expect(finishedTeams.length).toBeGreaterThanOrEqual(4);
    expect(finishedTeams.every((t) => t.isFinished)).toBe(true);
    // The precomputed stats agree with the people and their scores.
    for (const team of finishedTeams) {
      const [stats] = await db
        .select()
        .from(schema.reviewTeamStats)
        .where(eq(schema.reviewTeamStats.reviewId, team.id));
      const subjects = await db.select().from(schema.reviewSubjects).where(eq(schema.reviewSubjects.reviewId, team.id));
      expect(stats.subjects).toBe(subjects.length);
      expect(stats.completeSubjects).toBe(subjects.length);
      expect(subjects.every((s) => s.developmentRole !== null && s.scoredCount === 9)).toBe(true);
    }
  });

  it("refuses to seed twice and leaves a database with accounts alone", async () => {
    await expect(seedDemo(databaseUrl)).rejects.toThrow(/already exists/);
    expect(await seedDemoIfEmpty(databaseUrl)).toBe(false);
    const rows = await db.select().from(accounts).where(eq(accounts.name, demoAccounts.demo));
    expect(rows).toHaveLength(1);
  });
});
