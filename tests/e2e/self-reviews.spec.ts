import { demoReviewNames, demoUsers, medewerkerTeam } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { linkPath, waitForMail } from "./mail";
import { createLeaderRound } from "./support/reviews";

test.describe("self reviews", () => {
  test("HR creates one from a team review; the participant follows the invitation mail, fills it in, finishes and sees the result", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const noJs = test.info().project.name === "no-js";
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const roundName = `Teamreview ${stamp}`;
    const name = `Zelfbeoordeling ${stamp}`;
    await createLeaderRound({ name: roundName, scoreAll: 3 });

    await signIn(page, demoUsers.hr, { at: "/review/create/selfreview" });
    await expect(page.getByRole("heading", { level: 1, name: "Nieuwe zelfbeoordeling" })).toBeVisible();
    // A deadline in the past is refused next to the field, and what was typed stays.
    const fromRound = page.locator("form").filter({ has: page.getByLabel("Teamreview", { exact: true }) });
    await fromRound
      .getByLabel("Teamreview", { exact: true })
      .selectOption({ label: `${roundName} (deadline 01-12-2099)` });
    await fromRound.getByLabel("Naam of omschrijving").fill(name);
    await fromRound.getByLabel("Deadline").fill("01-01-2020");
    await page.getByRole("button", { name: "Zelfbeoordeling aanmaken vanuit de teamreview" }).click();
    await expect(page.getByText("De deadline mag niet in het verleden liggen").first()).toBeVisible();
    await expect(fromRound.getByLabel("Naam of omschrijving")).toHaveValue(name);
    await fromRound.getByLabel("Deadline").fill("01-12-2099");
    await page.getByRole("button", { name: "Zelfbeoordeling aanmaken vanuit de teamreview" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De zelfbeoordeling is aangemaakt" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(roundName)).toBeVisible();
    // A fresh review offers sending the invitations, not sending them again.
    await expect(page.getByRole("button", { name: "Uitnodigingen opnieuw versturen" })).toHaveCount(0);
    await page.getByRole("button", { name: "Uitnodigingen versturen", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "De uitnodigingen worden verstuurd" })).toBeVisible();

    // The invitation arrives at the real SMTP server, in her language, linking to her questionnaire.
    const mail = await waitForMail(demoUsers.medewerker, `Je bent uitgenodigd voor de zelfbeoordeling ${name}`);
    await page.context().clearCookies();
    await signIn(page, demoUsers.medewerker, { at: "/my/reviews" });
    await expect(page.getByRole("row").filter({ hasText: name })).toContainText("0 van 12");
    await page.goto(linkPath(mail.text, "/selfreview/questionnaire/"));
    await expect(page.getByRole("heading", { level: 1, name: `Vragenlijst: ${name}` })).toBeVisible();
    const teamPart = page.getByRole("region", { name: "Over je team" });
    const ownPart = page.getByRole("region", { name: "Over jezelf" });
    await teamPart.locator("fieldset").first().getByLabel("Goed", { exact: true }).check();
    await ownPart.locator("fieldset").first().getByLabel("Uitstekend", { exact: true }).check();
    if (noJs) {
      await page.getByRole("button", { name: "Antwoorden opslaan" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Je antwoorden zijn opgeslagen" })).toBeVisible();
    } else {
      await expect(page.getByText("Opgeslagen", { exact: true })).toBeVisible({ timeout: 10_000 });
    }
    await page.reload();
    await expect(page.getByText("2 van 12")).toBeVisible();
    await expect(teamPart.locator("fieldset").first().getByLabel("Goed", { exact: true })).toBeChecked();

    await page.getByRole("button", { name: "Opslaan en afronden" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Vragenlijst afronden" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Vragenlijst onvolledig" })).toBeVisible();
    await page.getByRole("button", { name: "Vragenlijst afronden" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Je vragenlijst is afgerond" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Resultaat: ${name}` })).toBeVisible();
    await expect(page.getByText("De teamscore is je score uit de teamreview")).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Eigen score" }).first()).toBeVisible();

    await page.goto("/my/reviews");
    await page.getByRole("row").filter({ hasText: name }).getByRole("link", { name: "Vragenlijst" }).click();
    await expect(page.getByText("Deze vragenlijst is afgerond.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Antwoorden opslaan" })).toHaveCount(0);
  });
});

test.describe("self review from scratch and its management", () => {
  test("HR goes through the wizard, locks and unlocks it, confirms and rolls back completion, deletes it after confirming", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = `Zelfbeoordeling nieuw ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    await signIn(page, demoUsers.hr, { at: "/selfreviews/overview" });
    await page.getByRole("link", { name: "Nieuwe zelfbeoordeling" }).click();
    const details = page.locator("form").filter({ has: page.getByRole("button", { name: "Volgende stap" }) });
    await details.getByLabel("Naam of omschrijving").fill(name);
    await details.getByLabel("Deadline").fill("01-06-2099");
    await details.getByLabel(medewerkerTeam, { exact: true }).check();
    await details.getByLabel("Criteriaset").selectOption({ label: demoReviewNames.set });
    await page.getByRole("button", { name: "Volgende stap" }).click();

    const participants = page.getByRole("group", { name: "Deelnemers" }).getByRole("checkbox");
    await expect(participants.first()).toBeChecked();
    const count = await participants.count();
    for (let i = 0; i < count; i++) await participants.nth(i).uncheck();
    await page.getByRole("button", { name: "Zelfbeoordeling aanmaken" }).click();
    await expect(page.getByText("Kies ten minste één deelnemer").first()).toBeVisible();
    await participants.first().check();
    await page.getByRole("button", { name: "Zelfbeoordeling aanmaken" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De zelfbeoordeling is aangemaakt" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

    await page.getByRole("button", { name: "Vergrendelen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De zelfbeoordeling is vergrendeld" })).toBeVisible();
    await page.getByRole("button", { name: "Ontgrendelen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De zelfbeoordeling is ontgrendeld" })).toBeVisible();
    await page.getByRole("button", { name: "Afronding bevestigen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De afronding is bevestigd" })).toBeVisible();
    await page.getByRole("button", { name: "Afronding terugdraaien" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De afronding is teruggedraaid" })).toBeVisible();
    await page.getByRole("link", { name: "Deelnemers" }).click();
    await expect(page.getByRole("row")).toHaveCount(2);
    await page.getByRole("link", { name: "Gegevens" }).click();
    await page.getByRole("link", { name: "Zelfbeoordeling verwijderen" }).click();
    await expect(page.getByText(`Weet je zeker dat je “${name}” wilt verwijderen?`)).toBeVisible();
    await page.getByRole("button", { name: "Zelfbeoordeling verwijderen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De zelfbeoordeling is verwijderd" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Zelfbeoordelingen" })).toBeVisible();
    await expect(page.getByText(name)).toHaveCount(0);
  });
});
