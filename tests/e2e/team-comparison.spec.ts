import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters } from "#db/schema";
import { demoClusters, demoTeams, demoUsers } from "../../seed/demo-data";
import { createUserWithMembership } from "../factories";
import { expect, signIn, test } from "./fixtures";

// Team comparison (spec §6, §5), with JavaScript on and off: the choice is a GET form.
test("HR compares two teams, more than eight are refused with the limit; without the right the spec's message", async ({
  page,
}) => {
  await signIn(page, demoUsers.hr, { at: "/analytics/teams/team-comparison" });
  await expect(page.getByRole("heading", { level: 1, name: "Teamvergelijking" })).toBeVisible();
  await page.getByLabel(demoTeams.noord[0], { exact: true }).check();
  await page.getByLabel(demoTeams.noord[1], { exact: true }).check();
  await page.getByRole("button", { name: "Vergelijk teams" }).click();
  const table = page.getByTestId("comparison-table");
  await expect(table).toContainText(demoTeams.noord[0]);
  await expect(table).toContainText(demoTeams.noord[1]);

  const nine = Array.from({ length: 9 }, () => randomUUID());
  await page.goto(`/analytics/teams/team-comparison?${nine.map((id) => `team=${id}`).join("&")}`);
  await expect(page.getByRole("group", { name: "Teams" })).toHaveAccessibleDescription(/Maximaal 8 teams/);
  await expect(page.getByTestId("comparison-table")).toHaveCount(0);
  // None of them is one of HR's teams: left out with the notice (docs/decisions/1960).
  await expect(page.getByTestId("comparison-left-out")).toContainText("9 gekozen teams horen niet bij jouw teams");

  // A data manager may manage teams but not read analytics.
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const { user } = await createUserWithMembership(getDb(), {
    accountId: cluster.accountId,
    clusterId: cluster.id,
    roles: [{ role: "employee" }, { role: "data_manager" }],
  });
  await page.context().clearCookies();
  await signIn(page, user.email, { at: "/analytics/teams/team-comparison" });
  await expect(page.getByTestId("comparison-no-right")).toHaveText(
    "Je hebt niet de benodigde rechten om teams te kunnen vergelijken.",
  );
});
