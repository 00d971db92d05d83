import { sql } from "drizzle-orm";
import pg from "pg";
import { getDb } from "#db/client.server";
import { seedLarge } from "../../seed/large";
import { largeSize } from "../../seed/large-size";
import { expect, signIn, test } from "./fixtures";

/**
 * HR analytics' development tab at more teams than a page holds (docs/decisions/1915): the 50 teams with the most
 * reviewed people, a notice saying so, and the team filter (a GET form, JavaScript on and off) opening any other
 * team. The data: the large seed at 1,000 people (Groot BV 1k, 80 teams, one finished round), seeded once per
 * database whichever worker comes first.
 */
const size = largeSize(1_000);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const url = process.env.DATABASE_URL!;
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    // Another worker may be seeding it: wait for it, then find it there (seedLarge does nothing when it exists).
    await lock.query("select pg_advisory_lock(hashtext('e2e: large seed 1k'))");
    await seedLarge(url, size);
  } finally {
    await lock.end();
  }
});

test("the development tab shows a page of teams, says how many in all, and the team filter opens any other", async ({
  page,
}) => {
  await signIn(page, size.hrEmail, { at: "/analytics/users/development" });
  const table = page.getByTestId("development-table");
  // 50 teams and the total under the header row.
  await expect(table.getByRole("row")).toHaveCount(52);
  // Of the teams with a finished team review (a seeded team whose members were all placed elsewhere has none).
  await expect(page.getByTestId("teams-shown-notice")).toContainText(/50 van de \d+ teams getoond\./);
  await expect(page.getByTestId("teams-shown-notice")).toContainText("meeste beoordeelde medewerkers");

  const shown = new Set((await table.locator("tbody th").allTextContents()).map((name) => name.trim()));
  const { rows } = await getDb().execute<{ name: string }>(sql`
    select t.name from teams t join accounts a on a.id = t.account_id
    where a.name = ${size.accountName} and t.deleted_at is null
      and exists (select 1 from reviews r join review_subjects s on s.review_id = r.id
                  where r.team_id = t.id and r.type = 'team' and r.is_finished)
    order by t.name`);
  const other = rows.map((r) => r.name).find((name) => !shown.has(name));
  expect(other, "a team left off the page").toBeTruthy();

  await page.getByLabel("Team", { exact: true }).fill(other!);
  await page.getByRole("button", { name: "Toon" }).click();
  await expect(page).toHaveURL(/\/analytics\/users\/development\?.*teamName=/);
  await expect(table.getByRole("row")).toHaveCount(3);
  await expect(table.locator("tbody th").first()).toHaveText(other!);
  await expect(page.getByTestId("teams-shown-notice")).toHaveCount(0);
  await expect(page.getByTestId("export-links").getByRole("link", { name: "Exporteren naar CSV" })).toHaveAttribute(
    "href",
    /\/resources\/hr-analytics-export\/development\?team=[0-9a-f-]{36}&format=csv$/,
  );
});
