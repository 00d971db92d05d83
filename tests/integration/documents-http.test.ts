/**
 * The documents a customer signs and reads (issue 35, docs/decisions/1570), over Remix's handler: every slug in
 * every language answers with the real structure on the page and as the downloaded file.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { handle } from "../support/remix-handler";
import { BASE } from "../support/http";
import { demoWorld, type DemoWorld } from "../support/demo-world";

let w: DemoWorld;

beforeAll(async () => {
  w = await demoWorld();
});

const languages = ["nl", "en", "de"] as const;

async function get(path: string, { cookie, language }: { cookie?: string; language?: string } = {}) {
  const headers = new Headers();
  if (cookie) headers.set("Cookie", cookie);
  if (language) headers.set("Accept-Language", language);
  return handle(new Request(BASE + path, { headers }));
}

/** Headings a reader (or a customer's lawyer) looks for first, per language. */
// One line per language reads as a table.
// prettier-ignore
const processingAgreement = {
  nl: ["Verwerkersovereenkomst", "Onderwerp en duur", "Meldplicht datalekken", "uiterlijk binnen 24 uur", "Subverwerkers", "Audits", "Bewaren, teruggeven en vernietigen", "Tweestapsverificatie", "Argon2id", "alleen aan te vullen"],
  en: ["Data processing agreement", "Subject and duration", "Personal data breach notification", "at the latest within 24 hours", "Sub-processors", "Audits", "Retention, return and deletion", "Two-factor authentication", "Argon2id", "append-only"],
  de: ["Auftragsverarbeitungsvertrag", "Gegenstand und Dauer", "Meldung von Datenpannen", "spätestens innerhalb von 24 Stunden", "Unterauftragsverarbeiter", "Audits", "Aufbewahrung, Rückgabe und Löschung", "Zwei-Faktor-Authentifizierung", "Argon2id", "nur ergänzbar"],
};

// One line per language reads as a table.
// prettier-ignore
const terms = {
  nl: ["Gebruiksvoorwaarden", "Account en proefperiode", "Gebruik van de dienst", "Klantgegevens", "Aansprakelijkheid", "Toepasselijk recht"],
  en: ["Terms of use", "Account and trial period", "Use of the service", "Customer data", "Liability", "Applicable law"],
  de: ["Nutzungsbedingungen", "Konto und Testphase", "Nutzung des Dienstes", "Kundendaten", "Haftung", "Anwendbares Recht"],
};

// One line per language reads as a table.
// prettier-ignore
const privacy = {
  nl: ["Privacyverklaring", "Twee rollen", "Verwerker voor je werkgever", "Cookies", "__Host-session", "Je rechten", "Autoriteit Persoonsgegevens"],
  en: ["Privacy statement", "Two roles", "Processor for your employer", "Cookies", "__Host-session", "Your rights", "Autoriteit Persoonsgegevens"],
  de: ["Datenschutzerklärung", "Zwei Rollen", "Auftragsverarbeiter für Ihren Arbeitgeber", "Cookies", "__Host-session", "Ihre Rechte", "Autoriteit Persoonsgegevens"],
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

describe("the register of processing (file/processing-register)", () => {
  // prettier-ignore
  const register = {
    nl: ["Verwerkingsregister", "Verwerkingsverantwoordelijke: Demo BV", "Peer reviews", "Dialogen", "Import en koppelingen", "Audittrail", "Bewaartermijn"],
    en: ["Register of processing activities", "Controller: Demo BV", "Peer reviews", "Dialogs", "Import and connectors", "Audit trail", "Retention"],
    de: ["Verarbeitungsverzeichnis", "Verantwortlicher: Demo BV", "Peer-Reviews", "Dialoge", "Import und Schnittstellen", "Audit-Trail", "Aufbewahrung"],
  };

  it("the account admin reads it per module in each language, on the page and as a file naming the account", async () => {
    // On the page the signed-in admin's own language setting decides: Dutch for admin@demo.nl.
    const page = await get("/file/processing-register", { cookie: w.cookies.admin, language: "de" });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of register.nl) expect(html, text).toContain(text);
    for (const language of languages) {
      const file = await get(`/file/processing-register/download?lang=${language}`, { cookie: w.cookies.admin });
      expect(file.status).toBe(200);
      const text = await file.text();
      for (const heading of register[language]) expect(text, `${language}: ${heading}`).toContain(heading);
    }
  });

  it("is the account admin's only: employees and team leaders go to the dashboard, anonymous visitors to login", async () => {
    for (const path of ["/file/processing-register", "/file/processing-register/download"]) {
      for (const role of ["medewerker", "leider", "hr"] as const) {
        const answer = await get(path, { cookie: w.cookies[role] });
        expect(answer.status, `${role} ${path}`).toBe(302);
        expect(answer.headers.get("Location")).toBe("/dashboard");
      }
      const anonymous = await get(path);
      expect(anonymous.status).toBe(302);
      expect(anonymous.headers.get("Location")).toMatch(/^\/login/);
    }
  });

  it("another account's admin reads their own account's register, never Demo BV's", async () => {
    const html = await (await get("/file/processing-register", { cookie: w.cookies.andere })).text();
    expect(html).toContain("Verwerkingsverantwoordelijke: Andere BV");
    expect(html).not.toContain("Demo BV");
    const file = await (await get("/file/processing-register/download?lang=en", { cookie: w.cookies.andere })).text();
    expect(file).toContain("Controller: Andere BV");
    expect(file).not.toContain("Demo BV");
  });
});

describe("the manual (file/manual)", () => {
  it("has a section per module and draws its figures as inline SVG, on the page and in the file", async () => {
    const page = await get("/file/manual", { cookie: w.cookies.hr });
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const heading of [
      "Teambeoordelingen (HR en teamleider)",
      "Peer reviews",
      "Flow",
      "Dialogen",
      "Privacy en verantwoording",
    ]) {
      expect(html, heading).toContain(heading);
    }
    expect(html.match(/<figure><svg /g)?.length).toBe(3);
    expect(html).toContain("Loopbaanwissel*");
    expect(html).not.toContain("{{figure:");
    const sections = {
      nl: "Dialogen (teamleider en medewerker)",
      en: "Dialogs (team leader and employee)",
      de: "Dialoge (Teamleiter und Mitarbeitende)",
    };
    for (const language of languages) {
      const file = await (await get(`/file/manual/download?lang=${language}`, { cookie: w.cookies.hr })).text();
      expect(file.match(/<figure><svg /g)?.length, language).toBe(3);
      expect(file).toContain(sections[language]);
      expect(file).not.toContain("<script");
    }
  });
});
