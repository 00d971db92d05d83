/**
 * HR analytics' workforce and in/out-flow tabs hide a team's view when the team, among the teams of the view
 * without the team filter, would let a small group be worked out (team sibling suppression, docs/decisions/1990),
 * over HTTP on the seeded demo: the page's data and HTML and the export.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { seedDemo } from "../../seed/run";
import { getRequest } from "../support/http";
import { handle, loaderDataOf } from "../support/remix-handler";
import { demoSessions } from "../support/session";

type Who = { cookie: string; accountId: string; clusterId: string; membershipId: string };
let hr: Who;
let leider: Who;

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  ({ hr, leider } = await demoSessions());
}, 120_000);

type Tab = {
  review: {
    invalid: string[];
    workforce: { active: number; genders: object | null; distributionsHidden: string | null };
    flow: { people: number | null; rows: object[] | null; populationHidden: string | null };
  };
};
const ROUTE = "routes/_app+/analytics+/users.$tab";

/** The page's data and HTML and the CSV export of one tab and team. */
async function views(tab: "workforce" | "flow", team: string | null, cookie = hr.cookie) {
  const query = team ? `team=${team}` : "";
  const data = ((await loaderDataOf(`/analytics/users/${tab}?${query}`, ROUTE, cookie)) as Tab).review;
  expect(data.invalid).toEqual([]);
  const html = await (await handle(getRequest(`/analytics/users/${tab}?${query}`, cookie))).text();
  const csv = await (
    await handle(getRequest(`/resources/hr-analytics-export/${tab}?${query}&format=csv`, cookie))
  ).text();
  return { data, html, csv };
}

async function expectShown(team: string | null, cookie = hr.cookie) {
  const workforce = await views("workforce", team, cookie);
  expect(workforce.data.workforce.distributionsHidden).toBeNull();
  expect(workforce.data.workforce.genders).not.toBeNull();
  expect(workforce.html).toContain('data-testid="genders-table"');
  expect(workforce.csv).not.toContain("verborgen");
  const flow = await views("flow", team, cookie);
  expect(flow.data.flow.populationHidden).toBeNull();
  expect(flow.data.flow.people).toBeGreaterThanOrEqual(5);
  expect(flow.csv).toMatch(/\d{4}-\d{2}-\d{2}/);
}

/** Hidden as a sibling: nothing of the group on the page (data and HTML) nor in the export. */
async function expectSibling(team: string, cookie = hr.cookie) {
  const workforce = await views("workforce", team, cookie);
  expect(workforce.data.workforce.distributionsHidden).toBe("sibling");
  expect(workforce.data.workforce.genders).toBeNull();
  expect(workforce.html).toContain('data-testid="small-group-notice"');
  expect(workforce.html).toContain("terugrekenen uit het totaal");
  expect(workforce.html).toContain('data-testid="genders-hidden"');
  expect(workforce.html).not.toContain('data-testid="genders-table"');
  expect(workforce.csv).toContain('"Vrouw","verborgen"');
  expect(workforce.csv).toContain('"Jonger dan 25","verborgen"');
  const flow = await views("flow", team, cookie);
  expect(flow.data.flow).toMatchObject({ populationHidden: "sibling", people: null, rows: null });
  expect(flow.html).toContain('data-testid="flow-hidden"');
  expect(flow.html).toContain("terugrekenen uit het totaal");
  expect(flow.csv).not.toMatch(/\d{4}-\d{2}-\d{2}/);
}

