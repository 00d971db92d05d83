import { createEmployee, expect, signIn, test } from "./fixtures";

test.describe("e-mail without SMTP", () => {
  test("a password change sends a notice that the worker writes to the outbox", async ({ page, request }) => {
    const user = await createEmployee("outbox");
    await signIn(page, user.email);
    await page.goto("/my/profile/password");
    await page.getByLabel("Huidig wachtwoord").fill("Welkom!2026");
    await page.getByLabel("Nieuw wachtwoord", { exact: true }).fill("Herfst-Wandeling-31");
    await page.getByLabel("Herhaal nieuw wachtwoord").fill("Herfst-Wandeling-31");
    await page.getByRole("button", { name: "Wachtwoord wijzigen" }).click();
    await expect(page.getByRole("status")).toContainText("Je wachtwoord is gewijzigd");

    // The worker picks up the job; the message appears in the development outbox.
    await expect
      .poll(
        async () => {
          await page.goto("/dev/outbox");
          const hrefs = await page
            .locator("main a")
            .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
          for (const href of hrefs) {
            const raw = await (await request.get(href)).text();
            if (raw.includes(user.email)) return raw;
          }
          return "";
        },
        { timeout: 20_000, intervals: [500, 1000] },
      )
      .toContain("Je wachtwoord is gewijzigd");
    await expect(page.getByRole("heading", { level: 1, name: "Verzonden e-mail (ontwikkeling)" })).toBeVisible();
  });
});
