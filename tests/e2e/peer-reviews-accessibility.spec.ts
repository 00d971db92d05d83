import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// Runs in the js project only (axe runs inside the page; see playwright.config.ts).
test("the peer questionnaire, finish, result and nomination pages have no serious accessibility violations", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, demoUsers.medewerker);
  await page.goto("/peerreview");
  const peerRow = page.getByRole("row").filter({ hasText: "Peer feedback" }).filter({ hasText: "Peer" }).last();
  const questionnaire = (await peerRow.getByRole("link", { name: /Vragenlijst/ }).getAttribute("href"))!;
  const result = (await page.getByRole("link", { name: "Mijn resultaat" }).first().getAttribute("href"))!;
  // The demo round is open and reviews her: she may propose peers (docs/decisions/1202).
  const nominate = (await page
    .getByRole("link", { name: /^Collega's voorstellen als peer in/ })
    .first()
    .getAttribute("href"))!;
  for (const path of ["/peerreview", questionnaire, `${questionnaire}/finish`, result, nominate]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect([path, await seriousViolations(page)]).toEqual([path, []]);
  }
});