describe("team sibling suppression on the workforce and in/out-flow tabs (docs/decisions/1990)", () => {
  /**
   * The cluster's people in two new teams A and B, each of at least 5 and A the smaller, with `rest` of the people
   * of the workforce's and the flow's group (active, a contract running today) in no team, `both` of A's also in B.
   */
  async function world(rest: number, both: number) {
    const db = getDb();
    const { rows: people } = await db.execute<{ id: string; counted: boolean }>(sql`
      select m.id, (m.status = 'active' and exists (select 1 from contracts c where c.membership_id = m.id
        and c.is_active and c.start_date <= current_date and c.end_date >= current_date)) as counted
      from memberships m where m.cluster_id = ${hr.clusterId} and m.deleted_at is null
      order by 2 desc, m.id`);
    const counted = people.filter((p) => p.counted).map((p) => p.id);
    const others = people.filter((p) => !p.counted).map((p) => p.id);
    const a = Math.floor((counted.length - rest - 1) / 2);
    expect(a).toBeGreaterThanOrEqual(5);
    const inA = counted.slice(rest, rest + a);
    const inB = [...counted.slice(rest + a), ...others, ...inA.slice(0, both)];
    await db.execute(sql`delete from role_assignments where cluster_id = ${hr.clusterId} and role_key = 'team_member'`);
    await db.execute(sql`delete from teams where cluster_id = ${hr.clusterId} and name in ('Team A', 'Team B')`);
    const team = async (name: string, members: string[]) => {
      const { rows } = await db.execute<{ id: string }>(sql`
        insert into teams (account_id, cluster_id, name) values (${hr.accountId}, ${hr.clusterId}, ${name})
        returning id`);
      await db.execute(sql`
        insert into role_assignments (account_id, cluster_id, membership_id, role_key, level, team_id)
        select ${hr.accountId}, ${hr.clusterId}, id, 'team_member', 'team', ${rows[0].id}::uuid from memberships
        where id = any(${`{${members.join(",")}}`}::uuid[])`);
      return rows[0].id;
    };
    return { a: await team("Team A", inA), b: await team("Team B", inB) };
  }

  it("hides team A when the cluster minus A minus B is a small group of people in no team", async () => {
    const { a, b } = await world(2, 0);
    await expectShown(null);
    // A's complement (B and the two) is large: only the teams together give the two away.
    await expectSibling(a);
    await expectShown(b);
  });

  it("hides team A when one person in both teams is what the cluster minus A minus B gives away", async () => {
    const { a, b } = await world(0, 1);
    await expectShown(null);
    await expectSibling(a);
    await expectShown(b);
  });

  it("shows both teams when nobody is left over and nobody is in both", async () => {
    const { a, b } = await world(0, 0);
    await expectShown(a);
    await expectShown(b);
  });

  it("applies to a team leader's scope: the people of their teams, by those teams", async () => {
    const { a, b } = await world(2, 0);
    // leider@demo.nl leads A and B, with teams.manage through the team leader role: their scope is A and B.
    const db = getDb();
    await db.execute(sql`
      insert into role_assignments (account_id, cluster_id, membership_id, role_key, level, team_id)
      select ${hr.accountId}, ${hr.clusterId}, ${leider.membershipId}, 'team_admin', 'team', id from teams
      where id = any(${`{${a},${b}}`}::uuid[])`);
    await db.execute(sql`
      insert into role_rights (account_id, cluster_id, role_key, right_key)
      values (${hr.accountId}, ${hr.clusterId}, 'team_admin', 'teams.manage') on conflict do nothing`);
    try {
      await expectShown(a, leider.cookie);
      await expectShown(b, leider.cookie);
      // One person in both teams: the leader's whole scope minus A minus B is minus that person.
      await db.execute(sql`
        insert into role_assignments (account_id, cluster_id, membership_id, role_key, level, team_id)
        select account_id, cluster_id, membership_id, 'team_member', 'team', ${b}::uuid from role_assignments
        where team_id = ${a} and role_key = 'team_member' limit 1`);
      await expectSibling(a, leider.cookie);
      await expectShown(b, leider.cookie);
    } finally {
      await db.execute(sql`delete from role_rights where cluster_id = ${hr.clusterId} and role_key = 'team_admin'
        and right_key = 'teams.manage'`);
    }
  });
});
