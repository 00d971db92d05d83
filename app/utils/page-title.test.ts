import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title";

const t = i18next.createInstance();
await t.init({
  lng: "nl",
  resources: {
    nl: { common: { appName: "Teamontwikkeling" }, growth: { title: "Mijn groei", td: "Teamontwikkeling" } },
  },
});

describe("pageTitle", () => {
  it("names the page and the app", () => {
    expect(pageTitle(t.t, "growth:title")).toBe("Mijn groei · Teamontwikkeling");
  });
  it("names a page called like the app once", () => {
    expect(pageTitle(t.t, "growth:td")).toBe("Teamontwikkeling");
  });
});
