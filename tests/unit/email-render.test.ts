import { describe, expect, test } from "vitest";
import { renderEmail, templateNames, type TemplateName, type TemplateProps } from "#emails/index";
import { supportedLanguages } from "~/utils/i18n";

// One sample per template; the mapped type makes a new template without a sample a type error.
const sampleProps: { [Name in TemplateName]: TemplateProps<Name> } = {
  "password-changed": { firstName: "Sanne", changedAt: "2026-07-01T08:05:00.000Z" },
  "email-change": { firstName: "Sanne", path: "/confirm-email/abc/def" },
  "email-changed": { firstName: "Sanne", newEmail: "sanne@nieuw.example", changedAt: "2026-07-01T08:05:00.000Z" },
  "verify-email": { firstName: "Sanne", path: "/confirm/abc/def" },
  "password-reset": { firstName: "", path: "/password-reset/abc" },
  invitation: { firstName: "Sanne", path: "/invitation/abc", organisation: "Demo BV" },
  "invitation-reminder": { firstName: "Sanne", path: "/invitation/abc", organisation: "Demo BV" },
  "registration-attempt": { firstName: "Sanne" },
  "team-review-invitation": {
    firstName: "Sanne",
    path: "/review/evaluation/abc",
    reviewName: "Teamreview najaar",
    teamName: "Thuiszorg",
    deadline: "01-12-2026",
    organisation: "Demo BV",
  },
  "team-review-reminder": {
    firstName: "Sanne",
    path: "/review/evaluation/abc",
    reviewName: "Teamreview najaar",
    teamName: "Thuiszorg",
    deadline: "01-12-2026",
    organisation: "Demo BV",
    kind: "1d",
  },
  "self-review-invitation": {
    firstName: "Sanne",
    path: "/selfreview/questionnaire/abc/def",
    reviewName: "Zelfbeoordeling voorjaar",
    teamName: "Thuiszorg",
    deadline: "01-12-2026",
    organisation: "Demo BV",
  },
  "peer-review-invitation": {
    firstName: "Sanne",
    path: "/peerreview",
    reviewName: "Peer feedback voorjaar",
    teamName: "",
    deadline: "01-12-2026",
    organisation: "Demo BV",
  },
  "peer-review-reminder": {
    firstName: "Sanne",
    path: "/peerreview",
    reviewName: "Peer feedback voorjaar",
    teamName: "",
    deadline: "01-12-2026",
    organisation: "Demo BV",
    kind: "1d",
  },
  "self-review-reminder": {
    firstName: "Sanne",
    path: "/selfreview/questionnaire/abc/def",
    reviewName: "Zelfbeoordeling voorjaar",
    teamName: "Thuiszorg",
    deadline: "01-12-2026",
    organisation: "Demo BV",
    kind: "7d",
  },
  digest: {
    firstName: "Sanne",
    organisation: "Demo BV",
    frequency: "biweekly",
    sections: [
      {
        key: "newTasks",
        items: [{ title: "Inwerkplan", path: "/tasks/inbox/abc", due: "01-12-2026", detail: "Daan" }],
      },
      {
        key: "reviews",
        items: [{ title: "Zelfbeoordeling", path: "/selfreview/questionnaire/a/b", due: "", detail: "" }],
      },
      {
        key: "dialogActions",
        items: [{ title: "Afspraak maken", path: "/dialogs/d1", due: "", detail: "Doorgroeien" }],
      },
      {
        key: "imports",
        items: [{ title: "personeel.xlsx", path: "/import/excel/i1", due: "", detail: "Sandra Kuipers" }],
      },
    ],
    unsubscribePath: "/unsubscribe/abc.def",
  },
  "task-received": {
    firstName: "Sanne",
    senderName: "Daan de Leider",
    title: "Inwerkplan doornemen",
    due: "01-12-2026",
    path: "/tasks/inbox/abc",
  },
  "import-scheduled": {
    firstName: "Sanne",
    source: "AFAS Profit",
    outcome: "review",
    changes: 3,
    path: "/import/excel/abc",
  },
  "import-failed": { firstName: "Sanne", fileName: "personeel.xlsx", path: "/import/excel/abc" },
  "personal-data-ready": { firstName: "Sanne", path: "/personal-data/abc", days: 7 },
  "licence-order": {
    firstName: "Sanne",
    orderNumber: "1A2B3C4D",
    accountName: "Demo BV",
    billingPeriod: "year",
    periodStart: "2026-07-01T08:05:00.000Z",
    periodEnd: "2027-07-01T08:05:00.000Z",
    lines: [
      { key: "employees", quantity: 10, unitCents: 2500, cents: 25000 },
      { key: "teams", quantity: 2, unitCents: 2000, cents: 4000 },
      { key: "flow", quantity: 10, unitCents: 500, cents: 5000 },
    ],
    netCents: 34000,
    vatPercent: 21,
    vatCents: 7140,
    totalCents: 41140,
  },
};

