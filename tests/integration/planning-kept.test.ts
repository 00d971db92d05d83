/**
 * Workforce planning's table kept per people version (docs/decisions/1985), on the seeded demo: the page's rows
 * and totals (kept, read twice) must equal the table read straight after every kind of change the statement
 * reads — a need added, changed and removed; a contract ending inside the horizon; a person moved to another
 * team; a member deactivated; a team renamed and removed; a position renamed; a leaver's name; and the competence
 * and knowledge shortages' data (a required level, a score, a knowledge need and level) — at each horizon,
 * without a filter and with a team.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { peopleVersion } from "~/features/analytics/kept-figures.server";
import { planningHorizons, PLANNING_PAGE_SIZE } from "~/features/planning/planning";
import { planningTable } from "~/features/planning/planning.server";
import { isoDayIn } from "~/utils/format";
import type { TenantContext } from "~/utils/tenant.server";
import { loader as pageLoader } from "~/routes/_app+/analytics+/planning.$horizon";
import { context, getRequest, run, unwrapData } from "../support/http";
import { firstId, seededHr } from "../support/seeded-hr";

let ctx: TenantContext;
let cookie: string;
let clusterId: string;
const today = isoDayIn(new Date());

beforeAll(async () => {
  ({ ctx, cookie, clusterId } = await seededHr());
}, 120_000);

const one = firstId;

type Page = {
  rows: unknown[];
  totals: unknown;
  teamCompetence: unknown;
  knowledge: unknown;
  filter: { team: string | null; position: string | null };
};
/** What the page shows of the table: rows (with their competence shortages), totals, the teams' shortages. */
const shownOf = (p: Pick<Page, "rows" | "totals" | "teamCompetence" | "knowledge">) => ({
  rows: p.rows,
  totals: p.totals,
  teamCompetence: p.teamCompetence,
  knowledge: p.knowledge,
});
const page = async (path: string): Promise<Page> => {
  const horizon = new URL(`http://x${path}`).pathname.split("/").pop()!;
  return unwrapData(
    await run(() => pageLoader({ request: getRequest(path, cookie), context: context(), params: { horizon } })),
  ).data as Page;
};

/** Each horizon's page (twice: the second is a hit) against the table read straight; the straight answers. */
async function expectKeptEqualsStraight(team: string): Promise<string> {
  const answers: unknown[] = [];
  for (const horizon of planningHorizons) {
    for (const query of ["", `?team=${team}`]) {
      const path = `/analytics/planning/${horizon}${query}`;
      const first = await page(path);
      const straight = await planningTable(
        ctx,
        { horizon, today, filter: first.filter, limit: PLANNING_PAGE_SIZE, offset: 0, knowledge: true },
        { kept: false },
      );
      expect(shownOf(first), path).toEqual(shownOf(straight));
      expect(shownOf(await page(path)), `${path}, kept`).toEqual(shownOf(straight));
      answers.push(shownOf(straight));
    }
  }
  return JSON.stringify(answers);
}

const version = () => peopleVersion({ clusterId });

describe("workforce planning kept per people version (docs/decisions/1985)", () => {
  it("equals the table read straight after every kind of change it reads", async () => {
    const c = clusterId;
    const need = await one(sql`select id from planning_needs where cluster_id = ${c} and horizon = '1y'
      order by id limit 1`);
    const team = await one(sql`select team_id as id from planning_needs where id = ${need}`);
    const other = await one(sql`select id from teams where cluster_id = ${c} and deleted_at is null
      and id <> ${team} order by name limit 1`);
    const member = await one(sql`select ra.membership_id as id from role_assignments ra
      join memberships m on m.id = ra.membership_id and m.status = 'active' and m.deleted_at is null
      where ra.cluster_id = ${c} and ra.role_key = 'team_member' and ra.team_id = ${team} order by 1 limit 1`);
    const contract = await one(sql`select c.id from contracts c where c.membership_id = ${member} and c.is_active
      and c.end_date >= ${today}::date order by c.id limit 1`);
    const user = await one(sql`select user_id as id from memberships where id = ${member}`);
    const position = await one(sql`select position_id as id from planning_needs where id = ${need}`);
    expect([need, team, other, member, contract, user, position].every(Boolean)).toBe(true);

    let shown = await expectKeptEqualsStraight(team!);
    const steps: [string, ReturnType<typeof sql>, boolean?][] = [
      ["a need changed", sql`update planning_needs set fte = fte + 1.5, employees = employees + 2 where id = ${need}`],
      [
        "a need added",
        sql`insert into planning_needs (account_id, cluster_id, team_id, position_id, horizon, employees, fte, reason)
          select account_id, cluster_id, ${other}, position_id, horizon, 3, 2.4, 'Groei' from planning_needs
          where id = ${need}`,
      ],
      [
        "a contract ending inside the horizon",
        sql`update contracts set end_date = ${today}::date + 30 where id = ${contract}`,
      ],
      ["a leaver's name", sql`update users set first_name = 'Vertrekker' where id = ${user}`],
      ["a position renamed", sql`update positions set name = name || ' (nieuw)' where id = ${position}`],
      ["a team renamed", sql`update teams set name = name || ' (nieuw)' where id = ${team}`],
      [
        "a person moved to another team",
        sql`update role_assignments set team_id = ${other} where membership_id = ${member} and role_key = 'team_member'
          and team_id = ${team}`,
      ],
      ["a member deactivated", sql`update memberships set status = 'inactive' where id = ${member}`],
      ["a need removed", sql`delete from planning_needs where id = ${need}`],
      ["a team removed", sql`update teams set deleted_at = now() where id = ${other}`],
      // The shortages' data (each raises the version; whether a shortage shows differently depends on the demo).
      [
        "a competence's required level",
        sql`update position_competences set required_level = 1 + required_level % 5
          where (position_id, competence_id) in (select position_id, competence_id from position_competences
            where cluster_id = ${c} order by 1, 2 limit 1)`,
        false,
      ],
      [
        "a competence score",
        sql`update competence_scores set level = 1 + level % 5 where id = (select id from competence_scores
          where cluster_id = ${c} and superseded_at is null order by id limit 1)`,
        false,
      ],
      [
        "a knowledge need",
        sql`update team_knowledge_needs set needed_count = needed_count + 3 where id = (select id
          from team_knowledge_needs where cluster_id = ${c} order by id limit 1)`,
        false,
      ],
      [
        "a knowledge level",
        sql`update member_knowledge_levels set level = 1 + level % 4 where id = (select id
          from member_knowledge_levels where cluster_id = ${c} order by id limit 1)`,
        false,
      ],
    ];
    for (const [step, statement, visible = true] of steps) {
      const before = await version();
      await getDb().execute(statement);
      expect(await version(), step).toBeGreaterThan(before);
      const now = await expectKeptEqualsStraight(team!);
      // Each step changes what the pages show: the comparison is not of a table that stayed the same.
      if (visible) expect(now, step).not.toBe(shown);
      shown = now;
    }
  }, 180_000);
});
