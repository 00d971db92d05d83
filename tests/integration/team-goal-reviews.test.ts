import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { reviews, teamGoalReviews } from "#db/schema";
import { createTeamGoal } from "~/features/team-goals/team-goals.server";
import { loader as resultTabLoader } from "~/routes/_app+/review+/result.$id.$tab";
import { action as tabAction, loader as tabLoader } from "~/routes/_app+/personnel+/teams.$id._tabs+/goalsAndAmbitions";
import { createTeam } from "../factories";
import { context, getRequest, run, unwrapData } from "../support/http";
import { orgWorld, postForm } from "../support/org";

/** Linking a team goal to a team review round (spec §3 Review "linked team goals", docs/decisions/1340). */

type World = Awaited<ReturnType<typeof orgWorld>>;
let w: World;
let other: World;

const fields = {
  intent: "add",
  kind: "goal",
  text: "Elke cliënt heeft een vaste contactpersoon",
  growthStrategy: "",
  measuredBy: "Cliënttevredenheid",
  periodStart: "",
  periodEnd: "",
  additionalText: "",
};

async function teamIn(world: World) {
  return createTeam(getDb(), { accountId: world.account.id, clusterId: world.cluster.id });
}

/** A round of this world with one team review per team; returns the round and the team reviews by team. */
async function roundIn(world: World, teamIds: string[], name = "Ronde voorjaar") {
  const tenant = { accountId: world.account.id, clusterId: world.cluster.id };
  const [round] = await getDb()
    .insert(reviews)
    .values({ ...tenant, type: "team-summary", name, scale: 5, deadline: "2027-03-31" })
    .returning();
  const teamReviews: Record<string, string> = {};
  for (const teamId of teamIds) {
    const [row] = await getDb()
      .insert(reviews)
      .values({ ...tenant, type: "team", name, scale: 5, parentId: round.id, teamId, teamName: "Team" })
      .returning();
    teamReviews[teamId] = row.id;
  }
  return { round, teamReviews };
}

const tabPath = (teamId: string, query = "") => `/personnel/teams/${teamId}/goalsAndAmbitions${query}`;

function postTab(teamId: string, body: Record<string, string | string[]>, cookie: string, query = "") {
  return run(() =>
    tabAction({ request: postForm(tabPath(teamId, query), body, cookie), context: context(), params: { id: teamId } }),
  );
}

async function linksOf(goalId: string) {
  const rows = await getDb().select().from(teamGoalReviews).where(eq(teamGoalReviews.goalId, goalId));
  return rows.map((r) => r.reviewId).sort();
}

beforeAll(async () => {
  w = await orgWorld();
  other = await orgWorld();
});

