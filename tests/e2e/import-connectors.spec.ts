import { demoUsers } from "../../seed/demo-data";
import { startFakeHrSystem } from "../support/fake-hr-systems";
import { expect, signIn, test } from "./fixtures";

/*
 * HR connects a payroll/HR system, tests the connection, schedules it and imports its people into the
 * wizard's review steps. The remote system is a local server that answers like it (real HTTP). With
 * JavaScript the Polaris page is used, without it AFAS Profit (its own settings, so the two runs never
 * share one connector): together every form of both pages is submitted with and without JavaScript.
 */
test("a connector is set up, tested, scheduled and its people imported into the review steps", async ({
  page,
}, info) => {
  const kind = info.project.name === "js" ? "polaris" : "afas";
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const token = `e2e-token-${stamp}`;
  const fake = await startFakeHrSystem({
    kind,
    token,
    teams: [{ id: "T1", name: `Connectorteam ${stamp}` }],
    rows:
      kind === "afas"
        ? [{ Medewerker: `AF-${stamp}`, Roepnaam: "Aaf", Achternaam: "Afas", Email_werk: `afas-${stamp}@e2e.demo.nl` }]
        : [
            {
              employeeNumber: `PO-${stamp}`,
              firstName: "Pol",
              lastName: "Polaris",
              email: `polaris-${stamp}@e2e.demo.nl`,
              teamId: "T1",
            },
          ],
  });
  try {
    await signIn(page, demoUsers.hr, { at: "/import" });
    // The first link: the history below may list an earlier import from the same system.
    await page
      .getByRole("link", { name: kind === "afas" ? "AFAS Profit" : "Polaris" })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(kind === "afas" ? "AFAS Profit" : "Polaris");

    const url = page.getByLabel(kind === "afas" ? "Omgevings-URL" : "API-adres");
    await url.fill("geen adres");
    await page.getByRole("button", { name: "Koppeling opslaan" }).click();
    await expect(page.getByText("Vul een geldig http- of https-adres in.").first()).toBeVisible();
    await url.fill(fake.url);
    await page.getByLabel(kind === "afas" ? "Token" : "API-sleutel", { exact: true }).fill(token);
    if (kind === "afas") await page.getByLabel("Naam van de GetConnector").fill("Profit_Employees");
    await page.getByRole("button", { name: "Koppeling opslaan" }).click();
    await expect(page.getByText("De koppeling is opgeslagen.")).toBeVisible();
    // The token is never shown back.
    await expect(page.getByLabel(kind === "afas" ? "Token" : "API-sleutel", { exact: true })).toHaveValue("");

    await page.getByRole("button", { name: "Verbinding testen" }).click();
    await expect(page.getByText("De verbinding werkt.")).toBeVisible();

    await page.getByLabel("Hoe vaak").selectOption("weekly");
    await page.getByLabel("Dag", { exact: true }).selectOption("3");
    await page.getByLabel("Tijd").fill("06:30");
    await page.getByRole("button", { name: "Planning opslaan" }).click();
    await expect(page.getByText("De planning is opgeslagen.")).toBeVisible();
    await expect(page.getByLabel("Hoe vaak")).toHaveValue("weekly");

    await page.getByRole("button", { name: "Nu importeren" }).click();
    if (kind === "afas") {
      // AFAS field names are mapped like spreadsheet columns (the defaults know these).
      await expect(page.getByRole("button", { name: "Vergelijken" })).toBeVisible({ timeout: 30_000 });
      await page.getByRole("button", { name: "Vergelijken" }).click();
    }
    // Polaris passes its stages and lands in the review; AFAS after the columns step.
    await expect(page.getByRole("heading", { name: "Ontbrekend" })).toBeVisible({ timeout: 30_000 });
    await page.goto(page.url().replace(/\?.*$/, "") + "?step=new");
    await expect(
      page.getByRole("row", { name: new RegExp(kind === "afas" ? "Aaf Afas" : "Pol Polaris") }),
    ).toBeVisible();
    expect(fake.requests.length).toBeGreaterThan(0);
  } finally {
    await fake.close();
  }
});
