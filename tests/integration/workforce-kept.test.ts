/**
 * HR analytics' workforce tab kept per people version (docs/decisions/1984), on the seeded demo: the page's answer
 * (kept) must equal the answer computed straight after every kind of change the version or the key follows — a
 * contract added, its FTE changed, ended; a name, gender and birthday changed; a tag added to a person, a person
 * added to a team; access changed, a position renamed, a membership deactivated, removed and restored; the
 * threshold — for no filter, a team, a tag and a position. Updates of columns the tab does not read (a sign-in, a
 * membership's updated_at) keep the version.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { hrTabData } from "~/features/analytics/hr-analytics.server";
import { peopleVersion } from "~/features/analytics/kept-figures.server";
import { minGroupSize } from "~/features/analytics/small-groups.server";
import { computeWorkforce } from "~/features/analytics/workforce.server";
import { isoDayIn } from "~/utils/format";
import type { TenantContext } from "~/utils/tenant.server";
import { firstId, seededHr } from "../support/seeded-hr";

let ctx: TenantContext;
let clusterId: string;
const today = isoDayIn(new Date());

beforeAll(async () => {
  ({ ctx, clusterId } = await seededHr());
}, 120_000);

const one = firstId;

/** The page's answer (kept) against one computed straight; twice, so the second is a hit. The straight answers. */
async function expectKeptEqualsDirect(queries: string[]) {
  const answers = [];
  for (const query of queries) {
    const url = new URL(`http://localhost/analytics/users/workforce?${query}`);
    const first = await hrTabData(ctx, "workforce", url, today);
    const direct = await computeWorkforce(ctx, today, first.filter, await minGroupSize(ctx));
    expect(first.workforce, query).toEqual(direct);
    expect((await hrTabData(ctx, "workforce", url, today)).workforce, `${query}, kept`).toEqual(direct);
    answers.push(direct);
  }
  return JSON.stringify(answers);
}

const version = () => peopleVersion({ clusterId });

describe("workforce tab kept per people version (docs/decisions/1984)", () => {
  it("equals the answer computed from the people after every kind of change it reads", async () => {
    const c = clusterId;
    const a = ctx.accountId;
    const team = await one(sql`select team_id as id from role_assignments where cluster_id = ${c}
      and role_key = 'team_member' group by 1 order by count(*) desc, 1 limit 1`);
    const position = await one(sql`select position_id as id from contracts where cluster_id = ${c} and is_active
      and start_date <= ${today}::date and end_date >= ${today}::date group by 1 order by count(*) desc, 1 limit 1`);
    // A team member of the team (the changes of one person show in every filtered view), and two people outside
    // the team and without the tag (to be added to them).
    const member = await one(sql`select m.id from memberships m join role_assignments ra on ra.membership_id = m.id
      where m.cluster_id = ${c} and m.status = 'active' and m.deleted_at is null and ra.role_key = 'team_member'
        and ra.team_id = ${team} order by m.id limit 1`);
    // The demo tags nobody: a personnel tag on six of the team's members, the chosen one among them.
    const tag = await one(sql`insert into tags (account_id, cluster_id, kind, name)
      values (${a}, ${c}, 'personnel', 'Deeltijd') returning id`);
    await getDb().execute(sql`insert into membership_tags (account_id, cluster_id, membership_id, tag_id)
      select ${a}, ${c}, m.id, ${tag}::uuid from memberships m join role_assignments ra on ra.membership_id = m.id
      where m.cluster_id = ${c} and m.deleted_at is null and ra.role_key = 'team_member' and ra.team_id = ${team}
      order by m.id limit 6`);
    const outside = (
      await getDb().execute<{ id: string }>(sql`select m.id from memberships m
      where m.cluster_id = ${c} and m.status = 'active' and m.deleted_at is null
        and not exists (select 1 from role_assignments ra where ra.membership_id = m.id and ra.team_id = ${team})
        and not exists (select 1 from membership_tags mt where mt.membership_id = m.id and mt.tag_id = ${tag})
      order by m.id limit 2`)
    ).rows.map((r) => r.id);
    expect([team, tag, position, member, ...outside].every(Boolean)).toBe(true);
    expect(outside).toHaveLength(2);
    const user = await one(sql`select user_id as id from memberships where id = ${member}`);
    const queries = ["", `team=${team}`, `tag=${tag}`, `position=${position}`];
    let shown = await expectKeptEqualsDirect(queries);

    const contract = "00000000-0000-4000-8000-000000001984";
    // Each step changes what the page shows (checked); all but the threshold (in the key) must raise the version.
    const steps: [string, ReturnType<typeof sql>, boolean][] = [
      [
        "a contract added",
        sql`insert into contracts (id, account_id, cluster_id, membership_id, position_id, start_date, end_date, fte,
          is_temporary) values (${contract}, ${a}, ${c}, ${member}, ${position}, ${today}::date - 30,
          ${today}::date + 200, 0.5, true)`,
        true,
      ],
      ["its FTE changed", sql`update contracts set fte = 0.7 where id = ${contract}`, true],
      ["it ends", sql`update contracts set end_date = ${today}::date + 5 where id = ${contract}`, true],
      ["a name changed", sql`update users set first_name = first_name || 'x' where id = ${user}`, true],
      [
        "gender and birthday changed",
        sql`update users set gender = case when gender = 'f' then 'm' else 'f' end, birthday = '1961-02-03'
          where id = ${user}`,
        true,
      ],
      [
        "a tag added to a person",
        sql`insert into membership_tags (account_id, cluster_id, membership_id, tag_id)
          values (${a}, ${c}, ${outside[0]}, ${tag})`,
        true,
      ],
      [
        "a person added to a team",
        sql`insert into role_assignments (account_id, cluster_id, membership_id, role_key, level, team_id)
          values (${a}, ${c}, ${outside[1]}, 'team_member', 'team', ${team})`,
        true,
      ],
      ["access changed", sql`update memberships set access = not access where id = ${member}`, true],
      ["a position renamed", sql`update positions set name = name || ' (2)' where id = ${position}`, true],
      ["a membership deactivated", sql`update memberships set status = 'inactive' where id = ${member}`, true],
      ["and active again", sql`update memberships set status = 'active' where id = ${member}`, true],
      ["a membership removed", sql`update memberships set deleted_at = now() where id = ${outside[0]}`, true],
      ["and restored", sql`update memberships set deleted_at = null where id = ${outside[0]}`, true],
      ["the threshold", sql`update clusters set min_group_size = 50 where id = ${c}`, false],
    ];
    for (const [step, statement, raises] of steps) {
      const before = await version();
      await getDb().execute(statement);
      if (raises) expect(await version(), step).toBeGreaterThan(before);
      const now = await expectKeptEqualsDirect(queries);
      expect(now, `${step} shows`).not.toBe(shown);
      shown = now;
    }
  }, 180_000);

  it("keeps the version when only columns the tab does not read change", async () => {
    const before = await version();
    await getDb().execute(sql`update users set last_login_at = now()
      where id in (select user_id from memberships where cluster_id = ${clusterId})`);
    await getDb().execute(sql`update memberships set updated_at = now() where cluster_id = ${clusterId}`);
    await getDb().execute(sql`update contracts set hours_per_week = 20 where cluster_id = ${clusterId}`);
    expect(await version()).toBe(before);
  });
});
