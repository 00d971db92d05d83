import { render, toPlainText } from "@react-email/components";
import i18next, { type i18n } from "i18next";
import { createElement, type ComponentType } from "react";
import type * as z from "zod";
// Imported (not read from disk) so the same code works under tsx, vitest and the Remix server bundle.
import de from "../public/locales/de/emails.json";
import en from "../public/locales/en/emails.json";
import nl from "../public/locales/nl/emails.json";
import { defaultLanguage, supportedLanguages, type Language } from "~/utils/i18n";
import type { EmailContext, EmailTranslate } from "./components/layout";
import { accountLinkEmail, accountLinkPropsSchema } from "./account-link";
import DigestEmail, { digestHeaders, digestPropsSchema } from "./digest";
import EmailChangedEmail, { emailChangedPropsSchema } from "./email-changed";
import PasswordChangedEmail, { passwordChangedPropsSchema, passwordChangedSubject } from "./password-changed";
import RegistrationAttemptEmail, { registrationAttemptPropsSchema } from "./registration-attempt";
import ImportScheduledEmail, { importScheduledPropsSchema } from "./import-scheduled";
import TaskReceivedEmail, { taskReceivedPropsSchema } from "./task-received";
import { teamReviewEmail, teamReviewPropsSchema } from "./team-review";

type TemplateDefinition<Schema extends z.ZodType<Record<string, unknown>>> = {
  component: ComponentType<EmailContext & z.infer<Schema>>;
  /** Validates the props stored as jsonb in the outbox before rendering. */
  schema: Schema;
  subject: (t: EmailTranslate, props: z.infer<Schema>) => string;
  /** Extra message headers (the digest's List-Unsubscribe). */
  headers?: (props: z.infer<Schema>) => Record<string, string>;
};

function defineTemplate<Schema extends z.ZodType<Record<string, unknown>>>(definition: TemplateDefinition<Schema>) {
  return definition;
}

export const templates = {
  "password-changed": defineTemplate({
    component: PasswordChangedEmail,
    schema: passwordChangedPropsSchema,
    subject: (t) => passwordChangedSubject(t),
  }),
  "verify-email": defineTemplate({
    component: accountLinkEmail("verifyEmail"),
    schema: accountLinkPropsSchema,
    subject: (t) => t("verifyEmail.subject"),
  }),
  "password-reset": defineTemplate({
    component: accountLinkEmail("passwordReset"),
    schema: accountLinkPropsSchema,
    subject: (t) => t("passwordReset.subject"),
  }),
  invitation: defineTemplate({
    component: accountLinkEmail("invitation"),
    schema: accountLinkPropsSchema,
    subject: (t) => t("invitation.subject"),
  }),
  "invitation-reminder": defineTemplate({
    component: accountLinkEmail("invitationReminder"),
    schema: accountLinkPropsSchema,
    subject: (t) => t("invitationReminder.subject"),
  }),
  "email-change": defineTemplate({
    component: accountLinkEmail("emailChange"),
    schema: accountLinkPropsSchema,
    subject: (t) => t("emailChange.subject"),
  }),
  "email-changed": defineTemplate({
    component: EmailChangedEmail,
    schema: emailChangedPropsSchema,
    subject: (t) => t("emailChanged.subject"),
  }),
  "registration-attempt": defineTemplate({
    component: RegistrationAttemptEmail,
    schema: registrationAttemptPropsSchema,
    subject: (t) => t("registrationAttempt.subject"),
  }),
  "team-review-invitation": defineTemplate({
    component: teamReviewEmail("teamReviewInvitation"),
    schema: teamReviewPropsSchema,
    subject: (t, props) => t("teamReviewInvitation.subject", { reviewName: props.reviewName }),
  }),
  "team-review-reminder": defineTemplate({
    component: teamReviewEmail("teamReviewReminder"),
    schema: teamReviewPropsSchema,
    subject: (t, props) =>
      t(props.kind === "1d" ? "teamReviewReminder.subject1d" : "teamReviewReminder.subject7d", {
        reviewName: props.reviewName,
      }),
  }),
  "self-review-invitation": defineTemplate({
    component: teamReviewEmail("selfReviewInvitation"),
    schema: teamReviewPropsSchema,
    subject: (t, props) => t("selfReviewInvitation.subject", { reviewName: props.reviewName }),
  }),
  "peer-review-invitation": defineTemplate({
    component: teamReviewEmail("peerReviewInvitation"),
    schema: teamReviewPropsSchema,
    subject: (t, props) => t("peerReviewInvitation.subject", { reviewName: props.reviewName }),
  }),
  "peer-review-reminder": defineTemplate({
    component: teamReviewEmail("peerReviewReminder"),
    schema: teamReviewPropsSchema,
    subject: (t, props) =>
      t(props.kind === "1d" ? "peerReviewReminder.subject1d" : "peerReviewReminder.subject7d", {
        reviewName: props.reviewName,
      }),
  }),
  "self-review-reminder": defineTemplate({
    component: teamReviewEmail("selfReviewReminder"),
    schema: teamReviewPropsSchema,
    subject: (t, props) =>
      t(props.kind === "1d" ? "selfReviewReminder.subject1d" : "selfReviewReminder.subject7d", {
        reviewName: props.reviewName,
      }),
  }),
  digest: defineTemplate({
    component: DigestEmail,
    schema: digestPropsSchema,
    subject: (t, props) => t(`digest.subject.${props.frequency}`, { organisation: props.organisation }),
    headers: digestHeaders,
  }),
  "task-received": defineTemplate({
    component: TaskReceivedEmail,
    schema: taskReceivedPropsSchema,
    subject: (t, props) => t("taskReceived.subject", { senderName: props.senderName, title: props.title }),
  }),
  "import-scheduled": defineTemplate({
    component: ImportScheduledEmail,
    schema: importScheduledPropsSchema,
    subject: (t, props) => t("importScheduled.subject", { source: props.source }),
  }),
};

