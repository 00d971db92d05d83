import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { teams } from "#db/schema";
import { demoTeams, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// axe runs inside the page: like accessibility.spec.ts, this file runs in the js project only.
const pages = [
  "/personnel/teams",
  "/personnel/teams/{team}/members",
  "/personnel/tags",
  "/personnel/positions",
  "/account/modules",
  "/account/settings",
  "/settings/rights",
];

for (const path of pages) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    const [team] = await getDb().select().from(teams).where(eq(teams.name, demoTeams.noord[0]));
    await signIn(page, demoUsers.admin);
    await page.goto(path.replace("{team}", team.id));
    expect(await seriousViolations(page)).toEqual([]);
  });
}
