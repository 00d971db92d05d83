import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, tags } from "#db/schema";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { createTeam } from "../factories";
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test.describe("unsaved changes", () => {
  test(
    "typed input asks before a menu click leaves it; staying keeps it, leaving goes, saving never asks",
    { tag: "@js-only" },
    async ({ page }) => {
      const title = `Notitie ${stamp()}`;
      await signIn(page, demoUsers.leider, { at: "/tasks/notes/new" });
      const menu = page.getByRole("navigation", { name: "Hoofdmenu" });
      const toDashboard = () => menu.getByRole("link", { name: "Dashboard", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: "Wijzigingen niet opgeslagen" });
      const stay = dialog.getByRole("button", { name: "Op deze pagina blijven" });
      const titleField = page.getByLabel("Titel");

      // Nothing typed: the menu simply goes.
      await toDashboard();
      await expect(page).toHaveURL(/\/dashboard/);
      await page.goto("/tasks/notes/new");

      await titleField.fill(title);
      await toDashboard();
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Wil je de pagina verlaten en je wijzigingen kwijtraken?");
      await expect(stay).toBeFocused();
      await stay.click();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/tasks\/notes\/new$/);
      await expect(titleField).toHaveValue(title);

      // Escape stays too.
      await toDashboard();
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(titleField).toHaveValue(title);

      // A refused submit leaves the input unsaved, so the menu still asks; leaving goes.
      await titleField.fill("");
      await page.getByLabel("Omschrijving").fill("Alleen een omschrijving");
      await page.getByRole("button", { name: /opslaan/i }).click();
      await expect(page.getByText("Vul een titel in").first()).toBeVisible();
      await toDashboard();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Verlaten zonder opslaan" }).click();
      await expect(page).toHaveURL(/\/dashboard/);

      // Saving never asks, and what was saved asks nothing afterwards.
      await page.goto("/tasks/notes/new");
      await titleField.fill(title);
      await page.getByRole("button", { name: /opslaan/i }).click();
      await expect(page.getByRole("status")).toContainText("Notitie opgeslagen");
      // The toast times out (6 s) for the eye only: the status region keeps it for screen readers.
      await expect(page.getByRole("status").getByText("Notitie opgeslagen")).toHaveClass("sr-only", {
        timeout: 10_000,
      });
      await expect(page.getByRole("status")).toContainText("Notitie opgeslagen");
      await toDashboard();
      await expect(page).toHaveURL(/\/dashboard/);
      await expect(dialog).toBeHidden();
    },
  );
});

async function freshTeams(...names: string[]) {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const made = [];
  for (const name of names)
    made.push(
      await createTeam(getDb(), { accountId: cluster.accountId, clusterId: cluster.id, name: `${name} ${stamp()}` }),
    );
  return made;
}

/** Fresh personnel tags in the hr user's cluster. */
async function freshTags(...names: string[]) {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const rows = names.map((name) => ({
    accountId: cluster.accountId,
    clusterId: cluster.id,
    kind: "personnel" as const,
    name: `${name} ${stamp()}`,
  }));
  return getDb().insert(tags).values(rows).returning();
}

/** A started development dialog of the leader with Lotte Jansen. */
async function startDialog(page: Page) {
  await signIn(page, demoUsers.leider, { at: "/dialogs/create" });
  await page.getByLabel("Medewerker").selectOption({ label: "Lotte Jansen" });
  await page.getByLabel("Doelstelling").fill(`Archief ${stamp()}`);
  await page.getByRole("button", { name: "Dialoog starten" }).click();
  await expect(page).toHaveURL(/\/dialogs\/[0-9a-f-]{36}$/);
}

