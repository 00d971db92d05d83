/**
 * The large seed at another size (decision 1800): a small one here, so that CI proves the size reaches every
 * table without seeding 100,000 people.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { seedLarge } from "../../seed/large";
import { largeSize } from "../../seed/large-size";
import { LARGE_EARLIER_ROUND_NAME, LARGE_ROUND_NAME } from "../../seed/large-team-reviews";

describe("seed:large with SEED_LARGE_PEOPLE", () => {
  it("seeds a separate account whose people, teams, contracts and review round all follow the size", async () => {
    const size = largeSize(60);
    const first = await seedLarge(process.env.DATABASE_URL!, size);
    expect(first.created).toBe(true);
    const c = first.clusterId;
    const count = async (query: ReturnType<typeof sql>) =>
      Number((await getDb().execute<{ n: string }>(query)).rows[0].n);

    // 60 employees and the HR user; 5 teams (12.5 people a team), each led by one of the first five.
    expect(await count(sql`select count(*) as n from memberships where cluster_id = ${c}`)).toBe(61);
    expect(await count(sql`select count(*) as n from teams where cluster_id = ${c}`)).toBe(5);
    expect(
      await count(sql`select count(*) as n from role_assignments where cluster_id = ${c} and role_key = 'team_admin'`),
    ).toBe(5);
    expect(await count(sql`select count(*) as n from contracts where cluster_id = ${c}`)).toBe(60);
    expect(await count(sql`select count(*) as n from planning_needs where cluster_id = ${c}`)).toBe(5 * 2 * 3);
    // Every team member is a subject of each of the two finished rounds (the HR user in three teams, placed once).
    expect(await count(sql`select count(*) as n from review_subjects where cluster_id = ${c}`)).toBe(2 * 61);
    expect(
      await count(sql`select count(*) as n from review_subjects where cluster_id = ${c} and development_role is null`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from review_scores s join review_subjects j on j.id = s.subject_id
                      where j.cluster_id = ${c}`),
    ).toBe(2 * 61 * 15);
    // The earlier round finished six months before the latest, and people moved between roles (decision 1964).
    const { rows: rounds } = await getDb().execute<{ name: string; months: number; moved: string }>(sql`
      select r.name, (extract(year from age(max(l.finished_at), max(t.finished_at))) * 12
                      + extract(month from age(max(l.finished_at), max(t.finished_at))))::int as months,
             (select count(*) from review_subjects a join review_subjects b on b.membership_id = a.membership_id
              where a.review_id in (select id from reviews where parent_id = r.id)
                and b.review_id in (select id from reviews where parent_id = l.parent_id)
                and a.development_role <> b.development_role) as moved
      from reviews r join reviews t on t.parent_id = r.id
      join reviews l on l.cluster_id = r.cluster_id and l.name = ${LARGE_ROUND_NAME} and l.type = 'team'
      where r.cluster_id = ${c} and r.name = ${LARGE_EARLIER_ROUND_NAME} and r.type = 'team-summary'
      group by r.id, r.name, l.parent_id`);
    expect(rounds).toHaveLength(1);
    expect(rounds[0].months).toBe(6);
    expect(Number(rounds[0].moved)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from competence_scores where cluster_id = ${c}`)).toBeGreaterThan(60);

    const { rows } = await getDb().execute<{ email: string; employee_number: string }>(sql`
      select u.email, m.employee_number from users u join memberships m on m.user_id = u.id
      where m.cluster_id = ${c} order by m.employee_number limit 2`);
    expect(rows).toEqual([
      { email: "medewerker00001@groot60.nl", employee_number: "00001" },
      { email: "medewerker00002@groot60.nl", employee_number: "00002" },
    ]);
    const hr = await getDb().execute(sql`select 1 from users where email = ${size.hrEmail}`);
    expect(hr.rows).toHaveLength(1);

    // Seeding the same size again finds the account and adds nothing.
    const again = await seedLarge(process.env.DATABASE_URL!, size);
    expect(again).toMatchObject({ created: false, clusterId: c });
  });
});
