import { expect, test } from "./fixtures";

/*
 * The shared fixture fails a test on any browser error with JavaScript on. These tests check the
 * fixture itself: `test.fail()` means the test passes only when the fixture fails it.
 */
test.use({ javaScriptEnabled: true });

test.describe("browser errors fail a test", () => {
  test("a console error fails the test", async ({ page }) => {
    test.fail();
    await page.goto("/login");
    await page.evaluate(() => console.error("something went wrong"));
    await expect(page.getByRole("button", { name: "Inloggen", exact: true })).toBeVisible();
  });

  test("an uncaught exception in the page fails the test", async ({ page }) => {
    test.fail();
    await page.goto("/login");
    const thrown = page.waitForEvent("pageerror");
    await page.evaluate(() =>
      setTimeout(() => {
        throw new Error("uncaught");
      }),
    );
    await thrown;
  });

  test("a console error in a context the test opens itself fails the test", async ({ browser, baseURL }) => {
    test.fail();
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto("/login");
    const logged = page.waitForEvent("console", (message) => message.text() === "in another context");
    await page.evaluate(() => console.error("in another context"));
    await logged;
    await context.close();
  });

  test("a page or data request answered 404 is no error: the test asserts the answer", async ({ page }) => {
    const response = await page.goto("/deze-pagina-bestaat-niet");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Pagina niet gevonden" })).toBeVisible();
  });

  test("a file the page cannot load fails the test", async ({ page }) => {
    test.fail();
    await page.goto("/login");
    // A translation file that is not there, as a stale or missing build would leave it.
    const status = await page.evaluate(async () => (await fetch("/locales/nl/bestaat-niet.json")).status);
    expect(status).toBe(404);
  });

  test("the one declared error is allowed", async ({ page, expectConsoleError }) => {
    expectConsoleError(/expected failure/);
    await page.goto("/login");
    const logged = page.waitForEvent("console", (message) => message.text() === "an expected failure");
    await page.evaluate(() => console.error("an expected failure"));
    await logged;
  });

  test("a declared error does not cover another one", async ({ page, expectConsoleError }) => {
    test.fail();
    expectConsoleError(/expected failure/);
    await page.goto("/login");
    const logged = page.waitForEvent("console", (message) => message.text() === "another error");
    await page.evaluate(() => console.error("an expected failure"));
    await page.evaluate(() => console.error("another error"));
    await logged;
  });

  test("a declared error that never happens fails the test", async ({ page, expectConsoleError }) => {
    test.fail();
    expectConsoleError(/expected failure/);
    await page.goto("/login");
  });
});
