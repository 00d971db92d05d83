import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { memberships, tasks } from "#db/schema";
import { demoTasks } from "../../seed/demo/tasks";
import { demoUsers } from "../../seed/demo-data";
import { unsubscribePath } from "~/features/digests/unsubscribe.server";
import { createEmployee, expect, signIn, test } from "./fixtures";
import { seriousViolations } from "./support/axe";

// axe runs inside the page: the no-js project skips files named *accessibility.spec.ts (playwright.config.ts).
const pages = [
  "/tasks/inbox?done=1",
  "/tasks/send",
  "/tasks/notes",
  "/tasks/archive",
  "/tasks/inbox/new",
  "/tasks/inbox/{task}",
];

for (const path of pages) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    const [task] = await getDb().select().from(tasks).where(eq(tasks.title, demoTasks.overdueForMedewerker));
    await signIn(page, demoUsers.medewerker);
    await page.goto(path.replace("{task}", task.id));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the digest's unsubscribe page has no serious accessibility violations", async ({ page }) => {
  const user = await createEmployee("unsubscribe-axe");
  const [membership] = await getDb().select().from(memberships).where(eq(memberships.userId, user.id));
  await page.goto(unsubscribePath(membership.id));
  await expect(page.getByRole("button", { name: "Afmelden" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