describe("a team goal linked to team review rounds", () => {
  it("the tab offers the team's rounds; a new goal is saved with its rounds and the card names them", async () => {
    const team = await teamIn(w);
    const spring = await roundIn(w, [team.id], "Ronde voorjaar");
    const autumn = await roundIn(w, [team.id], "Ronde najaar");
    const page = (await run(() =>
      tabLoader({ request: getRequest(tabPath(team.id), w.cookie), context: context(), params: { id: team.id } }),
    )) as { rounds: { id: string; name: string; deadline: string }[] };
    expect(page.rounds).toEqual([
      { id: autumn.teamReviews[team.id], name: "Ronde najaar", deadline: "31-03-2027" },
      { id: spring.teamReviews[team.id], name: "Ronde voorjaar", deadline: "31-03-2027" },
    ]);

    const res = (await postTab(
      team.id,
      { ...fields, reviewIds: [spring.teamReviews[team.id], autumn.teamReviews[team.id]] },
      w.cookie,
      "?edit=new",
    )) as Response;
    expect(res.status).toBe(302);
    const after = (await run(() =>
      tabLoader({ request: getRequest(tabPath(team.id), w.cookie), context: context(), params: { id: team.id } }),
    )) as { active: { id: string; rounds: string[]; reviewIds: string[] }[] };
    expect(after.active).toHaveLength(1);
    expect(after.active[0].rounds).toEqual(["Ronde najaar", "Ronde voorjaar"]);

    // Editing with one round left unticked removes that link; no rounds ticked removes them all.
    const goalId = after.active[0].id;
    await postTab(team.id, { ...fields, intent: "edit", goalId, reviewIds: spring.teamReviews[team.id] }, w.cookie);
    expect(await linksOf(goalId)).toEqual([spring.teamReviews[team.id]]);
    await postTab(team.id, { ...fields, intent: "edit", goalId }, w.cookie);
    expect(await linksOf(goalId)).toEqual([]);
  });

  it("tenancy: another team's, another cluster's review or a round id is refused next to the field, nothing written", async () => {
    const team = await teamIn(w);
    const sibling = await teamIn(w);
    const foreignTeam = await teamIn(other);
    const ours = await roundIn(w, [team.id, sibling.id]);
    const foreign = await roundIn(other, [foreignTeam.id]);
    const { goalId } = await (async () => {
      const r = await createTeamGoal({ accountId: w.account.id, clusterId: w.cluster.id, userId: null }, team.id, {
        ...fields,
        kind: "goal",
        reviewIds: [ours.teamReviews[team.id]],
      });
      if (!r.ok) throw new Error("goal not created");
      return { goalId: r.id };
    })();

    for (const bad of [ours.teamReviews[sibling.id], foreign.teamReviews[foreignTeam.id], ours.round.id, "nope"]) {
      const edit = unwrapData(await postTab(team.id, { ...fields, intent: "edit", goalId, reviewIds: bad }, w.cookie));
      expect(edit.status).toBe(400);
      const reply = edit.data as { error: Record<string, string[]>; initialValue: Record<string, string> };
      expect(Object.values(reply.error).flat()).toContain("goals:reviewUnknown");
      expect(reply.initialValue.text).toBe(fields.text);
      // The earlier link stays, and no goal is added with a refused link.
      expect(await linksOf(goalId)).toEqual([ours.teamReviews[team.id]]);
      const add = unwrapData(await postTab(team.id, { ...fields, text: "Nieuw", reviewIds: bad }, w.cookie));
      expect(add.status).toBe(400);
    }
    const page = (await run(() =>
      tabLoader({ request: getRequest(tabPath(team.id), w.cookie), context: context(), params: { id: team.id } }),
    )) as { active: { text: string }[] };
    expect(page.active.map((g) => g.text)).toEqual([fields.text]);
  });

  it("the round's results show the linked goals per team, only for the team reviews in view", async () => {
    const team = await teamIn(w);
    const sibling = await teamIn(w);
    const { round, teamReviews } = await roundIn(w, [team.id, sibling.id], "Ronde met doelen");
    const writer = { accountId: w.account.id, clusterId: w.cluster.id, userId: null };
    const linked = await createTeamGoal(writer, team.id, {
      ...fields,
      kind: "ambition",
      text: "Wij zijn het lerende team",
      reviewIds: [teamReviews[team.id]],
    });
    await createTeamGoal(writer, sibling.id, { ...fields, kind: "goal", text: "Niet gekoppeld" });
    expect(linked.ok).toBe(true);

    const load = async (query = "") =>
      (await run(() =>
        resultTabLoader({
          request: getRequest(`/review/result/${round.id}/grid${query}`, w.cookie),
          context: context(),
          params: { id: round.id, tab: "grid" },
        }),
      )) as { linkedGoals: { reviewId: string; goals: { text: string; kind: string; measuredBy: string }[] }[] };
    const all = await load();
    expect(all.linkedGoals).toEqual([
      {
        reviewId: teamReviews[team.id],
        teamName: "Team",
        goals: [
          expect.objectContaining({
            text: "Wij zijn het lerende team",
            kind: "ambition",
            measuredBy: fields.measuredBy,
          }),
        ],
      },
    ]);
    // Filtered on the other team: its results come without the first team's goals.
    expect((await load(`?team=${teamReviews[sibling.id]}`)).linkedGoals).toEqual([]);
  });
});
