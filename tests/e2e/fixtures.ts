import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { eq, inArray, sql } from "drizzle-orm";
import { getDb } from "#db/client.server";
import { clusters, invitations, users } from "#db/schema";
import { completeSignIn } from "~/features/auth/sign-in.server";
import { DEMO_PASSWORD, demoClusters } from "../../seed/demo-data";
import { createUserWithMembership } from "../factories";

/**
 * Signs in and opens the dashboard. With the demo password and the dashboard as landing page, the session is
 * made by the application's own last step of every sign-in (`completeSignIn`: bookkeeping, first cluster, new
 * session row and signed cookie) and handed to the browser, without the sign-in page and its password hash
 * (docs/decisions/1402); the sign-in form itself is tested by the specs that use `signInThroughForm`. Any other
 * password or landing page goes through the form. With `{ at: path }` it opens that page instead of the
 * dashboard: one page load instead of two for the many tests that start elsewhere.
 */
export async function signIn(
  page: Page,
  email: string,
  passwordOrStart: string | { at: string } = DEMO_PASSWORD,
  landsOn: RegExp = /\/dashboard/,
) {
  const password = typeof passwordOrStart === "string" ? passwordOrStart : DEMO_PASSWORD;
  if (password !== DEMO_PASSWORD || String(landsOn) !== String(/\/dashboard/)) {
    return signInThroughForm(page, email, password, landsOn);
  }
  const { name, value } = await sessionCookie(email);
  await page.context().addCookies([{ name, value, url: e2eOrigin(), httpOnly: true, sameSite: "Lax" }]);
  if (typeof passwordOrStart === "object") {
    await page.goto(passwordOrStart.at);
    return;
  }
  await page.goto("/dashboard");
  await expect(page).toHaveURL(landsOn);
}

/** playwright.config.ts's baseURL; the runner chose E2E_PORT and the workers inherit it. */
function e2eOrigin(): string {
  return `http://127.0.0.1:${process.env.E2E_PORT}`;
}

/** A new session of `email`, made by the application's own last step of every sign-in (1402): its cookie. */
async function sessionCookie(email: string): Promise<{ name: string; value: string }> {
  const [user] = await getDb()
    .select({ id: users.id, accountId: users.accountId })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user) throw new Error(`signIn: no user ${email}`);
  const { setCookie } = await completeSignIn(new Request(`${e2eOrigin()}/login`), {
    userId: user.id,
    accountId: user.accountId,
    ip: "127.0.0.1",
  });
  const [pair] = setCookie.split(";");
  const separator = pair.indexOf("=");
  return { name: pair.slice(0, separator), value: pair.slice(separator + 1) };
}

/**
 * Invites memberships as `actorEmail` does on the personnel list (the bulk action "invite", over HTTP to the
 * running server, in the actor's first cluster): the real service, its mail and audit, without a page.
 */
