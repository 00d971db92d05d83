import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

/*
 * A development dialog from objective to finished actions (issue #18), with JavaScript on and off (both
 * projects run this file): an empty objective first, then a learning goal, an initiative, an action, a
 * refused link and a good one, removing a link after its confirmation, completing the action and answering
 * the progress question (a modal dialog with JavaScript, a second step without), archiving and restoring
 * the learning goal, the link to a task about the dialog, finishing.
 */
test("a leader holds a development dialog with a team member", async ({ page }, testInfo) => {
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  const goal = `Leerdoel ${stamp}`;
  const initiative = `Initiatief ${stamp}`;
  const action = `Actie ${stamp}`;
  await signIn(page, demoUsers.leider, { at: "/dialogs" });
  await expect(page.getByRole("heading", { level: 1, name: "Dialogen" })).toBeVisible();
  await page.getByRole("link", { name: "Nieuwe dialoog" }).click();
  await expect(page).toHaveURL(/\/dialogs\/create$/);

  await page.getByLabel("Medewerker").selectOption({ label: "Lotte Jansen" });
  await page.getByRole("button", { name: "Dialoog starten" }).click();
  await expect(page.getByLabel("Doelstelling")).toHaveAccessibleDescription(/Doelstelling is verplicht/);
  await page.getByLabel("Doelstelling").fill(`Groeien als coach ${stamp}`);
  await page.getByRole("button", { name: "Dialoog starten" }).click();
  await expect(page).toHaveURL(/\/dialogs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dialoog van Lotte Jansen");
  await expect(page.getByTestId("dialog-objective")).toHaveText(`Groeien als coach ${stamp}`);

  await page.getByLabel("Nieuw leerdoel").fill(goal);
  await page.getByRole("button", { name: "Leerdoel toevoegen" }).click();
  await expect(page.getByRole("heading", { level: 3, name: goal })).toBeVisible();

  await page.getByText(`Initiatief toevoegen of leerdoel wijzigen: ${goal}`).click();
  await page.getByLabel("Nieuw initiatief").fill(initiative);
  await page.getByRole("button", { name: "Initiatief toevoegen" }).click();
  await expect(page.getByRole("heading", { level: 4, name: initiative })).toBeVisible();

  const changeInitiative = page.getByText(`Acties, links en voortgang van ${initiative}`);
  await changeInitiative.click();
  await page.getByLabel("Nieuwe actie").fill(action);
  await page.getByRole("button", { name: "Actie toevoegen" }).click();
  await expect(page.getByText(action, { exact: true })).toBeVisible();

  await changeInitiative.click();
  await page.getByLabel("Titel van de link").fill("Opleiding");
  await page.getByLabel("Adres (URL)").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Link toevoegen" }).click();
  await expect(page.getByText("Vul een adres in dat begint met http:// of https://")).toBeVisible();
  await expect(page.getByLabel("Titel van de link")).toHaveValue("Opleiding");
  await page.getByLabel("Adres (URL)").fill("https://example.org/opleiding");
  await page.getByRole("button", { name: "Link toevoegen" }).click();
  await expect(page.getByRole("link", { name: "Opleiding", exact: true })).toHaveAttribute(
    "href",
    "https://example.org/opleiding",
  );

  // Removing asks first (a disclosure, no JavaScript needed), then removes.
  await changeInitiative.click();
  await page.getByLabel("Titel van de link").fill("Tijdelijk");
  await page.getByLabel("Adres (URL)").fill("https://example.org/tijdelijk");
  await page.getByRole("button", { name: "Link toevoegen" }).click();
  await expect(page.getByRole("link", { name: "Tijdelijk", exact: true })).toBeVisible();
  await page.locator("summary", { hasText: "Link Tijdelijk verwijderen" }).click();
  const confirm = page.getByRole("group", { name: "Link Tijdelijk verwijderen" });
  await expect(confirm).toContainText("Dit kan niet ongedaan worden gemaakt.");
  await confirm.getByRole("button", { name: "Ja, link verwijderen" }).click();
  await expect(page.getByRole("status")).toContainText("Link verwijderd");
  await expect(page.getByRole("link", { name: "Tijdelijk", exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Opleiding", exact: true })).toBeVisible();

  await page.getByRole("button", { name: `Actie ${action} afronden` }).click();
  await expect(page).toHaveURL(/\?adjust=[0-9a-f-]{36}/);
  // With JavaScript the question is a modal dialog over the page; without, the form's second step.
  const prompt =
    testInfo.project.name === "js"
      ? page.getByRole("dialog", { name: "Voortgang aanpassen?" })
      : page.getByRole("region", { name: "Voortgang aanpassen?" });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByLabel("Nieuwe voortgang (%)")).toHaveValue("100");
  await prompt.getByRole("button", { name: "Voortgang opslaan" }).click();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByText("Voortgang: 100%", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: `Actie ${action} heropenen` })).toBeVisible();

  // A learning goal is archived (it moves to the archived ones, without forms) and restored.
  // Archiving asks first: a dialog with JavaScript, a step on the page without.
  await page.getByRole("link", { name: `Leerdoel ${goal} archiveren` }).click();
  await page.getByRole("button", { name: "Ja, leerdoel archiveren" }).click();
  await expect(page.getByRole("region", { name: "Gearchiveerde leerdoelen" })).toContainText(goal);
  await expect(page.getByRole("button", { name: `Actie ${action} heropenen` })).toHaveCount(0);
  await page.getByRole("button", { name: `Leerdoel ${goal} terugzetten` }).click();
  await expect(page.getByRole("region", { name: "Gearchiveerde leerdoelen" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: `Actie ${action} heropenen` })).toBeVisible();

  await page.getByRole("link", { name: "Taak over deze dialoog" }).click();
  await expect(page).toHaveURL(/\/tasks\/inbox\/new\?aboutType=dialog&aboutId=[0-9a-f-]{36}$/);
  await expect(page.getByLabel("Titel")).toBeVisible();
  await page.goBack();
  // Back on the dialog's own page (its data read again) before its state changes: a click while the way back
  // is still loading could land on the page being left.
  await expect(page).toHaveURL(/\/dialogs\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dialoog van Lotte Jansen");

  await page.getByRole("button", { name: "Dialoog afronden" }).click();
  await expect(page.getByTestId("dialog-state")).toHaveText("Afgerond");
  await expect(page.getByLabel("Nieuw leerdoel")).toHaveCount(0);

  await page.getByRole("link", { name: "Geschiedenis en gesprekken" }).click();
  await expect(page.getByTestId("dialog-events").getByRole("listitem").first()).toContainText("Dialoog afgerond");
});
