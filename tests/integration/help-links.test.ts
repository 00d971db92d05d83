import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "#db/client.server";
import { users } from "#db/schema";
import { helpArticleRoutes, helpLinksFor } from "~/features/knowledge-base/help-links";
import { loader as articleLoader } from "~/routes/_app+/knowledge-base+/$slug";
import { loader as interventionLoader } from "~/routes/_app+/guide+/intervention";
import { supportedLanguages } from "~/utils/i18n";
import { context, getRequest, run } from "../support/http";
import { orgWorld } from "../support/org";

/**
 * Every help link the app layout shows (docs/decisions/1341) leads to a page that exists, in every language:
 * the knowledge base answers 200 with the article in the user's language, the guide page too.
 */

let w: Awaited<ReturnType<typeof orgWorld>>;
const seen = new Map<string, string>();
beforeAll(async () => {
  w = await orgWorld();
});

const hrefs = [
  ...new Set(
    [
      ...helpArticleRoutes.map((r) => r.prefix),
      "/personnel/teams/x/goalsAndAmbitions",
      "/review/result/x/grid",
    ].flatMap((path) => helpLinksFor(path).map((l) => l.href)),
  ),
];

describe("help links", () => {
  it("cover the pages named in the issue: results, dialogs, flow, competences, growth", () => {
    for (const path of ["/review/result/x/grid", "/dialogs", "/flow", "/competences/book", "/my/growth"])
      expect(helpLinksFor(path).length, path).toBeGreaterThan(0);
    expect(hrefs).toContain("/guide/intervention");
  });

  for (const language of supportedLanguages) {
    it(`each resolves with 200 in ${language}`, async () => {
      await getDb().update(users).set({ language }).where(eq(users.id, w.admin.user.id));
      const titles = new Set<string>();
      for (const href of hrefs) {
        const request = getRequest(href, w.cookie);
        if (href === "/guide/intervention") {
          const res = await run(() => interventionLoader({ request, context: context(), params: {} }));
          expect(res, href).not.toBeInstanceOf(Response);
          continue;
        }
        const slug = href.replace("/knowledge-base/", "");
        const res = await run(() => articleLoader({ request, context: context(), params: { slug } }));
        if (res instanceof Response) throw new Error(`${href} answered ${res.status} in ${language}`);
        expect(res.article.slug, href).toBe(slug);
        titles.add(res.article.title);
      }
      // In the user's language: the titles differ per language, so record them to compare below.
      seen.set(language, [...titles].sort().join("|"));
    });
  }

  it("the articles are each language's own (titles differ between nl, en and de)", () => {
    expect(new Set(seen.values()).size).toBe(supportedLanguages.length);
  });
});
