import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { teams } from "#db/schema";
import { demoUsers } from "../../seed/demo-data";
import { demoKnowledgeTeam } from "../../seed/demo/knowledge-areas";
import { expect, signIn, test } from "./fixtures";

test("the knowledge card's print view holds the card and prints on A4 without navigation", async ({ page }) => {
  const [team] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, demoKnowledgeTeam));
  await signIn(page, demoUsers.leider, { at: `/knowledge-areas/teams/${team.id}/card` });
  await page.getByRole("link", { name: "Afdrukversie" }).click();
  await expect(page).toHaveURL(new RegExp(`/knowledge-areas/teams/${team.id}/print$`));

  // The card: the chart, each area's figures and the members' levels.
  await expect(page.getByRole("heading", { level: 1, name: `Kenniskaart ${demoKnowledgeTeam}` })).toBeVisible();
  await expect(page.getByRole("img", { name: "Nodig en beschikbaar per kennisgebied" })).toBeVisible();
  const rows = page.getByTestId("knowledge-area-row");
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: "Medicatiebeheer" })).toContainText("Medicatiebeheer23-12 (Gevorderd)1 (Basis)");
  await expect(page.getByRole("heading", { level: 2, name: "Niveau per medewerker" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toBeVisible();

  // Printed: no navigation, no back link, and the chart within the page's width.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Hoofdmenu" })).toBeHidden();
  await expect(page.getByRole("link", { name: "Terug naar de kenniskaart" })).toBeHidden();
  const chart = await page.getByRole("img", { name: "Nodig en beschikbaar per kennisgebied" }).boundingBox();
  const article = await page.locator("article.knowledge-print").boundingBox();
  expect(chart!.width).toBeLessThanOrEqual(article!.width);

  // The PDF: two A4 pages (210 × 297 mm), the card on the first, the members' levels on the second.
  const pdf = (await page.pdf({ preferCSSPageSize: true, printBackground: true })).toString("latin1");
  const mm = (points: string) => Math.round((Number(points) / 72) * 25.4);
  const pages = [...pdf.matchAll(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [mm(m[1]), mm(m[2])]);
  expect(pages).toEqual([
    [210, 297],
    [210, 297],
  ]);
});

test("@js-only the print view's Print button opens the browser's print dialog", async ({ page }) => {
  const [team] = await getDb().select({ id: teams.id }).from(teams).where(eq(teams.name, demoKnowledgeTeam));
  await page.addInitScript(() => {
    window.print = () => document.documentElement.setAttribute("data-printed", "yes");
  });
  await signIn(page, demoUsers.leider, { at: `/knowledge-areas/teams/${team.id}/print` });
  await page.getByRole("button", { name: "Afdrukken" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-printed", "yes");
});
