import { demoUsers } from "../../seed/demo-data";
import { expect, signIn, test } from "./fixtures";

/*
 * The flow settings (issue #18), with JavaScript on and off (both projects run this file): HR opens them
 * from the flow page, a stress band that does not fit the scale is refused next to the field with what was
 * typed kept, then the settings are saved. It saves the values they already have (the default 10 / 1 / 3),
 * so that flow tests running at the same time keep their scale.
 */
test("HR sets the flow scale and zone bands", async ({ page }) => {
  await signIn(page, demoUsers.hr, { at: "/flow" });
  await page.getByRole("link", { name: "Flow-instellingen" }).click();
  await expect(page).toHaveURL(/\/flow\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Flow-instellingen" })).toBeVisible();
  await expect(page.getByLabel("Hoogste score van de schaal")).toHaveValue("10");

  await page.getByLabel("Stress-band").fill("6");
  await page.getByRole("button", { name: "Instellingen opslaan" }).click();
  await expect(page.getByLabel("Stress-band")).toHaveAccessibleDescription(/groter is dan de flow-band/);
  await expect(page.getByLabel("Stress-band")).toHaveValue("6");

  await page.getByLabel("Stress-band").fill("3");
  await page.getByRole("button", { name: "Instellingen opslaan" }).click();
  await expect(page.getByRole("status")).toContainText("Flow-instellingen opgeslagen");
  await expect(page.getByLabel("Stress-band")).toHaveValue("3");
});
