import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { createTeamReviewRound } from "~/features/reviews/round-create.server";
import { teamsPerRound } from "~/features/reviews/team-review-overview.server";
import { loader as overviewLoader } from "~/routes/_app+/teamreviews+/overview";
import { createAccount, createClusterFor, createTeam, createUserWithMembership } from "../factories";
import { context, getRequest, unwrapData } from "../support/http";
import { contextFor } from "../support/reviews";
import { sessionCookieFor } from "../support/session";

type Overview = {
  teams: { id: string }[] | null;
  total: number;
  rounds: { id: string; teamCount: number; teamReviews: { teamName: string }[] }[];
};

const TEAMS = teamsPerRound + 5;
let cookie: string;
let roundId: string;

beforeAll(async () => {
  const db = getDb();
  const account = await createAccount(db);
  const cluster = await createClusterFor(db, account.id);
  const ids = { accountId: account.id, clusterId: cluster.id };
  const hr = await createUserWithMembership(db, { ...ids, roles: [{ role: "cluster_admin" }] });
  cookie = (await sessionCookieFor({ userId: hr.user.id, ...ids })).cookie;
  const leaders: string[] = [];
  const members: string[] = [];
  const teamIds: string[] = [];
  for (let i = 1; i <= TEAMS; i++) {
    const team = await createTeam(db, { ...ids, name: `Team ${String(i).padStart(2, "0")}` });
    teamIds.push(team.id);
    const leader = await createUserWithMembership(db, { ...ids, roles: [{ role: "team_admin", teamId: team.id }] });
    const member = await createUserWithMembership(db, { ...ids, roles: [{ role: "team_member", teamId: team.id }] });
    leaders.push(leader.membership.id);
    members.push(member.membership.id);
  }
  const created = await createTeamReviewRound(await contextFor(cookie), {
    name: "Grote ronde",
    deadline: "2099-01-01",
    setId: null,
    teamIds,
    tagIds: [],
    leaderMembershipIds: leaders,
    memberMembershipIds: members,
  });
  if (!created.ok) throw new Error(created.code);
  roundId = created.roundId;
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
