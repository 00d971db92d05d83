import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLanguage, languageCookie, requestI18n } from "./i18n.server";

// In production the texts are read once and their memo is shared by every request's instance.
const nodeEnv = process.env.NODE_ENV;
beforeAll(() => {
  process.env.NODE_ENV = "production";
});
afterAll(() => {
  process.env.NODE_ENV = nodeEnv;
});

/** A t() as react-i18next's useTranslation() builds it: no language of its own, the page's namespaces. */
const tFor = (lng: "nl" | "en" | "de") => requestI18n(lng).getFixedT(null, ["common", "dashboard", "signup"]);

describe("translations remembered per language", () => {
  it("gives each request the texts of its own language, also for keys another language asked first", () => {
    expect(tFor("nl")("signup:trial.ended")).toBe(
      "Je proefperiode is afgelopen. Je kunt je gegevens nog bekijken, maar geen nieuwe reviews maken.",
    );
    expect(tFor("en")("signup:trial.ended")).toBe(
      "Your trial has ended. You can still see your data, but not create new reviews.",
    );
    expect(tFor("nl")("signup:trial.ended")).toMatch(/^Je proefperiode is afgelopen/);
  });

  it("never remembers a text with values or counts in it", () => {
    const t = tFor("nl");
    expect(t("dashboard:welcome", { name: "Anna" })).toBe("Welkom, Anna");
    expect(t("dashboard:welcome", { name: "Bram" })).toBe("Welkom, Bram");
    expect(t("signup:trial.daysLeft", { count: 1 })).toBe("Je proefperiode loopt nog 1 dag.");
    expect(t("signup:trial.daysLeft", { count: 5 })).toBe("Je proefperiode loopt nog 5 dagen.");
    expect(tFor("en")("signup:trial.daysLeft", { count: 5 })).toBe("Your trial has 5 days left.");
  });

  it("keeps a fixed language apart from the instance's", () => {
    const english = requestI18n("nl").getFixedT("en", ["signup"]);
    expect(english("signup:trial.action")).toBe("View licence");
    expect(tFor("nl")("signup:trial.action")).toBe("Licentie bekijken");
  });
});

describe("a component's fixed t() remembered", () => {
  it("answers plain calls as i18next does, per key prefix and namespace list", () => {
    const nl = requestI18n("nl");
    const prefixed = nl.getFixedT(null, ["signup"], "trial");
    for (let call = 0; call < 2; call++) {
      expect(prefixed("action")).toBe("Licentie bekijken");
      expect(tFor("nl")("signup:trial.action")).toBe("Licentie bekijken");
      expect(tFor("de")("signup:trial.action")).toBe(requestI18n("de").t("signup:trial.action"));
      expect(tFor("de")("signup:trial.action")).not.toBe("Licentie bekijken");
    }
    // What react-i18next reads of a fixed t() is still there.
    const properties = prefixed as unknown as { keyPrefix?: string; ns?: string[] };
    expect(properties.keyPrefix).toBe("trial");
    expect(properties.ns).toEqual(["signup"]);
  });

  it("passes calls with options or a default value to i18next every time", () => {
    const t = tFor("nl");
    expect(t("dashboard:welcome", { name: "Anna" })).toBe("Welkom, Anna");
    expect(t("dashboard:welcome", { name: "Bram" })).toBe("Welkom, Bram");
    expect(t("common:no.such.key", "Standaardtekst")).toBe("Standaardtekst");
    expect(t("common:no.such.key", "Andere tekst")).toBe("Andere tekst");
  });
});

describe("values in texts", () => {
  it("are not HTML-escaped by i18next, because React escapes what it renders", () => {
    expect(tFor("nl")("dashboard:welcome", { name: "Anna d'Hondt" })).toBe("Welkom, Anna d'Hondt");
    expect(tFor("en")("dashboard:welcome", { name: "Jan van 't Hof" })).toBe("Welcome, Jan van 't Hof");
  });

  it("the browser's i18next uses the same setting (entry.client.tsx spreads this config)", async () => {
    const { default: config } = await import("./i18n");
    expect(config.interpolation.escapeValue).toBe(false);
  });
});

describe("getLanguage", () => {
  it("passes over an unsupported first browser language to the next one we have", async () => {
    const request = new Request("http://localhost/login", { headers: { "Accept-Language": "fr-FR, en;q=0.8" } });
    expect(await getLanguage(request)).toBe("en");
  });

  it("prefers the lng cookie over the browser", async () => {
    const request = new Request("http://localhost/login", {
      headers: { "Accept-Language": "en", Cookie: (await languageCookie.serialize("de")).split(";")[0] },
    });
    expect(await getLanguage(request)).toBe("de");
  });
});
