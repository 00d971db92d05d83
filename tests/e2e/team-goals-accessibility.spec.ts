import { and, eq, like } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, reviews, teamGoals } from "#db/schema";
import { demoClusters, demoReviewNames, demoUsers } from "../../seed/demo-data";
import { createTeam } from "../factories";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

/** A team with an active and an archived goal, so every part of the tab is on the page. */
async function teamWithGoals() {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const team = await createTeam(getDb(), {
    accountId: cluster.accountId,
    clusterId: cluster.id,
    name: `Axe ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`,
  });
  const base = { accountId: team.accountId, clusterId: team.clusterId, teamId: team.id };
  const [active] = await getDb()
    .insert(teamGoals)
    .values([
      { ...base, kind: "goal", text: "Actief doel", measuredBy: "Tevredenheid", periodStart: "2027-01-01" },
      { ...base, kind: "ambition", text: "Oude ambitie", archivedAt: new Date() },
    ])
    .returning();
  return { team, goalId: active.id };
}

// axe runs inside the page: like accessibility.spec.ts, this file runs in the js project only.
for (const state of ["", "?edit=new", "?edit={goal}", "?archive={goal}"]) {
  test(`the team's goals tab${state ? ` (${state})` : ""} has no serious accessibility violations`, async ({
    page,
  }) => {
    const { team, goalId } = await teamWithGoals();
    await signIn(page, demoUsers.hr);
    await page.goto(`/personnel/teams/${team.id}/goalsAndAmbitions${state.replace("{goal}", goalId)}`);
    await expect(page.getByRole("heading", { level: 2, name: "Gearchiveerd" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const user of ["hr", "medewerker"] as const) {
  test(`goals-and-ambitions (${user}) has no serious accessibility violations`, async ({ page }) => {
    await teamWithGoals();
    await signIn(page, demoUsers[user]);
    await page.goto("/goals-and-ambitions");
    await expect(page.getByRole("heading", { level: 1, name: "Doelen en ambities" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("a round's results with the teams' linked goals have no serious accessibility violations", async ({ page }) => {
  // The demo finished round: the first goal of medewerker@demo.nl's team is linked to it (seed, decision 1340).
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const [round] = await getDb()
    .select({ id: reviews.id })
    .from(reviews)
    .where(
      and(
        eq(reviews.clusterId, cluster.id),
        eq(reviews.type, "team-summary"),
        like(reviews.name, `${demoReviewNames.finished}%`),
      ),
    );
  await signIn(page, demoUsers.hr);
  await page.goto(`/review/result/${round.id}/grid`);
  await expect(page.getByRole("region", { name: "Gekoppelde teamdoelen" })).toContainText(
    "Elke bewoner heeft een vaste contactpersoon",
  );
  expect(await seriousViolations(page)).toEqual([]);
});
