import { demoUserNames, demoUsers, leiderTeams } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { linkPath, waitForMail } from "./mail";
import { createWizardSet } from "./team-review-create-helpers";

const leaderName = `${demoUserNames.leider.firstName} ${demoUserNames.leider.lastName}`;

test.describe("creating a team review", () => {
  test("HR creates a round for the leader's teams, invites the leaders and sees it in the overview", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { set, stamp } = await createWizardSet();
    const name = `Teamreview E2E ${stamp}`;
    await signIn(page, demoUsers.hr, { at: "/teamreviews/overview" });
    await page.getByRole("link", { name: "Nieuwe teamreview" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Nieuwe teamreview" })).toBeVisible();

    // A deadline in the past is refused next to the field; the typed name stays.
    await page.getByLabel("Naam of omschrijving").fill(name);
    await page.getByLabel("Deadline").fill("01-01-2020");
    for (const team of leiderTeams) await page.getByRole("checkbox", { name: team, exact: true }).check();
    await page.getByLabel("Criteriaset").selectOption({ label: set.name });
    await page.getByRole("button", { name: "Volgende stap" }).click();
    await expect(page.getByText("De deadline mag niet in het verleden liggen").first()).toBeVisible();
    await expect(page.getByLabel("Deadline")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Naam of omschrijving")).toHaveValue(name);
    await expect(page.getByRole("checkbox", { name: leiderTeams[0], exact: true })).toBeChecked();
    await expect(page).toHaveURL(/\/review\/create\/teamreview$/); // no ?index after a wizard post (1710)

    await page.getByLabel("Deadline").fill("01-12-2099");
    await page.getByRole("button", { name: "Volgende stap" }).click();
    await expect(page.getByRole("heading", { name: "Teamleiders en teamleden" })).toBeVisible();
    // Back to step 1 and forward again: nothing typed is lost.
    await page.getByRole("button", { name: "Vorige stap" }).click();
    await expect(page.getByLabel("Naam of omschrijving")).toHaveValue(name);
    await expect(page.getByLabel("Deadline")).toHaveValue("01-12-2099");
    await expect(page.getByRole("checkbox", { name: leiderTeams[1], exact: true })).toBeChecked();
    await expect(page.getByLabel("Criteriaset")).toHaveValue(set.id);
    await page.getByRole("button", { name: "Volgende stap" }).click();
    await expect(page.getByRole("heading", { name: "Teamleiders en teamleden" })).toBeVisible();
    const leader = page.getByRole("group", { name: "Teamleiders" }).getByRole("checkbox", { name: leaderName });
    await expect(leader).toBeChecked();
    const members = page.getByRole("group", { name: "Teamleden" }).getByRole("checkbox");
    expect(await members.count()).toBeGreaterThan(1);
    await expect(members.first()).toBeChecked();

    await page.getByRole("button", { name: "Teamreview aanmaken" }).click();
    await expect(page).toHaveURL(new RegExp(`/review/create/teamreview/invite/set/${set.id}\\?round=`));
    await expect(page.getByRole("status")).toContainText("De teamreview is aangemaakt");
    await expect(page.getByRole("heading", { level: 1, name: "Teamleiders uitnodigen" })).toBeVisible();
    await expect(page.getByRole("cell", { name: new RegExp(leaderName) }).first()).toBeVisible();
    await page.getByRole("button", { name: "Teamleiders uitnodigen" }).click();
    await expect(page.getByText("De uitnodigingen worden verstuurd.", { exact: false }).first()).toBeVisible();
    // The worker sends one mail per team review, with a link to that team's evaluation.
    const mail = await waitForMail(demoUsers.leider, `Je bent uitgenodigd voor de teamreview ${name}`);
    expect(linkPath(mail.text, "/review/evaluation/")).toMatch(/^\/review\/evaluation\/[0-9a-f-]{36}$/);
    // No reload: the page looks again by itself (revalidation with JavaScript, a refresh without).
    await expect(page.getByText("Alle teamleiders zijn uitgenodigd.")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/Uitgenodigd op \d{2}-\d{2}-\d{4}/).first()).toBeVisible();

    await page.getByRole("link", { name: "Naar het overzicht van de teamreviews" }).click();
    const round = page.getByRole("region", { name });
    await expect(round).toBeVisible();
    for (const team of leiderTeams) {
      const row = round.getByRole("row").filter({ has: page.getByRole("link", { name: team, exact: true }) });
      await expect(row).toContainText("Niet gestart");
      await expect(row).toContainText(leaderName);
    }
    await expect(round.getByRole("link", { name: "Resultaten" })).toHaveAttribute("href", /\/review\/result\//);
  });

  test("the overview filters by progress state with a GET form", async ({ page }) => {
    await signIn(page, demoUsers.hr, { at: "/teamreviews/overview" });
    await page.getByLabel("Voortgang").selectOption("finished");
    await page.getByRole("button", { name: "Filteren" }).click();
    await expect(page).toHaveURL(/state=finished/);
    await expect(page.getByRole("cell", { name: "Niet gestart" })).toHaveCount(0);
  });
});
