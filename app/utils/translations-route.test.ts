import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loader } from "~/routes/resources+/translations.$lng";
import { browserNamespaces } from "./i18n";
import { localesVersion } from "./i18n.server";

const get = (lng: string, query = "") =>
  loader({
    request: new Request(`http://localhost/resources/translations/${lng}${query}`),
    params: { lng },
    context: { cspNonce: "", requestId: "test", clientIp: "127.0.0.1" },
  });

// docs/decisions/1950: one answer per language with every namespace the browser uses.
describe("/resources/translations/<lng>", () => {
  it("answers a language's texts, cached for good under the current version", async () => {
    const answer = get("de", `?v=${localesVersion()}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const texts = (await answer.json()) as Record<string, unknown>;
    expect(Object.keys(texts)).toEqual(browserNamespaces);
    expect(texts.nav).toEqual(JSON.parse(fs.readFileSync("public/locales/de/nav.json", "utf8")));
  });

  it("is not cached under another version, and an unknown language is not found", async () => {
    expect(get("en", "?v=000000000000").headers.get("Cache-Control")).toBe("no-cache");
    expect(get("en").headers.get("Cache-Control")).toBe("no-cache");
    for (const lng of ["fr", "EN", "en-GB", "..%2Fnl"]) expect(get(lng).status, lng).toBe(404);
  });
});
