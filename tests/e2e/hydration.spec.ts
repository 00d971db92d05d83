import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, contracts, positions, reviews, reviewSubjects } from "#db/schema";
import { demoClusters, demoUsers } from "../../seed/demo-data";
import { namespaces, supportedLanguages } from "~/utils/i18n";
import { createUserWithMembership } from "../factories";
import { expect, signIn, test } from "./fixtures";
import { createLeaderRound } from "./support/reviews";

/*
 * Pages that threw React's hydration errors (#418/#423/#425) with JavaScript on: the shared fixture
 * fails these tests on any browser error. Without JavaScript they check what the server renders.
 */

async function noordEmployee(lastName: string) {
  const [cluster] = await getDb().select().from(clusters).where(eq(clusters.name, demoClusters.noord));
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  return createUserWithMembership(getDb(), {
    accountId: cluster.accountId,
    clusterId: cluster.id,
    email: `hydration-${stamp}@e2e.demo.nl`,
    firstName: "Femke",
    lastName,
  });
}

test.describe("pages render the same on server and browser", { tag: "@js-only" }, () => {
  test("paged lists (teams, positions, account users) hydrate without an error", async ({ page }) => {
    await signIn(page, demoUsers.admin);
    for (const path of ["/personnel/teams", "/personnel/positions", "/account/users"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toBeVisible();
      // The page size from a .server module was undefined in the browser: "Pagina 1 van NaN".
      await expect(page.locator("main"), path).not.toContainText("NaN");
    }
  });

  test("the contracts tab writes the FTE in the page's language", async ({ page }) => {
    const { membership } = await noordEmployee("Contract");
    const [position] = await getDb()
      .select({ id: positions.id })
      .from(positions)
      .where(eq(positions.clusterId, membership.clusterId))
      .limit(1);
    await getDb().insert(contracts).values({
      accountId: membership.accountId,
      clusterId: membership.clusterId,
      membershipId: membership.id,
      positionId: position.id,
      startDate: "2026-01-01",
      endDate: "2026-12-31",
      fte: "0.80",
    });
    await signIn(page, demoUsers.hr, { at: `/personnel/user/${membership.id}/contracts` });
    const row = page.getByRole("table").getByRole("row").nth(1);
    await expect(row).toContainText("0,8");
    await expect(row).not.toContainText("0.8");
  });

  test("the employee report and the compare page show dates as the day in Amsterdam", async ({ page }) => {
    test.setTimeout(90_000);
    const earlier = await createLeaderRound({ scoreAll: 1, finish: true });
    const later = await createLeaderRound({ scoreAll: 1, finish: true });
    const [subject] = await getDb()
      .select({ membershipId: reviewSubjects.membershipId })
      .from(reviewSubjects)
      .where(eq(reviewSubjects.reviewId, later.teamReviews[0].id));
    const [laterReview] = await getDb().select().from(reviews).where(eq(reviews.id, later.teamReviews[0].id));
    // 23:30 UTC yesterday is already today in Amsterdam; a server or browser using its own time zone
    // (UTC here) shows yesterday. The earlier review is made the one just before the later one.
    const now = new Date();
    const finishedAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 23, 30));
    const amsterdamDay = new Date(finishedAt.getTime() + 3 * 3600_000);
    const expected = [amsterdamDay.getUTCDate(), amsterdamDay.getUTCMonth() + 1]
      .map((n) => String(n).padStart(2, "0"))
      .concat(String(amsterdamDay.getUTCFullYear()))
      .join("-");
    for (const review of [...earlier.teamReviews, ...later.teamReviews]) {
      await getDb()
        .update(reviews)
        .set({
          finishedAt,
          ...(earlier.teamReviews.includes(review) ? { createdAt: new Date(laterReview.createdAt.getTime() - 1) } : {}),
        })
        .where(eq(reviews.id, review.id));
    }
    await signIn(page, demoUsers.hr, {
      at: `/review/report/${later.teamReviews[0].id}/employee/${subject.membershipId}`,
    });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("dd").filter({ hasText: expected })).toHaveCount(1);

    await page.goto(`/review/${later.teamReviews[0].id}/compare/${subject.membershipId}`);
    await expect(page.getByTestId("previous")).toContainText(expected);
  });

  test("names with an apostrophe show as typed, not HTML-escaped twice", async ({ page }) => {
    const { membership } = await noordEmployee("d'Hondt");
    await signIn(page, demoUsers.hr, { at: `/personnel/user/${membership.id}/delete` });
    await expect(page.getByText("Weet je zeker dat je Femke d'Hondt wilt verwijderen?")).toBeVisible();
    await expect(page.locator("main")).not.toContainText("&#39;");
  });

  test("a page below the signed-in layout that answers 404 keeps the navigation", async ({ page }) => {
    await signIn(page, demoUsers.hr);
    const response = await page.goto(`/personnel/teams/${crypto.randomUUID()}/members`);
    expect(response?.status()).toBe(404);
    // The page names what is gone (spec §8, 1641).
    await expect(page.getByRole("heading", { level: 1, name: "Team niet gevonden" })).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Dashboard" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Uitloggen" })).toBeVisible();
  });

  test("a route that only redirects answers an unknown id with the same page, navigation included", async ({
    page,
  }) => {
    await signIn(page, demoUsers.hr);
    for (const path of [`/personnel/teams/${crypto.randomUUID()}`, `/personnel/user/${crypto.randomUUID()}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: /(Team|Persoon|Pagina) niet gevonden/ })).toBeVisible();
      await expect(
        page.getByRole("navigation", { name: "Hoofdmenu" }).getByRole("link", { name: "Dashboard" }),
      ).toBeVisible();
    }
  });
});

test.describe("translation files in the browser", { tag: "@js-only" }, () => {
  test.use({ javaScriptEnabled: true });

  test("are loaded in one request per language, from a URL versioned by their content (1950)", async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/locales/") || pathname.startsWith("/resources/translations/"))
        loaded.push(request.url());
    });
    await page.goto("/login");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    const version = await page.locator("html").getAttribute("data-locales");
    expect(version).toMatch(/^[0-9a-f]{12}$/);
    expect(loaded).toEqual([`${new URL(page.url()).origin}/resources/translations/nl?v=${version}`]);
    const answer = await page.request.get(loaded[0]);
    expect(answer.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    const texts = (await answer.json()) as Record<string, Record<string, unknown>>;
    expect(Object.keys(texts)).toEqual(namespaces.filter((ns) => ns !== "emails"));
    expect(texts.auth).toEqual(JSON.parse(fs.readFileSync("public/locales/nl/auth.json", "utf8")));
    // The version changes with any text: it is a hash over every file (order of i18n.ts's namespaces).
    const hash = crypto.createHash("sha256");
    for (const lng of supportedLanguages) {
      for (const ns of namespaces) {
        hash.update(`${lng}/${ns}\u0000`);
        hash.update(fs.readFileSync(path.join("public/locales", lng, `${ns}.json`)));
      }
    }
    expect(version).toBe(hash.digest("hex").slice(0, 12));
  });
});
