import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters } from "#db/schema";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { demoKnowledgeTeam } from "../../seed/demo/knowledge-areas";
import { createTeam, createUserWithMembership } from "../factories";
import { expect, signIn, test } from "./fixtures";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A fresh team of the first demo cluster with two members, so each run (JavaScript on and off) has its own. */
async function teamWithTwoMembers() {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const team = await createTeam(getDb(), {
    accountId: cluster.accountId,
    clusterId: cluster.id,
    name: `Kennis ${stamp()}`,
  });
  const member = async (firstName: string) =>
    createUserWithMembership(getDb(), {
      accountId: cluster.accountId,
      clusterId: cluster.id,
      firstName,
      lastName: stamp(),
      roles: [{ role: "employee" }, { role: "team_member", teamId: team.id }],
    });
  const [anna, bram] = [await member("Anna"), await member("Bram")];
  const name = (u: typeof anna) => `${u.user.firstName} ${u.user.lastName}`;
  return { team, anna: name(anna), bram: name(bram) };
}

test("HR sets up a team's knowledge card in 3 steps and reads the card", async ({ page }) => {
  const { team, anna, bram } = await teamWithTwoMembers();
  const area = `Valpreventie ${stamp()}`;
  await signIn(page, demoUsers.hr, { at: "/knowledge-areas/teams" });
  await page.getByRole("link", { name: "Kenniskaart instellen" }).click();

  // Step 1: exactly one team (spec §5); two are refused next to the field, the choice stays.
  await page.getByLabel(team.name).check();
  await page.getByLabel(demoKnowledgeTeam).check();
  await page.getByRole("button", { name: "Volgende stap" }).click();
  await expect(page.locator("#teams-error")).toHaveText(
    "Kennisgegevens kun je alleen wijzigen met precies één team gekozen",
  );
  await expect(page.getByLabel(team.name)).toBeChecked();
  await page.getByLabel(demoKnowledgeTeam).uncheck();
  await page.getByRole("button", { name: "Volgende stap" }).click();

  // Step 2: an existing area and a new one, with the people needed per level.
  await expect(page.getByRole("heading", { level: 2, name: "Kennisgebieden en behoefte" })).toBeVisible();
  await page.getByLabel("Wondzorg", { exact: true }).check();
  await page.getByLabel("Wondzorg: aantal met minstens Basis").fill("2");
  await page.getByLabel("Naam", { exact: true }).fill(area);
  await page.getByLabel("Aantal met minstens Expert", { exact: true }).fill("1");
  await page.getByRole("button", { name: "Kennisgebieden opslaan" }).click();
  await expect(page.getByRole("status")).toContainText("Kennisgebieden opgeslagen");

  // Step 3: each member's level per area.
  await expect(page.getByRole("heading", { level: 2, name: "Niveau per medewerker" })).toBeVisible();
  await page.getByLabel(`Niveau van ${anna} in Wondzorg`).selectOption("3");
  await page.getByLabel(`Niveau van ${bram} in Wondzorg`).selectOption("0");
  await page.getByLabel(`Niveau van ${bram} in ${area}`).selectOption("2");
  await page.getByRole("button", { name: "Niveaus opslaan" }).click();
  await expect(page.getByRole("status")).toContainText("Niveaus opgeslagen");

  // The card: the chart and, per area, available, needed, discrepancy, shortage, surplus and who carries it.
  await expect(page.getByRole("heading", { level: 1, name: `Kenniskaart ${team.name}` })).toBeVisible();
  await expect(page.getByRole("img", { name: "Nodig en beschikbaar per kennisgebied" })).toBeVisible();
  const rows = page.getByTestId("knowledge-area-row");
  // The new area: one expert needed, Bram is advanced: a shortage and a surplus at once.
  await expect(rows.filter({ hasText: area })).toContainText(`${area}1101 (Expert)1 (Gevorderd)${bram} (Gevorderd)`);
  // Wound care: two needed, only Anna has it, so she carries it alone.
  await expect(rows.filter({ hasText: "Wondzorg" })).toContainText(`Wondzorg12-11 (Basis)0${anna} (Expert)`);
  await expect(rows.filter({ hasText: "Wondzorg" })).toContainText(`Let op: alleen ${anna} heeft deze kennis`);
  await expect(page.getByTestId("knowledge-card-legend")).toContainText(
    "Zo kan één kennisgebied een tekort en een overschot tegelijk hebben",
  );

  await page
    .getByRole("navigation", { name: "Onderdelen van de kenniskaart" })
    .getByRole("link", { name: "Medewerkers" })
    .click();
  await expect(page.getByRole("row", { name: new RegExp(anna) })).toContainText("GeenExpert");
});
