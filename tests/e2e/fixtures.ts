import { test as base, expect, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters } from "#db/schema";
import { DEMO_PASSWORD, demoClusters } from "#db/seed-data";
import { createUserWithMembership } from "../factories";

/** Signs in through the real form, as a person would (works with JavaScript on and off). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD, landsOn: RegExp = /\/dashboard/) {
  await page.goto("/login");
  await page.getByLabel("E-mailadres").fill(email);
  await page.getByLabel("Wachtwoord").fill(password);
  await page.getByRole("button", { name: "Inloggen", exact: true }).click();
  await expect(page).toHaveURL(landsOn);
}

/** A fresh employee in the first demo cluster, for tests that change a user. */
export async function createEmployee(prefix: string) {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const { user } = await createUserWithMembership(getDb(), {
    accountId: cluster.accountId,
    clusterId: cluster.id,
    email: `${prefix}-${stamp}@e2e.demo.nl`,
    firstName: "Femke",
    lastName: "Test",
  });
  return user;
}

/**
 * With JavaScript on, `page.goto` returns once React has hydrated the page (root.tsx marks <html>), so
 * a test never clicks a control whose handler is not attached yet. On a busy machine hydration can lag
 * the load event by seconds, and a click before it is lost to the autosave and fetcher forms.
 */
export const test = base.extend({
  page: async ({ page, baseURL }, provide, testInfo) => {
    if (testInfo.project.use.javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        const ours = baseURL !== undefined && new URL(page.url()).origin === new URL(baseURL).origin;
        const html = response?.headers()["content-type"]?.startsWith("text/html") ?? false;
        if (ours && html) await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });
        return response;
      };
    }
    await provide(page);
  },
});
export { expect };