test.describe("confirmations", () => {
  test(
    "delete, merge and archive ask in a dialog on the page: Escape and cancel keep everything, confirming acts",
    { tag: "@js-only" },
    async ({ page }) => {
      const [gone, stays, other] = await freshTeams("Weg", "Blijft", "Ander");
      await signIn(page, demoUsers.hr, { at: `/personnel/teams/${gone.id}/settings` });

      // Delete: Escape closes and the focus is back on the link; cancel closes; confirming deletes.
      const deleteLink = page.getByRole("link", { name: "Team verwijderen" });
      const deleteDialog = page.getByRole("dialog", { name: `${gone.name} verwijderen?` });
      await deleteLink.click();
      await expect(deleteDialog).toBeVisible();
      await expect(deleteDialog).toContainText("Teamleden en teamleiders blijven in de organisatie");
      await page.keyboard.press("Escape");
      await expect(deleteDialog).toBeHidden();
      await expect(deleteLink).toBeFocused();
      await expect(page).toHaveURL(new RegExp(`/personnel/teams/${gone.id}/settings$`));
      await deleteLink.click();
      await deleteDialog.getByRole("button", { name: "Annuleren" }).click();
      await expect(deleteDialog).toBeHidden();
      await deleteLink.click();
      await deleteDialog.getByRole("button", { name: "Ja, team verwijderen" }).click();
      await expect(page).toHaveURL(/\/personnel\/teams$/);
      await expect(page.getByRole("status")).toContainText(`Team ${gone.name} is verwijderd`);

      // Merge: the choice and its preview stay in the dialog; confirming merges.
      await page.goto(`/personnel/teams/${stays.id}/settings`);
      const mergeLink = page.getByRole("link", { name: "Samenvoegen met een ander team" });
      await mergeLink.click();
      const mergeDialog = page.getByRole("dialog", { name: `${stays.name} samenvoegen` });
      await mergeDialog.getByLabel("Samenvoegen met").selectOption({ label: other.name });
      await mergeDialog.getByRole("button", { name: "Bekijk wat er verandert" }).click();
      await expect(mergeDialog).toContainText(`${other.name} verdwijnt.`);
      await expect(page).toHaveURL(new RegExp(`/personnel/teams/${stays.id}/settings$`));
      await page.keyboard.press("Escape");
      await expect(mergeDialog).toBeHidden();
      await expect(mergeLink).toBeFocused();
      await mergeLink.click();
      await mergeDialog.getByLabel("Samenvoegen met").selectOption({ label: other.name });
      await mergeDialog.getByRole("button", { name: "Bekijk wat er verandert" }).click();
      await mergeDialog.getByRole("button", { name: "Teams samenvoegen" }).click();
      await expect(page.getByRole("status")).toContainText("De teams zijn samengevoegd");

      // Archive: the dialog acted on one click before; now it asks.
      await startDialog(page);
      const archiveLink = page.getByRole("link", { name: "Dialoog archiveren" });
      const archiveDialog = page.getByRole("dialog", { name: "Dialoog archiveren?" });
      await archiveLink.click();
      await expect(archiveDialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(archiveLink).toBeFocused();
      await expect(page.getByTestId("dialog-state")).toHaveText("Gestart");
      await archiveLink.click();
      await archiveDialog.getByRole("button", { name: "Ja, dialoog archiveren" }).click();
      await expect(page.getByTestId("dialog-state")).toHaveText("Gearchiveerd");
    },
  );

  test(
    "a bulk delete and a tag's merge ask in a dialog too: the selection's own list, Escape keeps, confirming acts",
    { tag: "@js-only" },
    async ({ page }) => {
      const [a, b, kept, merged] = await freshTags("Bulk", "Bulk", "Blijft", "Gaat op");
      await signIn(page, demoUsers.hr, { at: "/personnel/tags" });
      await page.getByLabel(`${a.name} selecteren`).check();
      await page.getByLabel(`${b.name} selecteren`).check();
      const submit = page.getByRole("button", { name: "Geselecteerde tags verwijderen" });
      const bulk = page.getByRole("dialog", { name: "2 tags verwijderen?" });
      await submit.click();
      // The selection's own list, in the page's order (by name; the random stamps decide which comes first).
      await expect(bulk.getByRole("listitem")).toHaveCount(2);
      for (const tag of [a, b]) await expect(bulk.getByRole("listitem").filter({ hasText: tag.name })).toHaveCount(1);
      await page.keyboard.press("Escape");
      await expect(bulk).toBeHidden();
      await expect(page).toHaveURL(/\/personnel\/tags$/);
      await submit.click();
      await bulk.getByRole("button", { name: "Ja, verwijderen" }).click();
      await expect(page.getByRole("status")).toContainText("2 tags verwijderd");
      await expect(page.getByRole("link", { name: a.name })).toHaveCount(0);

      await page.goto(`/personnel/tags/${kept.id}`);
      await page.getByRole("link", { name: "Samenvoegen met een andere tag" }).click();
      const merge = page.getByRole("dialog", { name: `${kept.name} samenvoegen` });
      await merge.getByLabel("Samenvoegen met").selectOption({ label: merged.name });
      await merge.getByRole("button", { name: "Bekijk wat er verandert" }).click();
      await merge.getByRole("button", { name: "Tags samenvoegen" }).click();
      await expect(page.getByRole("status")).toContainText("De tags zijn samengevoegd");
      await expect(page).toHaveURL(new RegExp(`/personnel/tags/${kept.id}$`));
    },
  );

  test("without JavaScript the confirmations are pages and steps of their own", async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== "no-js", "the dialogs are tested above");
    const [gone] = await freshTeams("Weg");
    await signIn(page, demoUsers.hr, { at: `/personnel/teams/${gone.id}/settings` });
    await page.getByRole("link", { name: "Team verwijderen" }).click();
    await expect(page).toHaveURL(new RegExp(`/personnel/teams/${gone.id}/delete$`));
    await expect(page.getByRole("heading", { level: 1, name: `${gone.name} verwijderen?` })).toBeVisible();
    await page.getByRole("button", { name: "Ja, team verwijderen" }).click();
    await expect(page.getByRole("status")).toContainText(`Team ${gone.name} is verwijderd`);

    // A bulk delete: the selection goes to its page.
    const [tag] = await freshTags("Bulk");
    await page.goto("/personnel/tags");
    await page.getByLabel(`${tag.name} selecteren`).check();
    await page.getByRole("button", { name: "Geselecteerde tags verwijderen" }).click();
    await expect(page).toHaveURL(/\/personnel\/tags\/delete\?ids=/);
    await expect(page.getByRole("heading", { level: 1, name: "1 tags verwijderen?" })).toBeVisible();
    await page.getByRole("button", { name: "Ja, verwijderen" }).click();
    await expect(page.getByRole("status")).toContainText("1 tags verwijderd");

    await startDialog(page);
    await page.getByRole("link", { name: "Dialoog archiveren" }).click();
    await expect(page).toHaveURL(/\?confirm=archive$/);
    const step = page.getByRole("region", { name: "Dialoog archiveren?" });
    await expect(step).toContainText("Een gearchiveerde dialoog kan niet meer gewijzigd worden");
    await step.getByRole("link", { name: "Annuleren" }).click();
    await expect(page.getByRole("region", { name: "Dialoog archiveren?" })).toHaveCount(0);
    await page.getByRole("link", { name: "Dialoog archiveren" }).click();
    await page.getByRole("button", { name: "Ja, dialoog archiveren" }).click();
    await expect(page.getByTestId("dialog-state")).toHaveText("Gearchiveerd");
  });
});
