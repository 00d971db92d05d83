/**
 * What the dashboard's HR counts and the team reviews overview show after their set-based and index-ordered
 * statements (decisions 1920, 1921): teams without a live leader, and a round's teams in name order across
 * live, renamed, deleted and teamless team reviews, cut at a page.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { memberships, reviews, teams } from "#db/schema";
import { teamsPerRound } from "~/features/reviews/team-review-overview.server";
import { loader as dashboardLoader } from "~/routes/_app+/dashboard+/index";
import { loader as overviewLoader } from "~/routes/_app+/teamreviews+/overview";
import { createTeam } from "../factories";
import { context, getRequest, unwrapData } from "../support/http";
import { teamRoundWorld } from "../support/reviews";

type Overview = {
  total: number;
  rounds: { id: string; teamCount: number; teamReviews: { teamName: string; leaders: string[] }[] }[];
};
type Dashboard = { overview: { teams: number; teamsWithoutLeader: number; people: number } | null };

// Twelve teams: more than a round shows in the list, so the cut at teamsPerRound falls among all three kinds.
const NAMES = ["Kiwi", "appel", "Mango", "banaan", "Druif", "citroen", "Limoen", "Framboos", "ei", "Hazelnoot"];
let cookie: string;
let roundId: string;

beforeAll(async () => {
  const db = getDb();
  const world = await teamRoundWorld([...NAMES, "Gone", "Teamless"], "Fruitronde");
  ({ cookie, roundId } = world);
  const byName = world.teams;
  // After the round: "Kiwi" renamed to "Zuurzak" (its current name counts), "Gone" deleted (its review keeps
  // the name it had), and "Teamless"'s review without a team (the name it had).
  await db
    .update(teams)
    .set({ name: "Zuurzak" })
    .where(eq(teams.id, byName.get("Kiwi")!.teamId));
  await db
    .update(teams)
    .set({ deletedAt: new Date() })
    .where(eq(teams.id, byName.get("Gone")!.teamId));
  await db
    .update(reviews)
    .set({ teamId: null })
    .where(eq(reviews.teamId, byName.get("Teamless")!.teamId));
  // "Mango" has no live leader left (its leader deleted); "Zonder leider" never had one.
  await db
    .update(memberships)
    .set({ deletedAt: new Date() })
    .where(inArray(memberships.id, [byName.get("Mango")!.leader]));
  await createTeam(db, { ...world.ids, name: "Zonder leider" });
}, 120_000);

async function overview(search = "") {
  const result = await overviewLoader({
    request: getRequest(`/teamreviews/overview${search}`, cookie),
    context: context(),
    params: {},
  });
  return unwrapData(result).data as Overview;
}

// Team order: the current name of a live team, else the name the review kept, case-insensitive.
const ordered = [...NAMES.filter((n) => n !== "Kiwi"), "Zuurzak", "Gone", "Teamless"].sort((a, b) =>
  a.toLowerCase().localeCompare(b.toLowerCase()),
);

describe("the team reviews overview in team order (1921)", () => {
  it("shows a round's first teams in name order across live, renamed, deleted and teamless reviews", async () => {
    const list = await overview();
    const round = list.rounds.find((r) => r.id === roundId)!;
    expect(round.teamCount).toBe(12);
    expect(round.teamReviews.map((r) => r.teamName)).toEqual(ordered.slice(0, teamsPerRound));
    expect(round.teamReviews.every((r) => r.leaders.length === 1)).toBe(true);
  });

  it("shows all of them, in the same order, when the round is opened", async () => {
    const opened = await overview(`?roundId=${roundId}`);
    expect(opened.total).toBe(12);
    expect(opened.rounds[0].teamReviews.map((r) => r.teamName)).toEqual(ordered);
    const past = await overview(`?roundId=${roundId}&page=2`);
    expect(past.rounds).toEqual([]);
  });

  it("filters by a name part and counts the matches", async () => {
    const list = await overview("?teamName=an");
    const round = list.rounds.find((r) => r.id === roundId)!;
    const expected = ordered.filter((n) => n.toLowerCase().includes("an"));
    expect(round.teamReviews.map((r) => r.teamName)).toEqual(expected);
    expect(round.teamCount).toBe(expected.length);
  });
});

describe("the dashboard's cluster counts (1920)", () => {
  it("counts the live teams, those without a live leader and the active people", async () => {
    const result = await dashboardLoader({ request: getRequest("/dashboard", cookie), context: context(), params: {} });
    const { overview: counts } = unwrapData(result).data as Dashboard;
    // 12 live teams of the round ("Gone" deleted) and "Zonder leider"; "Mango"'s leader is deleted.
    expect(counts).toMatchObject({ teams: 12, teamsWithoutLeader: 2 });
    // HR, and a leader and a member per team of the 12 created, less Mango's deleted leader.
    expect(counts!.people).toBe(1 + 12 * 2 - 1);
  });
});