const untranslatedKey =
  /\b(?:layout|passwordChanged|link|verifyEmail|passwordReset|invitation|invitationReminder|teamReviewInvitation|teamReviewReminder|selfReviewInvitation|selfReviewReminder|peerReviewInvitation|peerReviewReminder|emailChange|emailChanged|registrationAttempt|digest|taskReceived|importScheduled|importFailed|personalDataReady|licenceOrder)\.[a-zA-Z0-9]+/;

describe("renderEmail", () => {
  for (const template of templateNames) {
    for (const locale of supportedLanguages) {
      test(`${template} in ${locale}`, async () => {
        const { subject, html, text } = await renderEmail(template, sampleProps[template], locale);
        expect(subject.trim()).not.toBe("");
        expect(subject).not.toMatch(untranslatedKey);
        expect(html).toContain(`lang="${locale}"`);
        expect(text.trim()).not.toBe("");
        expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
        expect(text).not.toMatch(untranslatedKey);
      });
    }
  }

  test("password-changed shows the time in Amsterdam as dd-MM-yyyy HH:mm and links to sign-in", async () => {
    const { subject, text } = await renderEmail("password-changed", sampleProps["password-changed"], "nl");
    expect(subject).toBe("Je wachtwoord is gewijzigd");
    expect(text).toContain("Hoi Sanne,");
    expect(text).toContain("01-07-2026 10:05");
    expect(text).toContain("HR-contactpersoon");
    expect(text).toMatch(/https?:\/\/\S+\/login/);
  });

  test("a digest shows the dialog and import sections with their headings and links", async () => {
    const { text } = await renderEmail("digest", sampleProps.digest, "nl");
    expect(text).toContain("OPENSTAANDE ACTIES IN JE DIALOGEN");
    expect(text).toContain("/dialogs/d1");
    expect(text).toContain("PERSONEELSIMPORTS DIE OP JE BEOORDELING WACHTEN");
    expect(text).toContain("/import/excel/i1");
  });

  test("a licence order lists its lines, VAT at 21 % and the total, and says payment is by invoice", async () => {
    const { subject, text } = await renderEmail("licence-order", sampleProps["licence-order"], "nl");
    expect(subject).toBe("Je bestelling 1A2B3C4D is ontvangen");
    expect(text).toContain("loopt van 01-07-2026 tot 01-07-2027");
    expect(text).toContain("10 × medewerkers met toegang");
    expect(text).toContain("Btw 21%");
    expect(text).toMatch(/Totaal inclusief btw: €\s?411,40/);
    expect(text).toContain("betalen gaat via die factuur");
  });

  test("an unknown template or invalid props are refused", async () => {
    await expect(renderEmail("no-such-template", {}, "nl")).rejects.toThrow(/Unknown e-mail template/);
    await expect(renderEmail("password-changed", { firstName: 3 }, "en")).rejects.toThrow();
  });
});
