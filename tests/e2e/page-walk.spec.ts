import { demoUsers, type DemoUserKey } from "../../seed/demo-data";
import type { APIResponse, Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

/*
 * Every page as every demo user, with JavaScript on: the shared fixture fails the test on any console
 * error or uncaught exception, React's hydration errors (#418/#423/#425) included. The walk starts at
 * the user's navigation and follows the links on each page, one page per route shape (ids replaced), so
 * detail pages, tabs, the employee report and the compare page are reached with ids the user may see.
 *
 * Each route shape is opened in the browser once in the whole walk, by the first user who reaches it
 * (docs/decisions/1400, 1470): the tests of this file run in order in one worker, so `walked` is shared. Each
 * user still starts from their own dashboard and navigation entries (what differs per role; each entry must
 * answer 200): where an earlier user opened that shape, its links are read from the server's HTML, without a
 * browser, so the walk goes on to the shapes only this user reaches.
 *
 * The walk runs at a phone's width (390 px, issue #36): no page may scroll sideways there; wide tables scroll
 * inside their own box (`TableScroll`).
 */
// A phone's width (issue #36): no page may scroll sideways; the pages' own tests run at the desktop's.
test.use({ javaScriptEnabled: true, viewport: { width: 390, height: 844 } });

const SKIP = /^\/(build|locales|resources|api|dev|logout|file|auth)(\/|$)|\.\w+$|\/export(\/|$)/;
const MAX_PAGES = 60;
const walked = new Set<string>();

/** /personnel/user/4f0c…/contracts and /personnel/user/9a1e…/contracts are one route shape. */
function shapeOf(pathname: string): string {
  return pathname
    .split("/")
    .map((part) => (/^[0-9a-f-]{8,}$/i.test(part) || /^\d+$/.test(part) ? ":id" : part))
    .join("/");
}

async function sameOriginLinks(page: Page, scope: string): Promise<string[]> {
  return page.locator(`${scope} a[href^="/"]`).evaluateAll((links) =>
    links.map((link) => {
      const url = new URL((link as HTMLAnchorElement).href);
      return url.pathname;
    }),
  );
}

/** What sticks out to the right of a phone's screen, outside any box that scrolls itself: the innermost elements. */
function widestParts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const out = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 1;
    const boxed = (el: Element) => {
      for (let a = el.parentElement; a; a = a.parentElement)
        if (["auto", "scroll", "hidden"].includes(getComputedStyle(a).overflowX)) return true;
      return false;
    };
    return Array.from(document.querySelectorAll("body *"))
      .filter((el) => out(el) && !boxed(el) && !Array.from(el.children).some(out))
      .slice(0, 3)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`)
      .join(", ");
  });
}

const users = Object.keys(demoUsers) as DemoUserKey[];
const firstUser = users[0];

/** The same-origin link paths inside <main> of a page's server HTML (as `sameOriginLinks` reads them in the browser). */
function linksInMain(html: string): string[] {
  const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
  return [...main.matchAll(/<a\b[^>]*\shref="(\/[^"]*)"/g)].map(
    ([, href]) => new URL(href.replaceAll("&amp;", "&"), "http://x").pathname,
  );
}

for (const key of users) {
  test(`every page ${demoUsers[key]} can open hydrates without a browser error`, async ({ page }) => {
    test.setTimeout(300_000);
    await signIn(page, demoUsers[key]);
    const navLinks = (await sameOriginLinks(page, "nav")).filter((path) => !SKIP.test(path));
    // Every navigation entry leads to a working page for everyone who sees it: none may answer 404
    // (an unbuilt page has no entry) or 403.
    const answers = new Map<string, APIResponse>();
    for (const path of navLinks) {
      const answer = await page.request.get(path, { maxRedirects: 0 });
      expect(answer.status(), `navigation entry ${path}`).toBe(200);
      answers.set(path, answer);
    }
    const own = new Set(["/dashboard", ...navLinks]);
    const queue: string[] = [...own];
    const seen = new Set<string>();
    const visited: string[] = [];
    const readOnly: string[] = [];
    while (queue.length > 0 && visited.length < MAX_PAGES) {
      const path = queue.shift()!;
      const shape = shapeOf(path);
      if (SKIP.test(path) || seen.has(shape) || (walked.has(shape) && !own.has(path))) continue;
      seen.add(shape);
      // Pages this user may not open (or that are not built yet) are the route audit's concern; the
      // request is made outside the page, so that its 403/404 is no console error here.
      const probe = answers.get(path) ?? (await page.request.get(path));
      if (probe.status() !== 200 || !probe.headers()["content-type"]?.startsWith("text/html")) continue;
      if (walked.has(shape)) {
        readOnly.push(path);
        queue.push(...linksInMain(await probe.text()));
        continue;
      }
      walked.add(shape);
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      // Only a page that scrolls sideways is searched for what sticks out (one more round trip to the page).
      const culprits = overflow > 0 ? await widestParts(page) : "";
      expect
        .soft(overflow, `${path} scrolls sideways on a phone by ${overflow} px: ${culprits}`)
        .toBeLessThanOrEqual(0);
      visited.push(path);
      queue.push(...(await sameOriginLinks(page, "main")));
    }
    console.log(
      `${demoUsers[key]}: ${visited.length} pages opened, ${readOnly.length} read without a browser\n  ` +
        visited.join("\n  "),
    );
    if (key === firstUser) expect(visited.length).toBeGreaterThan(1);
  });
}