export type TemplateName = keyof typeof templates;
export type TemplateProps<Name extends TemplateName> = z.infer<(typeof templates)[Name]["schema"]>;
export type RenderedEmail = { subject: string; html: string; text: string; headers?: Record<string, string> };

export const templateNames = Object.keys(templates) as TemplateName[];

export function isTemplateName(name: string): name is TemplateName {
  return Object.prototype.hasOwnProperty.call(templates, name);
}

let instance: i18n | undefined;

function emailI18n(): i18n {
  if (!instance) {
    instance = i18next.createInstance();
    // With inline resources and initImmediate off, init completes synchronously.
    void instance.init({
      resources: { nl: { emails: nl }, en: { emails: en }, de: { emails: de } },
      supportedLngs: [...supportedLanguages],
      fallbackLng: defaultLanguage,
      ns: ["emails"],
      defaultNS: "emails",
      initImmediate: false,
      returnNull: false,
      // React escapes when rendering HTML; the subject is a header, not HTML.
      interpolation: { escapeValue: false },
    });
  }
  return instance;
}

export function emailTranslator(locale: Language): EmailTranslate {
  const t = emailI18n().getFixedT(locale, "emails");
  return (key, values) => String(t(key, values));
}

/** Renders a template in the recipient's language as subject, HTML and plain text. */
export async function renderEmail(template: string, props: unknown, locale: Language): Promise<RenderedEmail> {
  if (!isTemplateName(template)) throw new Error(`Unknown e-mail template: ${template}`);
  const definition = templates[template] as unknown as TemplateDefinition<z.ZodType<Record<string, unknown>>>;
  const parsed = definition.schema.parse(props);
  const t = emailTranslator(locale);
  const element = createElement(definition.component, { ...parsed, t, locale });
  // One React render: the text part is the HTML's plain text, as render(…, { plainText: true }) makes it
  // with a second render (a digest run renders thousands: scripts/bench-digests.ts).
  const html = await render(element);
  const text = toPlainText(html.replace(/^<!DOCTYPE[^>]*>/, ""));
  const headers = definition.headers?.(parsed);
  return { subject: definition.subject(t, parsed), html, text, ...(headers ? { headers } : {}) };
}
