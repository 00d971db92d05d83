import { demoUsers } from "../../seed/demo-data";
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
      await toDashboard();
      await expect(page).toHaveURL(/\/dashboard/);
      await expect(dialog).toBeHidden();
    },
  );
});
