import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// axe runs inside the page: like accessibility.spec.ts, this file runs in the js project only.
test("my growth and team development have no serious accessibility violations", async ({ page }) => {
  await signIn(page, demoUsers.medewerker);
  await page.goto("/my/growth");
  await expect(page.getByRole("heading", { level: 1, name: "Mijn groei" })).toBeVisible();
  await expect(page.getByTestId("current-ambition")).toContainText("Teamleider");
  expect(await seriousViolations(page), "/my/growth").toEqual([]);

  await page.goto("/team-development/team-review");
  await expect(page.getByRole("heading", { level: 2, name: "Stap 2: Teamreview" })).toBeVisible();
  expect(await seriousViolations(page), "/team-development/team-review").toEqual([]);

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 2, name: "Mijn groei" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Mijn laatste flow" })).toBeVisible();
  expect(await seriousViolations(page), "/dashboard").toEqual([]);
});
