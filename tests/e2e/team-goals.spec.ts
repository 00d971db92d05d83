import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, reviews, teamGoals, teams } from "#db/schema";
import { demoClusters, demoTeams, demoUsers, leiderTeams, medewerkerTeam } from "../../seed/demo-data";
import { createTeam } from "../factories";
import { expect, signIn, test } from "./fixtures";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function freshTeam() {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  return createTeam(getDb(), { accountId: cluster.accountId, clusterId: cluster.id, name: `Doelen ${stamp()}` });
}

test.describe("team goals and ambitions", () => {
  test("HR adds a goal (after one bad submit), edits it and archives it for good", async ({ page }) => {
    const team = await freshTeam();
    await signIn(page, demoUsers.hr, { at: `/personnel/teams/${team.id}/goalsAndAmbitions` });
    await expect(page.getByText("Dit team heeft nog geen doelen of ambities.")).toBeVisible();

    await page.getByRole("link", { name: "Doel of ambitie toevoegen" }).click();
    const form = page.getByRole("region", { name: "Nieuw doel of nieuwe ambitie" });
    await form.getByLabel("Soort").selectOption({ label: "Ambitie" });
    await form.getByLabel("Groeistrategie").fill("Samen leren in intervisie");
    await form.getByLabel("Begin van de periode").fill("01-09-2027");
    await form.getByLabel("Einde van de periode").fill("31-08-2027");
    await form.getByRole("button", { name: "Doel toevoegen" }).click();
    // Messages next to the fields; nothing typed is lost.
    await expect(form.getByLabel("Doel of ambitie")).toHaveAccessibleDescription("Typ het doel of de ambitie");
    await expect(form.getByLabel("Einde van de periode")).toHaveAccessibleDescription(
      /Bijvoorbeeld 01-03-2027\s*Het einde van de periode ligt voor het begin/,
    );
    await expect(form.getByLabel("Groeistrategie")).toHaveValue("Samen leren in intervisie");
    await expect(form.getByLabel("Soort")).toHaveValue("ambition");
    await expect(form.getByLabel("Begin van de periode")).toHaveValue("01-09-2027");

    await form.getByLabel("Doel of ambitie").fill("Wij worden het leerteam van de regio");
    await form.getByLabel("Einde van de periode").fill("31-08-2028");
    await form.getByRole("button", { name: "Doel toevoegen" }).click();
    await expect(page.getByRole("status")).toContainText("Het doel is toegevoegd");
    const card = page.getByRole("article", { name: "Wij worden het leerteam van de regio" });
    await expect(card).toContainText("Ambitie");
    await expect(card).toContainText("01-09-2027 t/m 31-08-2028");
    await expect(card).toContainText("Samen leren in intervisie");

    await card.getByRole("link", { name: "Bewerken: Wij worden het leerteam van de regio" }).click();
    const edit = page.getByRole("region", { name: "Doel of ambitie bewerken" });
    await edit.getByLabel("Gemeten aan").fill("Drie intervisierondes per jaar");
    await edit.getByRole("button", { name: "Doel opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Het doel is opgeslagen");
    await expect(card).toContainText("Drie intervisierondes per jaar");

    await card.getByRole("link", { name: "Archiveren: Wij worden het leerteam van de regio" }).click();
    const confirm = page.getByRole("region", { name: "Dit doel archiveren?" });
    await expect(confirm).toContainText("Archiveren is definitief");
    await confirm.getByRole("button", { name: "Definitief archiveren" }).click();
    await expect(page.getByRole("status")).toContainText("Het doel is gearchiveerd");
    const archived = page.getByRole("region", { name: "Gearchiveerd" });
    await expect(archived.getByRole("article", { name: "Wij worden het leerteam van de regio" })).toBeVisible();
    await expect(archived.getByRole("link")).toHaveCount(0);
    const [row] = await getDb().select().from(teamGoals).where(eq(teamGoals.teamId, team.id));
    expect(row).toMatchObject({ kind: "ambition", measuredBy: "Drie intervisierondes per jaar" });
    expect(row.archivedAt).not.toBeNull();
  });

  test("one goal is edited at a time: another goal's link asks to save or drop (with JavaScript)", async ({
    page,
  }, info) => {
    const team = await freshTeam();
    const db = getDb();
    const base = { accountId: team.accountId, clusterId: team.clusterId, teamId: team.id, kind: "goal" as const };
    await db.insert(teamGoals).values([
      { ...base, text: "Eerste doel" },
      { ...base, text: "Tweede doel" },
    ]);
    await signIn(page, demoUsers.hr, { at: `/personnel/teams/${team.id}/goalsAndAmbitions` });
    await page.getByRole("link", { name: "Bewerken: Eerste doel" }).click();
    await page.getByLabel("Doel of ambitie", { exact: true }).fill("Eerste doel, aangepast");
    await page.getByRole("link", { name: "Bewerken: Tweede doel" }).click();
    if (info.project.name === "no-js") {
      // Without JavaScript the link simply opens the other goal; the change is not saved.
      await expect(page.getByLabel("Doel of ambitie", { exact: true })).toHaveValue("Tweede doel");
      await expect(page.getByRole("article", { name: "Eerste doel" })).toBeVisible();
      return;
    }
    const dialog = page.getByRole("dialog", { name: "Wijzigingen niet opgeslagen" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Wijzigingen opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("Het doel is opgeslagen");
    await expect(page.getByRole("article", { name: "Eerste doel, aangepast" })).toBeVisible();
    await expect(page.getByLabel("Doel of ambitie", { exact: true })).toHaveValue("Tweede doel");

    // Dropping: the change is gone and the other goal opens.
    await page.getByLabel("Doel of ambitie", { exact: true }).fill("Tweede doel, niet bewaard");
    await page.getByRole("link", { name: "Bewerken: Eerste doel, aangepast" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Wijzigingen verwerpen" }).click();
    await expect(page.getByLabel("Doel of ambitie", { exact: true })).toHaveValue("Eerste doel, aangepast");
    await expect(page.getByRole("article", { name: "Tweede doel" })).toBeVisible();
  });

  test("everyone reads the goals of their own teams on goals-and-ambitions, and filters by team", async ({ page }) => {
    const [linde] = await getDb().select().from(teams).where(eq(teams.name, medewerkerTeam));
    const [anker] = await getDb().select().from(teams).where(eq(teams.name, demoTeams.noord[2]));
    const mine = `Doel van De Linde ${stamp()}`;
    const notMine = `Doel van Het Anker ${stamp()}`;
    const base = { accountId: linde.accountId, clusterId: linde.clusterId, kind: "goal" as const };
    await getDb()
      .insert(teamGoals)
      .values([
        { ...base, teamId: linde.id, text: mine, growthStrategy: "Coaching on the job" },
        { ...base, teamId: anker.id, text: notMine },
      ]);

    await signIn(page, demoUsers.medewerker);
    await page.getByRole("navigation").getByRole("link", { name: "Doelen en ambities" }).click();
    await expect(page).toHaveURL(/\/goals-and-ambitions$/);
    await expect(page.getByRole("heading", { level: 1, name: "Doelen en ambities" })).toBeVisible();
    const linde_ = page.getByRole("region", { name: medewerkerTeam });
    await expect(linde_.getByRole("article", { name: mine })).toContainText("Coaching on the job");
    await expect(page.getByText(notMine)).toHaveCount(0);
    await expect(page.getByRole("link", { name: /beheren/ })).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(page, demoUsers.leider, { at: "/goals-and-ambitions" });
    const options = page.getByLabel("Team", { exact: true }).locator("option");
    await expect(options).toHaveText(["Alle teams", ...[...leiderTeams].sort((a, b) => a.localeCompare(b))]);
    await page.getByLabel("Team", { exact: true }).selectOption({ label: leiderTeams[1] });
    await page.getByRole("button", { name: "Filteren" }).click();
    await expect(page).toHaveURL(new RegExp(`team=${await teamIdOf(leiderTeams[1])}`));
    await expect(page.getByRole("region", { name: leiderTeams[1] })).toBeVisible();
    await expect(page.getByText(mine)).toHaveCount(0);
  });

  test("HR links a goal to a team review round, and the round's results show it beside the team's", async ({
    page,
  }) => {
    const team = await freshTeam();
    const roundName = `Ronde ${stamp()}`;
    const tenant = { accountId: team.accountId, clusterId: team.clusterId };
    const [round] = await getDb()
      .insert(reviews)
      .values({ ...tenant, type: "team-summary", name: roundName, scale: 5, deadline: "2027-03-31" })
      .returning();
    await getDb()
      .insert(reviews)
      .values({
        ...tenant,
        type: "team",
        name: roundName,
        scale: 5,
        parentId: round.id,
        teamId: team.id,
        teamName: team.name,
      });
    await signIn(page, demoUsers.hr, { at: `/personnel/teams/${team.id}/goalsAndAmbitions?edit=new` });
    const form = page.getByRole("region", { name: "Nieuw doel of nieuwe ambitie" });
    await form.getByLabel("Doel of ambitie").fill("Iedereen kent de teamdoelen");
    await form
      .getByRole("group", { name: "Gekoppelde teamevaluatierondes" })
      .getByLabel(`${roundName} (deadline 31-03-2027)`)
      .check();
    await form.getByRole("button", { name: "Doel toevoegen" }).click();
    await expect(page.getByRole("status")).toContainText("Het doel is toegevoegd");
    await expect(page.getByRole("article", { name: "Iedereen kent de teamdoelen" })).toContainText(roundName);

    await page.goto(`/review/result/${round.id}/grid`);
    const linked = page.getByRole("region", { name: "Gekoppelde teamdoelen" });
    await expect(linked.getByRole("heading", { level: 3, name: team.name })).toBeVisible();
    await expect(linked).toContainText("Doel: Iedereen kent de teamdoelen");
  });
});

async function teamIdOf(name: string) {
  const [row] = await getDb().select().from(teams).where(eq(teams.name, name));
  return row.id;
}
