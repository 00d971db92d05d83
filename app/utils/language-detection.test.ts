import { createCookie } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { detectLanguage, languageFromAcceptLanguage, languageFromCookieHeader } from "./language-detection";

describe("languageFromAcceptLanguage", () => {
  it("takes the most preferred language we have, not only the browser's first", () => {
    expect(languageFromAcceptLanguage("fr-FR, en;q=0.8")).toBe("en");
    expect(languageFromAcceptLanguage("fr-FR,fr;q=0.9,de;q=0.7,en;q=0.8")).toBe("en");
    expect(languageFromAcceptLanguage("de-CH")).toBe("de");
    expect(languageFromAcceptLanguage("en;q=0.5, nl")).toBe("nl");
  });

  it("keeps header order between equal weights and skips q=0, wildcards and look-alikes", () => {
    expect(languageFromAcceptLanguage("de, en")).toBe("de");
    expect(languageFromAcceptLanguage("en;q=0, de;q=0.1")).toBe("de");
    expect(languageFromAcceptLanguage("*, en;q=0.5")).toBe("en");
    expect(languageFromAcceptLanguage("english, fr")).toBeNull();
    expect(languageFromAcceptLanguage("fr-FR")).toBeNull();
    expect(languageFromAcceptLanguage("")).toBeNull();
    expect(languageFromAcceptLanguage(null)).toBeNull();
  });
});

describe("languageFromCookieHeader", () => {
  it("reads the lng cookie as Remix writes it, among other cookies", async () => {
    const lng = createCookie("lng", { path: "/" });
    const cookie = (await lng.serialize("de")).split(";")[0];
    expect(languageFromCookieHeader(cookie)).toBe("de");
    expect(languageFromCookieHeader(`session=abc; ${cookie}; other=1`)).toBe("de");
  });

  it("ignores a missing, foreign or unsupported value", async () => {
    const lng = createCookie("lng", { path: "/" });
    expect(languageFromCookieHeader((await lng.serialize("fr")).split(";")[0])).toBeNull();
    expect(languageFromCookieHeader("lng=not-base64-json")).toBeNull();
    expect(languageFromCookieHeader("xlng=ImVuIg%3D%3D")).toBeNull();
    expect(languageFromCookieHeader(undefined)).toBeNull();
  });
});

describe("detectLanguage", () => {
  it("user setting, then cookie, then Accept-Language, then Dutch", () => {
    const cookieHeader = "lng=ImRlIg%3D%3D"; // "de"
    expect(detectLanguage({ userLanguage: "en", cookieHeader, acceptLanguage: "nl" })).toBe("en");
    expect(detectLanguage({ userLanguage: null, cookieHeader, acceptLanguage: "en" })).toBe("de");
    expect(detectLanguage({ acceptLanguage: "fr-FR, en;q=0.8" })).toBe("en");
    expect(detectLanguage({ acceptLanguage: "fr-FR" })).toBe("nl");
    expect(detectLanguage({})).toBe("nl");
  });
});
