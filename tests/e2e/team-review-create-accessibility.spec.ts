import { demoUsers, leiderTeams } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";
import { createWizardSet } from "./team-review-create-helpers";

// Runs in the js project only (axe runs inside the page; see playwright.config.ts).
test.describe("team review pages accessibility", () => {
  test("the wizard (both steps, with errors), the invite step and the overview have no serious violations", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { set } = await createWizardSet();
    await signIn(page, demoUsers.hr);

    await page.goto("/review/create/teamreview");
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Volgende stap" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel("Naam of omschrijving").fill("Toegankelijkheid");
    await page.getByLabel("Deadline").fill("01-12-2099");
    for (const team of leiderTeams) await page.getByRole("checkbox", { name: team, exact: true }).check();
    await page.getByLabel("Criteriaset").selectOption({ label: set.name });
    await page.getByRole("button", { name: "Volgende stap" }).click();
    await expect(page.getByRole("heading", { name: "Teamleiders en teamleden" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("button", { name: "Teamreview aanmaken" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Teamleiders uitnodigen" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto("/teamreviews/overview");
    await expect(page.getByRole("heading", { level: 1, name: "Teamreviews" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
