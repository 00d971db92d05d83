import { beforeAll, describe, expect, it } from "vitest";
import { teamsPerRound } from "~/features/reviews/team-review-overview.server";
import { loader as overviewLoader } from "~/routes/_app+/teamreviews+/overview";
import { context, getRequest, unwrapData } from "../support/http";
import { teamRoundWorld } from "../support/reviews";

type Overview = {
  teams: { id: string }[] | null;
  total: number;
  rounds: { id: string; teamCount: number; teamReviews: { teamName: string }[] }[];
};

const TEAMS = teamsPerRound + 5;
let cookie: string;
let roundId: string;

beforeAll(async () => {
  const world = await teamRoundWorld(Array.from({ length: TEAMS }, (_, i) => `Team ${String(i + 1).padStart(2, "0")}`));
  cookie = world.cookie;
  roundId = world.roundId;
}, 120_000);

async function overview(search = "") {
  return unwrapData(
    await overviewLoader({
      request: getRequest(`/teamreviews/overview${search}`, cookie),
      context: context(),
      params: {},
    }),
  ).data as Overview;
}

describe("the overview of a round with many teams", () => {
  it("shows the first teams of the round with the count, and all of them when the round is opened", async () => {
    const list = await overview();
    const round = list.rounds.find((r) => r.id === roundId)!;
    expect(round.teamCount).toBe(TEAMS);
    expect(round.teamReviews).toHaveLength(teamsPerRound);
    expect(round.teamReviews[0].teamName).toBe("Team 01");

    const opened = await overview(`?roundId=${roundId}`);
    expect(opened.rounds).toHaveLength(1);
    expect(opened.total).toBe(TEAMS);
    expect(opened.rounds[0].teamReviews.map((r) => r.teamName).at(-1)).toBe(`Team ${TEAMS}`);
  });

  it("counts the rounds on every page, also past the last one", async () => {
    const first = await overview();
    expect(first.total).toBe(first.rounds.length);
    const past = await overview("?page=9");
    expect(past.rounds).toEqual([]);
    expect(past.total).toBe(first.total);
  });

  it("filters by part of a team name", async () => {
    const list = await overview("?teamName=team 1");
    const round = list.rounds.find((r) => r.id === roundId)!;
    const expected = Array.from({ length: TEAMS - 9 }, (_, i) => `Team ${10 + i}`);
    expect(round.teamReviews.map((r) => r.teamName)).toEqual(expected);
    expect(round.teamCount).toBe(expected.length);
  });
});
