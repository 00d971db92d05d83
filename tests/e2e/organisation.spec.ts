import { eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { accounts, clusterModules, clusters, contracts, membershipTags, positions, tags, teams } from "#db/schema";
import { demoAccounts, demoClusters, demoTeams, demoUsers } from "../../seed/demo-data";
import { assignRole, createAccount, createClusterFor, createTeam, createUserWithMembership } from "../factories";
import { createEmployee, expect, signIn, test } from "./fixtures";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function noord() {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  return cluster;
}

async function employeeIn(clusterId: string, accountId: string, lastName: string) {
  return createUserWithMembership(getDb(), {
    accountId,
    clusterId,
    lastName,
    email: `${lastName.toLowerCase()}@e2e.demo.nl`,
  });
}

/** A fresh account with one cluster and its own account admin, for tests that change account-wide settings. */
async function freshAccount(modules: ("flow" | "dialog" | "competences")[]) {
  const account = await createAccount(getDb(), { modules });
  const cluster = await createClusterFor(getDb(), account.id, { name: `Cluster ${stamp()}`, modules: [] });
  const admin = await createUserWithMembership(getDb(), {
    accountId: account.id,
    clusterId: cluster.id,
    email: `admin-${stamp()}@e2e.demo.nl`,
    roles: [{ role: "cluster_admin" }],
    isAccountAdmin: true,
  });
  return { account, cluster, admin };
}

test.describe("teams", () => {
  test("HR creates a team and adds a member", async ({ page }) => {
    const cluster = await noord();
    const name = `Team E2E ${stamp()}`;
    const lastName = `Lid${stamp()}`;
    await employeeIn(cluster.id, cluster.accountId, lastName);
    await signIn(page, demoUsers.hr);
    // With JavaScript, goto waits for hydration (fixtures.ts), so the first submit is checked in the browser.
    await page.goto("/personnel/teams");
    await page.getByRole("button", { name: "Team aanmaken" }).click();
    await expect(page.locator("#team-create-name-error")).toHaveText("Naam is verplicht");
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Naam", { exact: true }).fill(name);
    await expect(page.getByLabel("Naam", { exact: true })).toHaveValue(name);
    await page.getByRole("button", { name: "Team aanmaken" }).click();
    await expect(page.getByRole("status")).toContainText(`Team ${name} is aangemaakt`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
    await page.getByLabel("Zoek op naam, e-mailadres of personeelsnummer").fill(lastName);
    await page.getByRole("button", { name: "Zoeken" }).click();
    await page.getByRole("button", { name: `Test ${lastName} toevoegen als teamlid` }).click();
    await expect(page.getByRole("status")).toContainText("Toegevoegd aan het team");
    await expect(page.getByRole("heading", { name: "Teamleden (1)" })).toBeVisible();
    await expect(page.getByRole("cell", { name: `Test ${lastName}`, exact: true })).toBeVisible();
    await expect(page.getByRole("cell", { name: "0,8" })).toBeVisible();

    await page.goto(`/personnel/teams?q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row", { name: new RegExp(name) });
    await expect(row.getByRole("cell").nth(1)).toHaveText("1");
    await expect(row.getByRole("cell").nth(3)).toHaveText("0,8");
  });

  test("/personnel/teams/{id} opens goals and ambitions", async ({ page }) => {
    const cluster = await noord();
    const team = await createTeam(getDb(), {
      accountId: cluster.accountId,
      clusterId: cluster.id,
      name: `Doelen ${stamp()}`,
    });
    await signIn(page, demoUsers.hr, { at: `/personnel/teams/${team.id}` });
    await expect(page).toHaveURL(new RegExp(`/personnel/teams/${team.id}/goalsAndAmbitions$`));
    await expect(page.getByRole("heading", { level: 2, name: "Doelen en ambities" })).toBeVisible();
    await expect(
      page.getByText("Dit team heeft nog geen doelen of ambities. Voeg het eerste doel of de eerste ambitie toe."),
    ).toBeVisible();
  });

  test("HR merges two teams, choosing the one that remains", async ({ page }) => {
    const cluster = await noord();
    const a = await createTeam(getDb(), {
      accountId: cluster.accountId,
      clusterId: cluster.id,
      name: `Samen A ${stamp()}`,
    });
    const b = await createTeam(getDb(), {
      accountId: cluster.accountId,
      clusterId: cluster.id,
      name: `Samen B ${stamp()}`,
    });
    for (const [team, n] of [
      [a, 2],
      [b, 1],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const e = await employeeIn(cluster.id, cluster.accountId, `Samen${stamp()}`);
        await assignRole(getDb(), e.membership, { role: "team_member", teamId: team.id });
      }
    }
    await signIn(page, demoUsers.hr, { at: `/personnel/teams/${a.id}/settings` });
    await page.getByRole("link", { name: "Samenvoegen met een ander team" }).click();
    await page.getByLabel("Samenvoegen met").selectOption({ label: b.name });
    await page.getByLabel("Het gekozen team blijft").check();
    // First the preview: what moves, computed by the merge itself and rolled back.
    await page.getByRole("button", { name: "Bekijk wat er verandert" }).click();
    const preview = page.getByRole("region", { name: "Wat er verandert" });
    await expect(preview).toContainText(`${b.name} blijft.`);
    await expect(preview).toContainText(`${a.name} verdwijnt.`);
    await expect(preview.getByRole("row", { name: /Teamleden/ })).toContainText("2");
    const [untouched] = await getDb().select().from(teams).where(eq(teams.id, a.id));
    expect(untouched.deletedAt).toBeNull();
    await preview.getByRole("button", { name: "Teams samenvoegen" }).click();
    await expect(page.getByRole("status")).toContainText("De teams zijn samengevoegd");
    await expect(page).toHaveURL(new RegExp(`/personnel/teams/${b.id}/members$`));
    await expect(page.getByRole("heading", { name: "Teamleden (3)" })).toBeVisible();
    const [gone] = await getDb().select().from(teams).where(eq(teams.id, a.id));
    expect(gone.deletedAt).not.toBeNull();
  });

  test("HR deletes a team through the confirm page", async ({ page }) => {
    const cluster = await noord();
    const team = await createTeam(getDb(), {
      accountId: cluster.accountId,
      clusterId: cluster.id,
      name: `Weg ${stamp()}`,
    });
    await signIn(page, demoUsers.hr, { at: `/personnel/teams/${team.id}/settings` });
    await page.getByRole("link", { name: "Team verwijderen" }).click();
    await page.getByRole("button", { name: "Ja, team verwijderen" }).click();
    await expect(page.getByRole("status")).toContainText(`Team ${team.name} is verwijderd`);
  });
});

test.describe("tags and positions", () => {
  test("HR splits a tag: a new name and at least one employee", async ({ page }) => {
    const cluster = await noord();
    const [tag] = await getDb()
      .insert(tags)
      .values({ accountId: cluster.accountId, clusterId: cluster.id, kind: "personnel", name: `Splits ${stamp()}` })
      .returning();
    const people = [];
    for (let i = 0; i < 2; i++) {
      const e = await employeeIn(cluster.id, cluster.accountId, `Tag${stamp()}`);
      await getDb()
        .insert(membershipTags)
        .values({ accountId: cluster.accountId, clusterId: cluster.id, membershipId: e.membership.id, tagId: tag.id });
      people.push(e);
    }
    const newName = `Afgesplitst ${stamp()}`;
    await signIn(page, demoUsers.hr, { at: `/personnel/tags/${tag.id}` });
    await page.getByRole("link", { name: "Tag splitsen" }).click();
    await page.getByLabel("Naam van de nieuwe tag").fill(newName);
    await page.getByRole("button", { name: "Tag splitsen" }).click();
    await expect(page.locator("#tag-split-membershipIds-error")).toHaveText("Kies tenminste één medewerker");
    await expect(page.getByLabel("Naam van de nieuwe tag")).toHaveValue(newName);
    await page.getByRole("checkbox", { name: `Test ${people[0].user.lastName}` }).check();
    await page.getByRole("button", { name: "Tag splitsen" }).click();
    await expect(page.getByRole("status")).toContainText("De tag is gesplitst");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(newName);
    await expect(page.getByRole("heading", { name: "Medewerkers met deze tag (1)" })).toBeVisible();
  });

  test("HR creates a tag, and a name in use in other letters is refused", async ({ page }) => {
    const name = `Nachtdienst ${stamp()}`;
    await signIn(page, demoUsers.hr, { at: "/personnel/tags" });
    await page.getByLabel("Naam").fill(name);
    await page.getByRole("button", { name: "Tag aanmaken" }).click();
    await expect(page.getByRole("status")).toContainText(`Tag ${name} is aangemaakt`);
    await page.getByLabel("Naam").fill(name.toUpperCase());
    await page.getByRole("button", { name: "Tag aanmaken" }).click();
    await expect(page.locator("#tag-create-name-error")).toHaveText("Deze tag bestaat al");
  });

  test("a tag whose write fails comes back with the typed name and the message (1840)", async ({ page }) => {
    const name = `Weigert ${stamp()}`;
    // A trigger refusing this one name stands in for a failure nobody foresaw (a constraint, a lost race).
    const fn = `refuse_tag_${stamp()}`;
    await getDb().execute(
      sql.raw(`create function ${fn}() returns trigger language plpgsql as $$
        begin if new.name = '${name}' then raise exception 'refused'; end if; return new; end $$;
        create trigger ${fn} before insert on tags for each row execute function ${fn}()`),
    );
    try {
      await signIn(page, demoUsers.hr, { at: "/personnel/tags" });
      await page.getByLabel("Naam").fill(name);
      await page.getByRole("button", { name: "Tag aanmaken" }).click();
      await expect(page.getByRole("alert")).toContainText("Tag niet toegevoegd. Je wijzigingen zijn niet opgeslagen.");
      await expect(page.getByLabel("Naam")).toHaveValue(name);
    } finally {
      await getDb().execute(sql.raw(`drop trigger ${fn} on tags; drop function ${fn}()`));
    }
    expect(await getDb().select().from(tags).where(eq(tags.name, name))).toEqual([]);
  });

  test("HR bulk deletes positions; one with contracts stays and is named", async ({ page }) => {
    const cluster = await noord();
    const [free, used] = await getDb()
      .insert(positions)
      .values([
        { accountId: cluster.accountId, clusterId: cluster.id, name: `Vrij ${stamp()}` },
        { accountId: cluster.accountId, clusterId: cluster.id, name: `Bezet ${stamp()}` },
      ])
      .returning();
    const e = await employeeIn(cluster.id, cluster.accountId, `Contract${stamp()}`);
    await getDb().insert(contracts).values({
      accountId: cluster.accountId,
      clusterId: cluster.id,
      membershipId: e.membership.id,
      positionId: used.id,
      startDate: "2024-01-01",
      endDate: "2099-12-31",
      fte: "0.80",
    });
    await signIn(page, demoUsers.hr, { at: "/personnel/positions?page=1" });
    await page.goto(`/personnel/positions/delete?ids=${free.id}&ids=${used.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("2 functies verwijderen?");
    await expect(page.getByText("Functies met contracten worden niet verwijderd.")).toBeVisible();
    await page.getByRole("button", { name: "Ja, verwijderen" }).click();
    await expect(page).toHaveURL(/\/personnel\/positions$/);
    await expect(page.getByRole("status")).toContainText(
      `1 functies verwijderd. Functies met contracten worden niet verwijderd: ${used.name}`,
    );
    expect(await getDb().select().from(positions).where(eq(positions.id, free.id))).toHaveLength(0);
    expect(await getDb().select().from(positions).where(eq(positions.id, used.id))).toHaveLength(1);
  });
});

test.describe("account management", () => {
  test("an account admin activates a module for a cluster", async ({ page }) => {
    const world = await freshAccount(["flow", "dialog"]);
    await signIn(page, world.admin.user.email, { at: "/account/modules" });
    const form = page.locator("form", { has: page.getByRole("group", { name: `Modules van ${world.cluster.name}` }) });
    await expect(form.getByRole("checkbox")).toHaveCount(2);
    await form.getByLabel("Flow").check();
    await form.getByRole("button", { name: `Modules van ${world.cluster.name} opslaan` }).click();
    await expect(page.getByRole("status")).toContainText("De modules zijn opgeslagen");
    const rows = await getDb().select().from(clusterModules).where(eq(clusterModules.clusterId, world.cluster.id));
    expect(rows.map((r) => r.moduleKey)).toEqual(["flow"]);
    await expect(
      page
        .locator("form", { has: page.getByRole("group", { name: `Modules van ${world.cluster.name}` }) })
        .getByLabel("Flow"),
    ).toBeChecked();
  });

  test("company details: a wrong IBAN is refused next to the field and the rest is kept; a right one is saved", async ({
    page,
  }) => {
    const world = await freshAccount([]);
    await signIn(page, world.admin.user.email, { at: "/account/settings" });
    await page.getByLabel("Plaats").fill("Zwolle");
    await page.getByLabel("IBAN").fill("NL91ABNA0417164301");
    await page.getByLabel("Factuurdatum").fill("01-03-2027");
    await page.getByRole("button", { name: "Bedrijfsgegevens opslaan" }).click();
    await expect(page.locator("#company-iban-error")).toHaveText("Typ een geldig IBAN-nummer");
    await expect(page.getByRole("alert")).toContainText("Typ een geldig IBAN-nummer");
    await expect(page.getByLabel("Plaats")).toHaveValue("Zwolle");
    await expect(page.getByLabel("Factuurdatum")).toHaveValue("01-03-2027");
    await page.getByLabel("IBAN").fill("NL91 ABNA 0417 1643 00");
    await page.getByRole("button", { name: "Bedrijfsgegevens opslaan" }).click();
    await expect(page.getByRole("status")).toContainText("De bedrijfsgegevens zijn opgeslagen");
    await expect(page.getByLabel("IBAN")).toHaveValue("NL91ABNA0417164300");
    const [row] = await getDb().select().from(accounts).where(eq(accounts.id, world.account.id));
    expect(row).toMatchObject({ iban: "NL91ABNA0417164300", city: "Zwolle", invoiceDate: "2027-03-01" });
  });

  test("the account pages open for the demo account admin", async ({ page }) => {
    await signIn(page, demoUsers.admin);
    for (const [path, heading] of [
      ["/account/dashboard", "Account"],
      ["/account/licence", "Licentie"],
      ["/account/subscription", "Abonnement"],
      ["/account/clusters", "Organisaties"],
      ["/account/users", "Medewerkers van het account"],
      ["/account/modules", "Modules van het account"],
      ["/account/settings", "Accountinstellingen"],
      ["/settings", "Instellingen van de organisatie"],
      ["/settings/rights", "Rollen en rechten"],
      ["/modules", "Modules van de organisatie"],
      ["/personnel/positions", "Functies"],
      ["/personnel/tags", "Personeelstags"],
      ["/personnel/teams", "Teams"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    const [demo] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
    await page.goto(`/account/clusters/${demo.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(demoClusters.noord);
    await expect(page.getByRole("cell", { name: /hr@demo\.nl/ })).toBeVisible();
  });
});

test.describe("tenant isolation", () => {
  test("a user of Andere BV gets 404 for Demo BV's teams, tags, positions and clusters", async ({ page }) => {
    const cluster = await noord();
    const [account] = await getDb().select().from(accounts).where(eq(accounts.id, cluster.accountId));
    expect(account.name).toBe(demoAccounts.demo);
    const [team] = await getDb().select().from(teams).where(eq(teams.name, demoTeams.noord[0]));
    const [tag] = await getDb()
      .insert(tags)
      .values({ accountId: cluster.accountId, clusterId: cluster.id, kind: "personnel", name: `Geheim ${stamp()}` })
      .returning();
    const [position] = await getDb()
      .insert(positions)
      .values({ accountId: cluster.accountId, clusterId: cluster.id, name: `Geheim ${stamp()}` })
      .returning();
    await signIn(page, demoUsers.andere);
    for (const path of [
      `/personnel/teams/${team.id}`,
      `/personnel/teams/${team.id}/members`,
      `/personnel/teams/${team.id}/merge`,
      `/personnel/tags/${tag.id}`,
      `/personnel/tags/${tag.id}/split`,
      `/personnel/tags/delete?ids=${tag.id}`,
      `/personnel/positions/${position.id}`,
      `/personnel/positions/delete?ids=${position.id}`,
      `/account/clusters/${cluster.id}`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });
});

test("an employee added by an e2e fixture is searchable on the team page", async ({ page }) => {
  const user = await createEmployee("teamsearch");
  const cluster = await noord();
  const team = await createTeam(getDb(), {
    accountId: cluster.accountId,
    clusterId: cluster.id,
    name: `Zoek ${stamp()}`,
  });
  await signIn(page, demoUsers.hr, { at: `/personnel/teams/${team.id}/leaders?q=${encodeURIComponent(user.email)}` });
  await page.getByRole("button", { name: `${user.firstName} ${user.lastName} toevoegen als teamleider` }).click();
  await expect(page.getByRole("heading", { name: "Teamleiders (1)" })).toBeVisible();
});
