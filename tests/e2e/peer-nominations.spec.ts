import { demoReviewNames, demoUsers, medewerkerTeam } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

test.describe("peer nominations", () => {
  test("the reviewed person proposes a colleague, the leader approves; invitations are sent and resent once a day", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = `Peers voorstellen ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

    await signIn(page, demoUsers.hr, { at: "/peerreviews/create" });
    const details = page.locator("form").filter({ has: page.getByRole("button", { name: "Volgende stap" }) });
    await details.getByLabel("Naam of omschrijving").fill(name);
    await details.getByLabel("Deadline").fill("01-06-2099");
    await details.getByLabel(medewerkerTeam, { exact: true }).check();
    await details.getByLabel("Criteriaset").selectOption({ label: demoReviewNames.set });
    await page.getByRole("button", { name: "Volgende stap" }).click();
    await expect(page.getByRole("group", { name: "Deelnemers" }).getByRole("checkbox").first()).toBeChecked();
    await page.getByRole("button", { name: "Peer review aanmaken en peers kiezen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De peer review is aangemaakt" })).toBeVisible();
    const roundPath = new URL(page.url()).pathname.replace(/\/peers$/, "");

    // Lotte Jansen (medewerker@demo.nl) proposes the first colleague listed.
    await page.context().clearCookies();
    await signIn(page, demoUsers.medewerker, { at: "/peerreview" });
    await page.getByRole("link", { name: `Collega's voorstellen als peer in ${name}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Peers voorstellen" })).toBeVisible();
    const colleague = page.getByRole("group", { name: "Collega's" }).getByRole("checkbox").first();
    const colleagueName = (
      (await page.locator(`label[for="${await colleague.getAttribute("id")}"]`).textContent()) ?? ""
    ).trim();
    await colleague.check();
    await page.getByRole("button", { name: "Voorstel opslaan" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Je voorstel is opgeslagen (1 voorgesteld)" }),
    ).toBeVisible();

    // Pieter de Jong (leider@demo.nl) leads her team and approves.
    await page.context().clearCookies();
    await signIn(page, demoUsers.leider, { at: roundPath });
    await expect(page.getByText(`Lotte Jansen stelt ${colleagueName} voor`)).toBeVisible();
    await page.getByRole("button", { name: `Voorstel van Lotte Jansen voor ${colleagueName} goedkeuren` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Het voorstel is goedgekeurd" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Voorgestelde peers" })).toHaveCount(0);
    await expect(page.getByRole("row").filter({ hasText: "Lotte Jansen" }).getByRole("cell").nth(1)).toHaveText("1");

    // Invitations, then a resend the same day mails nobody again.
    await page.getByRole("button", { name: "Uitnodigingen versturen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "De uitnodigingen worden verstuurd" })).toBeVisible();
    await page.getByRole("button", { name: "Uitnodigingen opnieuw versturen" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Opnieuw uitgenodigd: 0" })).toBeVisible();

    // Her page shows the colleague as chosen.
    await page.context().clearCookies();
    await signIn(page, demoUsers.medewerker, { at: "/peerreview" });
    await page.getByRole("link", { name: `Collega's voorstellen als peer in ${name}` }).click();
    await expect(page.getByText(`${colleagueName} (gekozen)`)).toBeVisible();
  });
});
