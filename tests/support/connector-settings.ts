import { expect } from "vitest";
import { postForm } from "./org";
import { handle } from "./remix-handler";

/**
 * Saves an AFAS connector's settings through its page, as HR does (an address nobody answers: the tests that use
 * it refuse the run before anything is fetched); `tag` marks the token so that a log or dump names the test.
 */
export async function saveAfasSettings(cookie: string, tag: string): Promise<void> {
  const settings = {
    intent: "settings",
    url: "https://afas.invalid/profitrestservices",
    secret: `<token><version>1</version><data>GEHEIM-${tag}</data></token>`,
    connectorName: "Profit_Employees",
  };
  expect((await handle(postForm("/import/afas", settings, cookie))).status).toBe(302);
}
