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
import DigestEmail, { digestHeaders, digestPropsSchema, type DigestProps } from "./digest";
import { appUrl } from "./password-changed";
import EmailChangedEmail, { emailChangedPropsSchema } from "./email-changed";
import PasswordChangedEmail, { passwordChangedPropsSchema, passwordChangedSubject } from "./password-changed";
import RegistrationAttemptEmail, { registrationAttemptPropsSchema } from "./registration-attempt";
import ImportFailedEmail, { importFailedPropsSchema } from "./import-failed";
import ImportScheduledEmail, { importScheduledPropsSchema } from "./import-scheduled";
import PersonalDataReadyEmail, { personalDataReadyPropsSchema } from "./personal-data-ready";
import LicenceOrderEmail, { licenceOrderPropsSchema } from "./licence-order";
import TaskReceivedEmail, { taskReceivedPropsSchema } from "./task-received";
import { teamReviewEmail, teamReviewPropsSchema } from "./team-review";
import { escapeHtml } from "~/utils/escape-html";

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
  "import-failed": defineTemplate({
    component: ImportFailedEmail,
    schema: importFailedPropsSchema,
    subject: (t, props) => t("importFailed.subject", { fileName: props.fileName }),
  }),
  "personal-data-ready": defineTemplate({
    component: PersonalDataReadyEmail,
    schema: personalDataReadyPropsSchema,
    subject: (t) => t("personalDataReady.subject"),
  }),
  "licence-order": defineTemplate({
    component: LicenceOrderEmail,
    schema: licenceOrderPropsSchema,
    subject: (t, props) => t("licenceOrder.subject", { orderNumber: props.orderNumber }),
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
  if (template === "digest") return renderDigest(digestPropsSchema.parse(props), locale);
  return renderEmailUncached(template, props, locale);
}

/** renderEmail without the digest's skeleton cache: one React render per call (the reference in tests). */
export async function renderEmailUncached(template: string, props: unknown, locale: Language): Promise<RenderedEmail> {
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

/**
 * Digest renders by shape (docs/decisions/1263): a digest run renders thousands of digests that differ only
 * in their values (name, item titles, links, dates, the unsubscribe link), not in their structure. The
 * digest is rendered once per shape (language, organisation, frequency, sections with their number of
 * items, which optional parts are empty) with a slot token in place of each value; a message is that
 * skeleton with each slot replaced by its value, escaped as React escapes text and attribute values,
 * and the text part is the text skeleton with the values as they are (or, when html-to-text would change
 * a value, the HTML's plain text as before), so both parts are byte for byte those of a full render
 * (tests/unit/digest-render-cache.test.ts compares them).
 */
const SLOT = /zqxslot(\d+)xqz/g;
const slotToken = (n: number) => `zqxslot${n}xqz`;
const MAX_SKELETONS = 200;
const skeletons = new Map<string, { html: string; text: string }>();

async function renderDigest(props: DigestProps, locale: Language): Promise<RenderedEmail> {
  const values: string[] = [];
  const slot = (value: string) => {
    values.push(value);
    return slotToken(values.length - 1);
  };
  const name = props.firstName.trim();
  const shape: DigestProps = {
    firstName: name ? slot(name) : "",
    organisation: props.organisation,
    frequency: props.frequency,
    sections: props.sections.map((section) => ({
      key: section.key,
      items: section.items.map((item) => ({
        title: slot(item.title),
        path: `/${slot(item.path.slice(1))}`,
        due: item.due ? slot(item.due) : "",
        detail: item.detail ? slot(item.detail) : "",
      })),
    })),
    unsubscribePath: `/${slot(props.unsubscribePath.slice(1))}`,
  };
  // A value that contains a slot token itself cannot go through the skeleton (never in practice).
  if (values.some((value) => value.includes("zqxslot"))) return renderEmailUncached("digest", props, locale);
  const key = `${locale}\u0000${JSON.stringify(shape)}`;
  let skeleton = skeletons.get(key);
  if (skeleton === undefined) {
    const html = (await renderEmailUncached("digest", shape, locale)).html;
    skeleton = { html, text: toPlainText(html.replace(/^<!DOCTYPE[^>]*>/, "")) };
    if (skeletons.size >= MAX_SKELETONS) skeletons.delete(skeletons.keys().next().value!);
    skeletons.set(key, skeleton);
  }
  const html = skeleton.html.replace(SLOT, (_, n: string) => escapeHtml(values[Number(n)]));
  // The text skeleton takes the values as they are when html-to-text would leave them so: no whitespace
  // to collapse, and no item title that is its own link (whose address the text would then leave out).
  const base = appUrl();
  const textAsIs =
    values.every((value) => /^\S+(?: \S+)*$/.test(value) && !value.includes("\u200b")) &&
    props.sections.every((section) => section.items.every((item) => item.title !== `${base}${item.path}`));
  const text = textAsIs
    ? skeleton.text.replace(SLOT, (_, n: string) => values[Number(n)])
    : toPlainText(html.replace(/^<!DOCTYPE[^>]*>/, ""));
  const t = emailTranslator(locale);
  return { subject: templates.digest.subject(t, props), html, text, headers: digestHeaders(props) };
}
