/**
 * Pages written as `_index` files are plain routes at their own path (docs/decisions/1710): their forms post to
 * the clean address, so `?index` never reaches the address bar after a wizard step or a validation answer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../../seed/run";
import remixConfig from "../../remix.config.js";
import { defineRoutes } from "@remix-run/dev/dist/config/routes.js";
import { formRequest, getRequest } from "../support/http";
import { handle } from "../support/remix-handler";
import { demoSessions } from "../support/session";

let hr: string;

beforeAll(async () => {
  await seedDemo(process.env.DATABASE_URL!);
  hr = (await demoSessions()).hr.cookie;
}, 120_000);

describe("pages at an _index file", () => {
  it("are index routes only where a sibling has the same path", async () => {
    const manifest = Object.values(await remixConfig.routes!(defineRoutes));
    const indexes = manifest.filter((route) => route.index && route.path).map((route) => route.path);
    expect(indexes.sort()).toEqual(["personnel/teams/:id", "personnel/user/:id"]);
  });

  it("render their forms without ?index", async () => {
    const pages = ["/review/create/teamreview", "/review/create/selfreview", "/settings", "/personnel/teams"];
    for (const page of pages) {
      const response = await handle(getRequest(page, hr));
      expect(response.status, page).toBe(200);
      const html = await response.text();
      expect(html, page).toMatch(/<form[^>]*method="post"/);
      expect(html, page).not.toContain("?index");
    }
  });

  it("answer a wizard step posted to the clean address, keeping the address", async () => {
    const response = await handle(
      formRequest("/review/create/teamreview", { intent: "next", name: "Ronde zonder teams" }, hr),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="Ronde zonder teams"');
    expect(html).not.toContain("?index");
  });
});
