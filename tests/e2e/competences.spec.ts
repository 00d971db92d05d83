/**
 * Competences (issue #19), with JavaScript on and off: HR builds a matrix cell, the leader scores a member
 * of his team on it and reads the gap; a score without a level is refused next to the field.
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, contracts, positions, teams } from "#db/schema";
import { demoClusters, demoUsers, leiderTeams } from "../../seed/demo-data";
import { createUserWithMembership } from "../factories";
import { expect, signIn, test } from "./fixtures";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A fresh position and a member of leider@demo.nl's first team who holds it. */
async function positionWithHolder() {
  const s = stamp();
  const db = getDb();
  const [cluster] = await db.select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.clusterId, cluster.id), eq(teams.name, leiderTeams[0])));
  const tenant = { accountId: cluster.accountId, clusterId: cluster.id };
  const [position] = await db
    .insert(positions)
    .values({ ...tenant, name: `Functie ${s}` })
    .returning();
  const person = await createUserWithMembership(db, {
    ...tenant,
    firstName: "Kim",
    lastName: `Competent ${s}`,
    roles: [{ role: "employee" }, { role: "team_member", teamId: team.id }],
  });
  await db.insert(contracts).values({
    ...tenant,
    membershipId: person.membership.id,
    positionId: position.id,
    startDate: "2020-01-01",
    endDate: "2099-12-31",
    fte: "0.80",
  });
  return { position, name: `Kim Competent ${s}` };
}

test("HR sets a required level in the matrix; the leader scores his team member and reads the gap", async ({
  page,
}) => {
  const { position, name } = await positionWithHolder();
  await signIn(page, demoUsers.hr, { at: "/competences/matrix?type=functional" });
  // The matrix is plain text; one position's row opens for editing (decision 1304).
  const cell = `Vereist niveau van Rapporteren voor ${position.name}`;
  await expect(page.getByLabel(cell, { exact: true })).toHaveCount(0);
  await page.getByRole("link", { name: `Bewerken ${position.name}`, exact: true }).click();
  await expect(page).toHaveURL(/type=functional&edit=/);
  await page.getByLabel(cell, { exact: true }).selectOption("4");
  await page.getByRole("button", { name: `Opslaan: ${cell}` }).click();
  await expect(page.getByRole("status")).toContainText("Het vereiste niveau is opgeslagen");
  await expect(page.getByLabel(cell, { exact: true })).toHaveValue("4");
  await page.getByRole("link", { name: `Klaar ${position.name}`, exact: true }).click();
  await expect(page.getByRole("row", { name: new RegExp(position.name) })).toContainText("4 Gevorderd");

  await page.context().clearCookies();
  await signIn(page, demoUsers.leider, { at: "/competences/scores" });
  await page.getByLabel("Naam").fill(name);
  await page.getByRole("button", { name: "Filteren" }).click();
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const row = page
    .getByRole("table", { name: `Werkelijk tegenover vereist niveau van ${name}` })
    .getByRole("row", { name: /Rapporteren/ });
  await expect(row).toContainText("4 Gevorderd");
  await expect(row).toContainText("nog niet gescoord");

  // No level chosen: refused next to the field.
  await row.getByRole("button", { name: "Niveau van Rapporteren opslaan" }).click();
  await expect(page.getByLabel("Werkelijk niveau van Rapporteren", { exact: true })).toHaveAccessibleDescription(
    "Kies een niveau van 1 tot en met 5",
  );

  await page.getByLabel("Werkelijk niveau van Rapporteren", { exact: true }).selectOption("2");
  await page.getByRole("button", { name: "Niveau van Rapporteren opslaan" }).click();
  await expect(page.getByRole("status")).toContainText("De score is opgeslagen");
  await expect(row).toContainText("−2 (onder)");
  await expect(row).toContainText("Pieter de Jong");
  const history = page.getByRole("region", { name: "Geschiedenis" });
  await expect(history.getByRole("row", { name: /Rapporteren/ })).toContainText("Huidig");

  // The position's view shows the holder against the requirement.
  await page.goto(`/competences/scores/positions/${position.id}`);
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("−2 (onder)");
});
