import { and, eq, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, memberships } from "#db/schema";
import { demoClusters, demoTeams, demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

async function activeInNoord() {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const [{ n }] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.clusterId, cluster.id), eq(memberships.status, "active"), sql`deleted_at is null`));
  return n;
}

// Runs with JavaScript on and off: the tabs are links and both filters are GET forms.
test("HR reads the workforce and the development roles, the weakest criteria of a period, and compares two teams", async ({
  page,
}) => {
  const active = await activeInNoord();
  await signIn(page, demoUsers.hr);
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "HR", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "HR-analyse" })).toBeVisible();
  await expect(page.getByTestId("figure-active")).toContainText(String(active));
  await expect(page.getByRole("heading", { level: 2, name: "Leeftijd" })).toBeVisible();

  await page.getByRole("link", { name: "Ontwikkelrollen" }).click();
  await expect(page.getByTestId("development-summary")).toContainText(`van de ${active} actieve medewerkers`);
  await expect(page.getByTestId("roles-table")).toContainText(demoTeams.noord[0]);

  await page
    .getByRole("navigation", { name: "Hoofdmenu" })
    .getByRole("link", { name: "Criteria", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Criteria-analyse" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Prestatie" })).toBeVisible();
  await expect(page.getByTestId("criterion-row").first()).toBeVisible();
  await page.getByLabel("Periode").selectOption({ label: "Alle afgeronde beoordelingen" });
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/criteria\/performance\?period=all$/);
  // Another dimension keeps the period.
  await page.getByRole("link", { name: "Potentieel" }).click();
  await expect(page).toHaveURL(/\/analytics\/criteria\/potential\?period=all$/);
  await expect(page.getByRole("heading", { level: 2, name: "Potentieel" })).toBeVisible();
  await expect(page.getByLabel("Periode")).toHaveValue("all");

  await page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Teamvergelijking" }).click();
  await expect(page.getByTestId("comparison-prompt")).toHaveText("Kies minstens twee teams om te vergelijken.");
  await page.getByRole("checkbox", { name: demoTeams.noord[0] }).check();
  await page.getByRole("checkbox", { name: demoTeams.noord[2] }).check();
  await page.getByRole("button", { name: "Vergelijk teams" }).click();
  const table = page.getByTestId("comparison-table");
  await expect(table.getByRole("columnheader", { name: demoTeams.noord[0] })).toBeVisible();
  await expect(table.getByRole("columnheader", { name: demoTeams.noord[2] })).toBeVisible();
  await expect(table.getByTestId("average-1")).toContainText("%");
  // The choice is kept in the form, and the comparison is a link.
  await expect(page.getByRole("checkbox", { name: demoTeams.noord[2] })).toBeChecked();
  await expect(page).toHaveURL(/team=.*&team=/);
});
