/**
 * HR analytics' rounds and movement tabs keep their counted rows per review version (docs/decisions/1983), on
 * the seeded demo: the page's answer must equal the answer read straight from the reviews after every kind of
 * change those rows read — a person's role, a calibration, a team review finished, one removed and restored,
 * the threshold — for no filter, the whole period, a team, a tag, and the two rounds either way round.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { movementAnalytics, roundsAnalytics, type HrChoices } from "~/features/analytics/development-rounds.server";
import { hrTabData } from "~/features/analytics/hr-analytics.server";
import { reviewVersion } from "~/features/analytics/kept-figures.server";
import { isoDayIn } from "~/utils/format";
import type { TenantContext } from "~/utils/tenant.server";
import { firstId, seededHr } from "../support/seeded-hr";

let ctx: TenantContext;
let clusterId: string;

beforeAll(async () => {
  ({ ctx, clusterId } = await seededHr());
}, 120_000);

const one = firstId;

/** The query strings the check walks on both tabs. */
async function queries(): Promise<string[]> {
  const { rows: rounds } = await getDb().execute<{ id: string }>(sql`select coalesce(parent_id, id) as id
    from reviews where cluster_id = ${clusterId} and type = 'team' and is_finished and deleted_at is null
    group by 1 order by max(finished_at) desc limit 2`);
  const team = await one(sql`select team_id as id from reviews where cluster_id = ${clusterId} and type = 'team'
    and is_finished and team_id is not null and deleted_at is null order by team_id limit 1`);
  const tag = await one(sql`select mt.tag_id as id from membership_tags mt join memberships m on m.id = mt.membership_id
    where m.cluster_id = ${clusterId} group by 1 order by count(*) desc, 1 limit 1`);
  const [later, earlier] = rounds.map((r) => r.id);
  return [
    "",
    "period=all",
    `period=all&team=${team}`,
    ...(tag ? [`period=all&tag=${tag}`] : []),
    ...(earlier ? [`from=${later}&to=${earlier}`, `from=${earlier}&to=${later}&team=${team}`] : []),
  ];
}

/** Each tab's page answer (kept) against one read straight; twice, so the second is a hit. */
async function expectKeptEqualsStraight() {
  const today = isoDayIn(new Date());
  let counted = 0;
  for (const query of await queries()) {
    const roundsUrl = new URL(`http://localhost/analytics/users/rounds?${query}`);
    const page = await hrTabData(ctx, "rounds", roundsUrl, today);
    const straight = await roundsAnalytics(ctx, page.filter, today, page.choices as HrChoices, { kept: false });
    expect(page.rounds, query).toEqual(straight);
    expect((await hrTabData(ctx, "rounds", roundsUrl, today)).rounds, `${query}, kept`).toEqual(straight);
    counted += straight.rounds.length;

    const movementUrl = new URL(`http://localhost/analytics/users/movement?${query}`);
    const moves = await hrTabData(ctx, "movement", movementUrl, today);
    const straightMoves = await movementAnalytics(ctx, moves.filter, moves.choices as HrChoices, { kept: false });
    expect(moves.movement, query).toEqual(straightMoves);
    expect((await hrTabData(ctx, "movement", movementUrl, today)).movement, `${query}, kept`).toEqual(straightMoves);
  }
  // The demo has finished rounds to count: the comparison is not of two empty answers.
  expect(counted).toBeGreaterThan(0);
}

const version = () => reviewVersion({ clusterId });

describe("rounds and movement kept per review version (docs/decisions/1983)", () => {
  it("equal the answers read straight from the reviews after every kind of change they read", async () => {
    await expectKeptEqualsStraight();
    const c = clusterId;
    const subject = await one(sql`select s.id from review_subjects s join reviews r on r.id = s.review_id
      where r.cluster_id = ${c} and r.type = 'team' and r.is_finished and r.deleted_at is null
        and s.development_role is not null order by r.finished_at desc, s.id limit 1`);
    const other = await one(sql`select s.id from review_subjects s join reviews r on r.id = s.review_id
      where r.cluster_id = ${c} and r.type = 'team' and r.is_finished and r.deleted_at is null
        and s.development_role is not null and s.id <> ${subject} order by r.finished_at, s.id limit 1`);
    const finished = await one(sql`select r.id from reviews r where r.cluster_id = ${c} and r.type = 'team'
      and r.is_finished and r.deleted_at is null order by r.finished_at desc, r.id limit 1`);
    const running = await one(sql`select id from reviews where cluster_id = ${c} and type = 'team'
      and not is_finished and deleted_at is null and team_id is not null order by id limit 1`);
    expect([subject, other, finished, running].every(Boolean)).toBe(true);

    const steps: [string, ReturnType<typeof sql>, boolean][] = [
      [
        "a person's role",
        sql`update review_subjects set development_role = 1 + development_role % 5 where id = ${subject}`,
        true,
      ],
      [
        "a calibration",
        sql`update review_subjects set calibrated_role = 1 + development_role % 5 where id = ${other}`,
        true,
      ],
      [
        "a team review finished",
        sql`update reviews set is_finished = true, finished_at = now() where id = ${running}`,
        true,
      ],
      ["a review removed", sql`update reviews set deleted_at = now() where id = ${finished}`, true],
      ["and restored", sql`update reviews set deleted_at = null where id = ${finished}`, true],
      ["the threshold", sql`update clusters set min_group_size = 3 where id = ${c}`, false],
    ];
    for (const [step, statement, raises] of steps) {
      const before = await version();
      await getDb().execute(statement);
      if (raises) expect(await version(), step).toBeGreaterThan(before);
      await expectKeptEqualsStraight();
    }
  }, 180_000);
});
