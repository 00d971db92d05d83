import { demoUsers, medewerkerTeam } from "../../seed/demo-data";
import { createEmployee, expect, signIn, test } from "./fixtures";

test.describe("growth, team development and files", () => {
  test("an employee records an ambition; an empty one is refused next to the field", async ({ page }) => {
    const user = await createEmployee("growth");
    await signIn(page, user.email, { at: "/my/growth" });
    await expect(page.getByRole("heading", { level: 1, name: "Mijn groei" })).toBeVisible();
    await expect(page.getByTestId("current-ambition")).toHaveText("Geen ambitie gekozen");

    await page.getByRole("button", { name: "Ambitie opslaan" }).click();
    await expect(
      page.getByText("Vul een rol, een functie, een competentie of een toelichting in.").first(),
    ).toBeVisible();

    await page.getByLabel("Rol", { exact: true }).fill("Teamleider");
    await page.getByLabel("Functie").selectOption({ label: "Teamleider" });
    await page.getByLabel("Competentie", { exact: true }).selectOption({ label: "Communiceren" });
    await page.getByLabel("Toelichting").fill("Over twee jaar een eigen team leiden");
    await page.getByRole("button", { name: "Ambitie opslaan" }).click();
    await expect(page.getByTestId("current-ambition")).toContainText(
      "Teamleider · functie Teamleider · competentie Communiceren",
    );
    // A new employee has no position yet: the position asks no level of it.
    await expect(page.getByTestId("ambition-gap")).toHaveText("Je functie vraagt geen niveau voor deze competentie.");
    await expect(page.getByTestId("current-ambition")).toContainText("Over twee jaar een eigen team leiden");
    await expect(page.getByLabel("Toelichting")).toHaveValue("Over twee jaar een eigen team leiden");
  });

  test("an employee walks the team development steps of her team", async ({ page }) => {
    await signIn(page, demoUsers.medewerker, { at: "/team-development" });
    await expect(page.getByRole("heading", { level: 1, name: "Teamontwikkeling" })).toBeVisible();
    await expect(page.getByLabel("Team", { exact: true })).toHaveValue(/.+/);
    const steps = ["Doelen stellen", "Teamreview", "Zelfbeoordelingen", "Gesprekken", "Opvolgen"];
    await expect(page.getByRole("heading", { level: 2, name: `Stap 1: ${steps[0]}` })).toBeVisible();
    await expect(page.getByTestId("step-progress")).toHaveText(`${medewerkerTeam} heeft deze stap gedaan.`);
    await expect(page.getByRole("link", { name: "Doelen en ambities van het team" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Teamreview aanmaken" })).toHaveCount(0);
    for (const [index, title] of steps.slice(1).entries()) {
      await page.getByRole("link", { name: "Volgende" }).click();
      await expect(page.getByRole("heading", { level: 2, name: `Stap ${index + 2}: ${title}` })).toBeVisible();
      // The dialog step counts the team's members with a dialog (decision 1343).
      if (title === "Gesprekken")
        await expect(page.getByTestId("dialog-progress")).toHaveText(
          /^\d+ van de \d+ teamleden hebben een dialoog; \d+ afgerond\.$/,
        );
    }
    await expect(page.getByRole("link", { name: "Volgende" })).toHaveCount(0);
    await expect(
      page.getByRole("list", { name: "Pagina's bij deze stap" }).getByRole("link", { name: "Taken" }),
    ).toBeVisible();
  });

  test("HR downloads the manual as a file in Dutch", async ({ page }) => {
    await signIn(page, demoUsers.hr, { at: "/file/manual" });
    await expect(page.getByRole("heading", { level: 1, name: "Handleiding Teamontwikkeling" })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download (Nederlands)" }).click();
    expect((await download).suggestedFilename()).toBe("manual-nl.html");
  });
});
