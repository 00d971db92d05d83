import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, teams } from "#db/schema";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

async function twoTeams() {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const rows = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.clusterId, cluster.id)).limit(2);
  return rows.map((r) => `team=${r.id}`).join("&");
}

// axe runs inside the page: like accessibility.spec.ts, this file runs in the js project only.
for (const path of [
  "/analytics/users/workforce",
  "/analytics/users/development",
  "/analytics/criteria/employability?period=all",
  "/analytics/teams/team-comparison?{teams}",
]) {
  test(`${path.split("?")[0]} has no serious accessibility violations`, async ({ page }) => {
    await signIn(page, demoUsers.hr);
    await page.goto(path.replace("{teams}", await twoTeams()));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
