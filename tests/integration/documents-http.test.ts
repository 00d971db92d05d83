/**
 * The documents a customer signs and reads (issue 35, docs/decisions/1570), over Remix's handler: every slug in
 * every language answers with the real structure on the page and as the downloaded file.
 */
import { describe, expect, it } from "vitest";
import { handle } from "../support/remix-handler";
import { BASE } from "../support/http";

const languages = ["nl", "en", "de"] as const;

async function get(path: string, { cookie, language }: { cookie?: string; language?: string } = {}) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (language) headers.set("Accept-Language", language);
  return handle(new Request(BASE + path, { headers }));
}

/** Headings a reader (or a customer's lawyer) looks for first, per language. */
const processingAgreement = {
  nl: [
    "Verwerkersovereenkomst",
    "Onderwerp en duur",
    "Meldplicht datalekken",
    "uiterlijk binnen 24 uur",
    "Subverwerkers",
    "Audits",
    "Bewaren, teruggeven en vernietigen",
    "Tweestapsverificatie",
    "Argon2id",
    "alleen aan te vullen",
  ],
  en: [
    "Data processing agreement",
    "Subject and duration",
    "Personal data breach notification",
    "at the latest within 24 hours",
    "Sub-processors",
    "Audits",
    "Retention, return and deletion",
    "Two-factor authentication",
    "Argon2id",
    "append-only",
  ],
  de: [
    "Auftragsverarbeitungsvertrag",
    "Gegenstand und Dauer",
    "Meldung von Datenpannen",
    "spätestens innerhalb von 24 Stunden",
    "Unterauftragsverarbeiter",
    "Audits",
    "Aufbewahrung, Rückgabe und Löschung",
    "Zwei-Faktor-Authentifizierung",
    "Argon2id",
    "nur ergänzbar",
  ],
};

describe("the processing agreement (file/processing-agreement)", () => {
  it("answers anyone in each language with the model's structure and the product's real measures, page and file", async () => {
    for (const language of languages) {
      const page = await get("/file/processing-agreement", { language });
      expect(page.status, language).toBe(200);
      const html = await page.text();
      for (const text of processingAgreement[language]) expect(html, `${language}: ${text}`).toContain(text);
      // The operator's placeholders are tables to fill in, not invented sub-processors.
      expect(html).toContain("<table>");

      const file = await get(`/file/processing-agreement/download?lang=${language}`);
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Disposition")).toBe(
        `attachment; filename="processing-agreement-${language}.html"`,
      );
      const text = await file.text();
      for (const heading of processingAgreement[language]) expect(text).toContain(heading);
      expect(text).not.toContain("<script");
    }
  });
});