export async function inviteAs(actorEmail: string, membershipIds: string[]): Promise<void> {
  const { name, value } = await sessionCookie(actorEmail);
  const response = await fetch(`${e2eOrigin()}/personnel/users/invited`, {
    method: "POST",
    headers: { Cookie: `${name}=${value}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams([["action", "invite"], ...membershipIds.map((id) => ["ids", id])]),
    redirect: "manual",
  });
  expect(response.status, `inviting as ${actorEmail}`).toBe(302);
  const invited = await getDb()
    .select({ membershipId: invitations.membershipId })
    .from(invitations)
    .where(inArray(invitations.membershipId, membershipIds));
  expect(invited.map((row) => row.membershipId).sort()).toEqual([...membershipIds].sort());
}

/** Signs in through the real form, as a person would (works with JavaScript on and off). */
export async function signInThroughForm(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  landsOn: RegExp = /\/dashboard/,
) {
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

/** What a test with JavaScript saw go wrong in its browser, and the one error it said to expect. */
type ConsoleGuard = {
  watch(context: BrowserContext): void;
  expect(pattern: RegExp): void;
};

/**
 * Chromium logs every 4xx answer as a console error. A page or data request answered 403, 404 or 400
 * (validation) is the application answering as designed, and the tests assert those answers themselves;
 * a 4xx for a file (a script, style sheet or translation file: every public file has an extension, no
 * page URL has one) and every 5xx are faults and fail the test.
 */
function isAnsweredRequest(text: string, url: string): boolean {
  if (!/^Failed to load resource: the server responded with a status of 4\d\d\b/.test(text)) return false;
  try {
    const { pathname } = new URL(url);
    return pathname.endsWith(".data") || !/\.[a-z0-9]+$/i.test(pathname);
  } catch {
    return false;
  }
}

type Fixtures = {
  /**
   * Declares the one browser error this test expects (a console error or uncaught exception whose text
   * matches `pattern`, e.g. `/ResizeObserver loop/`). Every other error still
   * fails the test, and so does a declared error that never happens.
   */
  expectConsoleError: (pattern: RegExp) => void;
  consoleGuard: ConsoleGuard;
};

/**
 * With JavaScript on, every test fails on an uncaught exception in a page (`pageerror`) and on any
 * console error, React's hydration errors (#418, #423, #425) included, in the test's own context and in
 * any context it opens with `browser.newContext()`. A test that provokes an error on purpose declares it
 * with `expectConsoleError` (docs/decisions/0660-browser-errors-fail-e2e-tests.md).
 *
 * With JavaScript on, `page.goto` returns once React has hydrated the page (root.tsx marks <html>), so
 * a test never clicks a control whose handler is not attached yet. On a busy machine hydration can lag
 * the load event by seconds, and a click before it is lost to the autosave and fetcher forms.
 */
export const test = base.extend<Fixtures>({
  consoleGuard: [
    async ({ browser, javaScriptEnabled, baseURL }, provide, testInfo) => {
      // The test's own setting (test.use may turn JavaScript on in the no-js project).
      const withJavaScript = javaScriptEnabled !== false;
      const errors: string[] = [];
      const watched = new WeakSet<BrowserContext>();
      let expected: RegExp | null = null;
      let expectedSeen = false;
      // Only our pages count: the local OpenID providers' sign-in pages (test doubles) load fonts from the
      // internet and have no favicon, which is none of the application's business.
      const ours = (page: Page | null) =>
        !page ||
        baseURL === undefined ||
        !page.url().startsWith("http") ||
        new URL(page.url()).origin === new URL(baseURL).origin;
      const record = (text: string) => {
        if (expected && expected.test(text)) expectedSeen = true;
        else errors.push(text);
      };
      const guard: ConsoleGuard = {
        watch(context) {
          if (!withJavaScript || watched.has(context)) return;
          watched.add(context);
          // The unsaved-changes guard (docs/decisions/1540) asks through beforeunload before a page with unsaved
          // input unloads; a test that goes elsewhere with page.goto means to leave, as a user who confirms.
          // Playwright dismisses dialogs nobody listens to, so this listener answers the others as it would.
          // A test that checks the question waits for the event and reads its type; it does not answer it.
          context.on("dialog", (dialog) => {
            void (dialog.type() === "beforeunload" ? dialog.accept() : dialog.dismiss()).catch(() => undefined);
          });
          context.on("weberror", (error) => {
            if (ours(error.page())) record(`pageerror: ${error.error().message} on ${error.page()?.url() ?? "?"}`);
          });
          context.on("console", (message) => {
            if (message.type() !== "error" || !ours(message.page())) return;
            const url = message.location().url;
            if (isAnsweredRequest(message.text(), url)) return;
            record(`console.error: ${message.text()}${url ? ` (${url})` : ""} on ${message.page()?.url() ?? "?"}`);
          });
        },
        expect(pattern) {
          if (expected) throw new Error(`A test declares one expected browser error; it already expects ${expected}.`);
          expected = pattern;
        },
      };
      // Contexts the test opens itself are watched too.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        guard.watch(context);
        return context;
      };
      try {
        await provide(guard);
      } finally {
        browser.newContext = newContext;
      }
      if (errors.length > 0) {
        throw new Error(`The browser reported ${errors.length} error(s):\n${errors.join("\n")}`);
      }
      if (expected && !expectedSeen && testInfo.status === "passed") {
        throw new Error(`The test declared the browser error ${String(expected)}, but it did not occur.`);
      }
    },
    { auto: true },
  ],
  expectConsoleError: async ({ consoleGuard }, provide) => {
    await provide((pattern) => consoleGuard.expect(pattern));
  },
  context: async ({ context, consoleGuard }, provide) => {
    consoleGuard.watch(context);
    await provide(context);
  },
  page: async ({ page, baseURL, javaScriptEnabled }, provide) => {
    if (javaScriptEnabled !== false) waitForHydrationOnGoto(page, baseURL);
    await provide(page);
  },
});

/**
 * Makes `page.goto` return once React has hydrated one of our pages (see above). The `page` fixture does it
 * for the test's own page; a test that opens a page in a context of its own, with JavaScript, calls it too.
 */
export function waitForHydrationOnGoto(page: Page, baseURL: string | undefined): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const ours = baseURL !== undefined && new URL(page.url()).origin === new URL(baseURL).origin;
    const html = response?.headers()["content-type"]?.startsWith("text/html") ?? false;
    if (ours && html) await waitForHydration(page);
    return response;
  };
  return page;
}

/** root.tsx marks <html> once React has hydrated the document. */
const waitForHydration = (page: Page) =>
  page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 });

/**
 * A page reached by a redirect (the provider's, the sign-out's) is not a `page.goto`: with JavaScript, wait
 * for React's hydration before clicking, or the click navigates while React hydrates (React #345). Without
 * JavaScript nothing hydrates, so there is nothing to wait for.
 */
export async function hydrated(page: Page, javaScriptEnabled: boolean | undefined): Promise<void> {
  if (javaScriptEnabled !== false) await waitForHydration(page);
}

export { expect };
