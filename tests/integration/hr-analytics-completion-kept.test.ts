/**
 * HR analytics' review completion kept per review version (docs/decisions/1930), on the seeded demo: the kept
 * answer (and the kept rounds) must equal the answer computed straight from the reviews after every kind of
 * change the version or the key follows — a team review finished, a self review finished, a deadline moved, a
 * round renamed, a team renamed, a self review's team, a finished review's counts, a review removed, the
 * threshold — for no filter, each round, a team and a tag; a running review's counts keep the version; and no
 * small group shows in the kept answer after the threshold changed.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { computeCompletion, computeCompletionRounds, completionScope } from "~/features/analytics/completion.server";
import { hrTabData } from "~/features/analytics/hr-analytics.server";
import { reviewVersion } from "~/features/analytics/kept-figures.server";
import { minGroupSize } from "~/features/analytics/small-groups.server";
import { isoDayIn } from "~/utils/format";
import type { TenantContext } from "~/utils/tenant.server";
import { firstId, seededHr } from "../support/seeded-hr";

let ctx: TenantContext;
let clusterId: string;

beforeAll(async () => {
  ({ ctx, clusterId } = await seededHr());
}, 120_000);

const one = firstId;

/** The query strings the check walks: no filter, the default period, each round, a team, a tag. */
async function queries(): Promise<string[]> {
  const { rows } = await getDb().execute<{ id: string }>(sql`select distinct coalesce(parent_id, id) as id
    from reviews where cluster_id = ${clusterId} and type = 'team' and deleted_at is null`);
  const team = await one(sql`select team_id as id from reviews where cluster_id = ${clusterId} and type = 'team'
    and team_id is not null and deleted_at is null order by team_id limit 1`);
  const tag = await one(sql`select mt.tag_id as id from membership_tags mt join memberships m on m.id = mt.membership_id
    where m.cluster_id = ${clusterId} group by 1 order by count(*) desc, 1 limit 1`);
  return [
    "period=all",
    "",
    ...rows.map((r) => `period=all&round=${r.id}`),
    `period=all&team=${team}`,
    ...(tag ? [`period=all&tag=${tag}`] : []),
  ];
}

/** The page's answer (kept) against one computed straight; twice, so the second is a hit. */
async function expectKeptEqualsDirect() {
  const today = isoDayIn(new Date());
  const scope = completionScope(ctx);
  const rounds = await computeCompletionRounds(ctx, scope);
  for (const query of await queries()) {
    const url = new URL(`http://localhost/analytics/users/completion?${query}`);
    const first = await hrTabData(ctx, "completion", url, today);
    expect(first.choices.rounds, `${query} rounds`).toEqual(rounds);
    const { completion: hr, choices, filter } = first;
    const direct = await computeCompletion(ctx, filter, today, choices, rounds, await minGroupSize(ctx));
    expect(hr, query).toEqual(direct);
    expect((await hrTabData(ctx, "completion", url, today)).completion, `${query}, kept`).toEqual(direct);
  }
}

const version = () => reviewVersion({ clusterId });

describe("review completion kept per review version (docs/decisions/1930)", () => {
  it("equals the answer computed from the reviews after every kind of change it reads", async () => {
    await expectKeptEqualsDirect();
    const c = clusterId;
    const running = await one(sql`select id from reviews where cluster_id = ${c} and type = 'team'
      and not is_finished and deleted_at is null and team_id is not null order by id limit 1`);
    const finished = await one(sql`select r.id from reviews r join review_team_stats st on st.review_id = r.id
      where r.cluster_id = ${c} and r.type = 'team' and r.is_finished and r.deleted_at is null
        and st.complete_subjects > 0 order by r.id limit 1`);
    const self = await one(sql`select s.id from review_subjects s join reviews r on r.id = s.review_id
      where r.cluster_id = ${c} and r.type = 'self' and s.finished_at is null order by s.id limit 1`);
    const selfTeam = await one(sql`select s.team_id as id from review_subjects s where s.id = ${self}`);
    const otherTeam = await one(sql`select id from teams where cluster_id = ${c} and deleted_at is null
      and id is distinct from ${selfTeam ?? null}::uuid order by id limit 1`);
    const round = await one(sql`select coalesce(parent_id, id) as id from reviews where id = ${running}`);
    const renamed = await one(sql`select team_id as id from reviews where id = ${running}`);
    expect([running, finished, self, otherTeam, round, renamed].every(Boolean)).toBe(true);

    // Each step changes what the page shows; those the version follows must raise it.
    const steps: [string, ReturnType<typeof sql>, boolean][] = [
      [
        "a deadline moved",
        sql`update reviews set deadline = coalesce(deadline, current_date) + 3 where id = ${running}`,
        true,
      ],
      ["a round renamed", sql`update reviews set name = name || ' (2)' where id = ${round}`, true],
      ["a self review finished", sql`update review_subjects set finished_at = now() where id = ${self}`, true],
      ["a self review's team", sql`update review_subjects set team_id = ${otherTeam} where id = ${self}`, true],
      [
        "a finished review's counts",
        sql`update review_team_stats set complete_subjects = complete_subjects - 1 where review_id = ${finished}`,
        true,
      ],
      [
        "a team review finished",
        sql`update reviews set is_finished = true, finished_at = now() where id = ${running}`,
        true,
      ],
      ["a team renamed", sql`update teams set name = name || ' (nieuw)' where id = ${renamed}`, true],
      ["a review removed", sql`update reviews set deleted_at = now() where id = ${finished}`, true],
      ["and restored", sql`update reviews set deleted_at = null where id = ${finished}`, true],
      ["the threshold", sql`update clusters set min_group_size = 8 where id = ${c}`, false],
    ];
    for (const [step, statement, raises] of steps) {
      const before = await version();
      await getDb().execute(statement);
      if (raises) expect(await version(), step).toBeGreaterThan(before);
      await expectKeptEqualsDirect();
    }
  }, 180_000);

  it("keeps the version while a running review is scored, and shows no small group after the threshold rose", async () => {
    const c = clusterId;
    const running = await one(sql`select r.id from reviews r join review_team_stats st on st.review_id = r.id
      where r.cluster_id = ${c} and r.type = 'team' and not r.is_finished and r.deleted_at is null limit 1`);
    expect(running).toBeDefined();
    const before = await version();
    await getDb().execute(
      sql`update review_team_stats set complete_subjects = complete_subjects + 1 where review_id = ${running}`,
    );
    expect(await version()).toBe(before);

    const today = isoDayIn(new Date());
    for (const min of [5, 12]) {
      await getDb().execute(sql`update clusters set min_group_size = ${min} where id = ${c}`);
      for (const query of await queries()) {
        const url = new URL(`http://localhost/analytics/users/completion?${query}`);
        const { completion } = await hrTabData(ctx, "completion", url, today);
        for (const group of [...completion!.rounds, ...completion!.teams])
          for (const n of [group.evaluations, group.selfReviews])
            expect(n.due === null || n.due === 0 || n.due >= min, `${query} at ${min}`).toBe(true);
      }
    }
  }, 120_000);
});
