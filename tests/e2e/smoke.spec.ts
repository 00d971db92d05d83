import { expect, test } from "./fixtures";

test("the browser reaches the server's health check", { tag: "@js-only" }, async ({ page }) => {
  const response = await page.goto("/healthcheck");
  expect(response?.status()).toBe(200);
});
