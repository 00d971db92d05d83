/**
 * HR analytics' development tab kept per review version and threshold (docs/decisions/1935), on the large seed at
 * 400 people (32 teams): after each kind of change the statement can see — a review finished, a calibration, a
 * membership ended or removed, a team renamed, the threshold — the kept answer equals the one computed straight
 * from the reviews, and a team too small for the threshold stays hidden in the kept answer.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { computeDevelopment, developmentAnalytics } from "~/features/analytics/development.server";
import { minGroupSize } from "~/features/analytics/small-groups.server";
import type { TenantContext } from "~/utils/tenant.server";
import { seedLarge } from "../../seed/large";
import { largeSize } from "../../seed/large-size";
import { contextFor } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

const size = largeSize(400);
let ctx: TenantContext;
let clusterId = "";

beforeAll(async () => {
  const seeded = await seedLarge(process.env.DATABASE_URL!, size);
  clusterId = seeded.clusterId;
  const { rows } = await getDb().execute<{ id: string }>(
    sql`select id from users where email = ${size.hrEmail} and account_id = ${seeded.accountId}`,
  );
  const { cookie } = await sessionCookieFor({ userId: rows[0].id, accountId: seeded.accountId, clusterId });
  ctx = await contextFor(cookie);
}, 180_000);

const direct = async () => computeDevelopment(ctx, { all: true }, await minGroupSize(ctx));
const one = async (query: ReturnType<typeof sql>) => (await getDb().execute<{ id: string }>(query)).rows[0].id;

/** The kept answer (read twice: the second read is the kept one) equals the direct one, also per team filter. */
async function expectKeptIsDirect(label: string) {
  await developmentAnalytics(ctx);
  const kept = await developmentAnalytics(ctx);
  const fresh = await direct();
  expect(kept, label).toEqual(fresh);
  const team = fresh.teams[0];
  const filtered = await developmentAnalytics(ctx, team.teamId);
  expect(filtered.teams, label).toEqual([team]);
  return fresh;
}

describe("the development tab's kept answer", () => {
  it("equals the direct answer after every kind of change it reads", async () => {
    let before = await expectKeptIsDirect("seeded");
    const changed = async (label: string) => {
      const after = await expectKeptIsDirect(label);
      // The change is one the page shows: a kept answer that missed it would differ.
      expect(after, label).not.toEqual(before);
      before = after;
    };

    // A finished review of the latest round (the tab reads each person's latest) reopened, then finished again.
    const review = await one(sql`select id from reviews where cluster_id = ${clusterId} and type = 'team'
      and is_finished and deleted_at is null order by finished_at desc, id limit 1`);
    await getDb().execute(sql`update reviews set is_finished = false where id = ${review}`);
    await changed("a review reopened");
    await getDb().execute(sql`update reviews set is_finished = true where id = ${review}`);
    await changed("a review finished");

    // A calibration: a person's placed role moves to another role.
    const subject = await one(sql`select s.id from review_subjects s join reviews r on r.id = s.review_id
      where r.id = ${review} order by s.id limit 1`);
    await getDb().execute(sql`update review_subjects
      set calibrated_role = case when coalesce(calibrated_role, development_role, 1) = 1 then 2 else 1 end
      where id = ${subject}`);
    await changed("a calibration");

    // A membership ended, another removed.
    const [ended, removed] =
      // Active people of the review: the large seed has leavers too, whose end would change nothing shown.
      (
        await getDb().execute<{ id: string }>(sql`select s.membership_id as id from review_subjects s
        join memberships m on m.id = s.membership_id and m.status = 'active' and m.deleted_at is null
        where s.review_id = ${review} order by s.membership_id limit 2`)
      ).rows.map((r) => r.id);
    await getDb().execute(sql`update memberships set status = 'inactive' where id = ${ended}`);
    await changed("a membership ended");
    await getDb().execute(sql`update memberships set deleted_at = now() where id = ${removed}`);
    await changed("a membership removed");

    // A team renamed.
    const team = await one(sql`select team_id as id from reviews where id = ${review}`);
    await getDb().execute(sql`update teams set name = 'Hernoemd team' where id = ${team}`);
    await changed("a team renamed");
    expect(before.teams.some((t) => t.name === "Hernoemd team")).toBe(true);

    // A change the statement does not read keeps the version (and the kept answer).
    const version = async () =>
      (
        await getDb().execute<{ v: number }>(sql`select version::int as v from review_versions
        where cluster_id = ${clusterId}`)
      ).rows[0].v;
    const v = await version();
    await getDb().execute(sql`update memberships set employee_number = employee_number where id = ${ended}`);
    await getDb().execute(sql`update teams set updated_at = now() where id = ${team}`);
    expect(await version()).toBe(v);
  });

  it("keeps no small group: a changed threshold applies at once, a too small team stays hidden", async () => {
    const sizes = (await direct()).teams.map((t) => t.people!).sort((a, b) => a - b);
    // A threshold above the smallest teams: some hidden, the rest shown.
    const min = sizes[Math.floor(sizes.length / 2)] + 1;
    await getDb().execute(sql`update clusters set min_group_size = ${min} where id = ${clusterId}`);
    const kept = await expectKeptIsDirect("threshold raised");
    expect(kept.min).toBe(min);
    const hidden = kept.teams.filter((t) => t.hidden);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((t) => t.people === null && t.roleCounts === null)).toBe(true);
    expect(kept.teams.filter((t) => !t.hidden).every((t) => t.people! >= min)).toBe(true);

    // Back to the default: the kept answer is the threshold's own.
    await getDb().execute(sql`update clusters set min_group_size = 5 where id = ${clusterId}`);
    await expectKeptIsDirect("threshold back");
  });
});
