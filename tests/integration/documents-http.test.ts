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

const terms = {
  nl: [
    "Gebruiksvoorwaarden",
    "Account en proefperiode",
    "Gebruik van de dienst",
    "Klantgegevens",
    "Aansprakelijkheid",
    "Toepasselijk recht",
  ],
  en: [
    "Terms of use",
    "Account and trial period",
    "Use of the service",
    "Customer data",
    "Liability",
    "Applicable law",
  ],
  de: [
    "Nutzungsbedingungen",
    "Konto und Testphase",
    "Nutzung des Dienstes",
    "Kundendaten",
    "Haftung",
    "Anwendbares Recht",
  ],
};

const privacy = {
  nl: [
    "Privacyverklaring",
    "Twee rollen",
    "Verwerker voor je werkgever",
    "Cookies",
    "__Host-session",
    "Je rechten",
    "Autoriteit Persoonsgegevens",
  ],
  en: [
    "Privacy statement",
    "Two roles",
    "Processor for your employer",
    "Cookies",
    "__Host-session",
    "Your rights",
    "Autoriteit Persoonsgegevens",
  ],
  de: [
    "Datenschutzerklärung",
    "Zwei Rollen",
    "Auftragsverarbeiter für Ihren Arbeitgeber",
    "Cookies",
    "__Host-session",
    "Ihre Rechte",
    "Autoriteit Persoonsgegevens",
  ],
};

describe("the terms of use and the privacy statement", () => {
  it("answer anyone in each language with their real structure, page and file", async () => {
    for (const [slug, expected] of [
      ["terms", terms],
      ["privacy", privacy],
    ] as const) {
      for (const language of languages) {
        const page = await get(`/file/${slug}`, { language });
        expect(page.status, `${slug} ${language}`).toBe(200);
        const html = await page.text();
        for (const text of expected[language]) expect(html, `${slug} ${language}: ${text}`).toContain(text);
        const file = await get(`/file/${slug}/download?lang=${language}`);
        expect(file.status).toBe(200);
        expect(await file.text()).toContain(`<h1>${expected[language][0]}</h1>`);
      }
    }
  });
});

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
