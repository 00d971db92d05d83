/**
 * Criteria as a score type (spec §3, docs/decisions/1712) on my/growth, over HTTP on the seeded demo: my latest
 * score per criterion from my finished team review and my finished self review — only my own.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { seedDemo } from "../../seed/run";
import { getRequest } from "../support/http";
import { handle } from "../support/remix-handler";
import { demoSessions } from "../support/session";

type Who = Awaited<ReturnType<typeof demoSessions>>;
let who: Who;

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  who = await demoSessions();
}, 120_000);

/** The criteria someone was scored on (above 0) in a finished review about them, by review type. */
async function scoredCriteria(membershipId: string, type: "team" | "self") {
  const { rows } = await getDb().execute<{ name: string }>(sql`
    select distinct c.name from review_scores sc
    join review_subjects s on s.id = sc.subject_id join reviews r on r.id = s.review_id
    join criteria c on c.id = sc.criterion_id
    where s.membership_id = ${membershipId} and r.type = ${type} and r.deleted_at is null and sc.score > 0
      and ((r.type = 'team' and r.is_finished) or (r.type = 'self' and s.finished_at is not null))`);
  return rows.map((r) => r.name);
}

const growthPage = async (cookie: string) => {
  const response = await handle(getRequest("/my/growth", cookie));
  expect(response.status).toBe(200);
  return response.text();
};

describe("my scores per criterion on my/growth", () => {
  it("shows the employee's latest team review and self review score per criterion", async () => {
    const team = await scoredCriteria(who.medewerker.membershipId, "team");
    const self = await scoredCriteria(who.medewerker.membershipId, "self");
    expect(team.length).toBeGreaterThan(0);
    expect(self.length).toBeGreaterThan(0);
    const html = await growthPage(who.medewerker.cookie);
    const block = html.slice(html.indexOf('id="criteria-scores-title"'));
    expect(block).toContain("Mijn scores per criterium");
    for (const name of [...team, ...self]) expect(block).toContain(name);
    expect(block).toMatch(/(Uitstekend|Goed|Normaal|Matig|Laag) \(\d van [345]\)/);
  });

  it("never shows another person's scores", async () => {
    const mine = new Set([
      ...(await scoredCriteria(who.andere.membershipId, "team")),
      ...(await scoredCriteria(who.andere.membershipId, "self")),
    ]);
    const html = await growthPage(who.andere.cookie);
    const start = html.indexOf('id="criteria-scores-title"');
    expect(start).toBeGreaterThan(-1);
    const block = html.slice(start, html.indexOf("</section>", start));
    if (mine.size === 0) expect(block).toContain("Er zijn nog geen scores op criteria over jou.");
    const theirs = await scoredCriteria(who.medewerker.membershipId, "team");
    for (const name of theirs.filter((n) => !mine.has(n))) expect(block).not.toContain(name);
  });
});
