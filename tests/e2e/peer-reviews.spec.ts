import { demoReviewNames, demoUsers, medewerkerTeam } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

test.describe("peer reviews", () => {
  test("HR creates a round and picks peers; a peer answers and finishes; the reviewed person's result hides the peers below the threshold", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const noJs = test.info().project.name === "no-js";
    const name = `Peer feedback ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

    await signIn(page, demoUsers.hr, { at: "/peerreviews/overview" });
    await page.getByRole("link", { name: "Nieuwe peer review" }).click();
    const details = page.locator("form").filter({ has: page.getByRole("button", { name: "Volgende stap" }) });
    await details.getByLabel("Naam of omschrijving").fill(name);
    // A deadline in the past is refused next to the field; what was typed stays.
    await details.getByLabel("Deadline").fill("01-01-2020");
    await details.getByLabel(medewerkerTeam, { exact: true }).check();
    await details.getByLabel("Criteriaset").selectOption({ label: demoReviewNames.set });
    await page.getByRole("button", { name: "Volgende stap" }).click();
    await expect(page.getByText("De deadline mag niet in het verleden liggen").first()).toBeVisible();
    await expect(details.getByLabel("Naam of omschrijving")).toHaveValue(name);
    await details.getByLabel("Deadline").fill("01-06-2099");
    await page.getByRole("button", { name: "Volgende stap" }).click();
    await expect(page.getByRole("group", { name: "Deelnemers" }).getByRole("checkbox").first()).toBeChecked();
    await page.getByRole("button", { name: "Peer review aanmaken en peers kiezen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De peer review is aangemaakt" })).toBeVisible();

    // Lotte Jansen (medewerker@demo.nl) gives feedback on the first colleague listed.
    const colleague = page
      .getByRole("group")
      .filter({ hasNotText: "Peers voor Lotte Jansen" })
      .filter({ has: page.getByLabel("Lotte Jansen", { exact: true }) })
      .first();
    const colleagueName = ((await colleague.locator("legend").textContent()) ?? "").replace("Peers voor ", "");
    await colleague.getByLabel("Lotte Jansen", { exact: true }).check();
    await page.getByRole("button", { name: "Peers opslaan" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De peers zijn opgeslagen" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: colleagueName })).toContainText(colleagueName);

    await page.context().clearCookies();
    await signIn(page, demoUsers.medewerker, { at: "/peerreview" });
    const peerRow = page.getByRole("row").filter({ hasText: name }).filter({ hasText: colleagueName });
    await expect(peerRow).toContainText("Peer");
    await peerRow.getByRole("link", { name: /Vragenlijst/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Vragenlijst: ${name}` })).toBeVisible();
    await page.locator("fieldset").first().getByLabel("Goed", { exact: true }).check();
    // A remark, shown to the reviewed person only unattributed and from the threshold on (decision 1203).
    await page.getByLabel("Opmerking (optioneel)").fill("Fijne samenwerking bij de overdracht");
    if (noJs) {
      await page.getByRole("button", { name: "Antwoorden opslaan" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Je antwoorden zijn opgeslagen" })).toBeVisible();
    } else {
      await expect(page.getByText("Opgeslagen", { exact: true })).toBeVisible({ timeout: 10_000 });
    }
    await page.getByRole("button", { name: "Opslaan en afronden" }).click();
    await expect(page.getByRole("heading", { name: "Vragenlijst onvolledig" })).toBeVisible();
    await page.getByRole("button", { name: "Vragenlijst afronden" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Je vragenlijst is afgerond" })).toBeVisible();
    await peerRow.getByRole("link", { name: /Vragenlijst/ }).click();
    await expect(page.getByLabel("Opmerking (optioneel)")).toHaveValue("Fijne samenwerking bij de overdracht");
    await expect(page.getByLabel("Opmerking (optioneel)")).toBeDisabled();
    await page.goto("/peerreview");

    // Her own result in this round: no peer has answered about her, so no peer average.
    await page
      .getByRole("row")
      .filter({ hasText: name })
      .filter({ hasText: "Jezelf" })
      .getByRole("link", { name: "Mijn resultaat" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: `Resultaat: ${name}` })).toBeVisible();
    await expect(
      page.getByText("Het gemiddelde van de peers verschijnt zodra ten minste 3 peers hebben geantwoord."),
    ).toBeVisible();
    await expect(page.getByRole("img", { name: "Zelf, peers en leidinggevende per criterium" })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Peers (gemiddelde)" })).toBeVisible();
  });
});
