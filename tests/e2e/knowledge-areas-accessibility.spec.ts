import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { knowledgeAreas, teams } from "#db/schema";
import { demoUsers } from "../../seed/demo-data";
import { demoKnowledgeTeam } from "../../seed/demo/knowledge-areas";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// axe runs inside the page: like accessibility.spec.ts, this file runs in the js project only. Each test
// checks several pages, which on a busy machine takes longer than one page's timeout.
test.slow();

test("the knowledge card, its setup steps and the overview have no serious accessibility violations", async ({
  page,
}) => {
  const [team] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, demoKnowledgeTeam));
  await signIn(page, demoUsers.leider);
  for (const [path, heading] of [
    [`/knowledge-areas/teams/${team.id}/card`, `Kenniskaart ${demoKnowledgeTeam}`],
    [`/knowledge-areas/teams/${team.id}/members`, `Kenniskaart ${demoKnowledgeTeam}`],
    ["/knowledge-areas/teams/setup", "Kenniskaart instellen"],
    [`/knowledge-areas/teams/setup?step=2&team=${team.id}`, "Kenniskaart instellen"],
    [`/knowledge-areas/teams/setup?step=3&team=${team.id}`, "Kenniskaart instellen"],
    ["/knowledge-areas/teams/overview", "Overzicht van tekorten en overschotten"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test("the knowledge areas, renaming and archiving one and the card's print view have no serious accessibility violations", async ({
  page,
}) => {
  const [team] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, demoKnowledgeTeam));
  const [area] = await getDb()
    .select({ id: knowledgeAreas.id })
    .from(knowledgeAreas)
    .where(eq(knowledgeAreas.name, "Wondzorg"));
  await signIn(page, demoUsers.hr);
  for (const [path, heading] of [
    ["/knowledge-areas/areas", "Kennisgebieden beheren"],
    ["/knowledge-areas/areas/new", "Kennisgebied toevoegen"],
    [`/knowledge-areas/areas/${area.id}/edit`, "Wondzorg wijzigen"],
    [`/knowledge-areas/areas/${area.id}/archive`, "Wondzorg archiveren?"],
    [`/knowledge-areas/teams/${team.id}/print`, `Kenniskaart ${demoKnowledgeTeam}`],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
