import { Button, Section, Text } from "@react-email/components";
import * as z from "zod";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";
import { appUrl, formatAmsterdamDateTime } from "./password-changed";

/** Sent to the old address once a new one has been confirmed (docs/decisions/0620). */
export const emailChangedPropsSchema = z.object({
  firstName: z.string(),
  newEmail: z.string(),
  /** ISO timestamp of the change; shown in Dutch time whatever the server's zone. */
  changedAt: z.string(),
});

export type EmailChangedProps = z.infer<typeof emailChangedPropsSchema>;

export default function EmailChangedEmail({
  t,
  locale,
  firstName,
  newEmail,
  changedAt,
}: EmailContext & EmailChangedProps) {
  const values = { newEmail, changedAt: formatAmsterdamDateTime(changedAt) };
  const name = firstName.trim();
  return (
    <EmailLayout t={t} locale={locale} preview={t("emailChanged.preview", values)}>
      <Text style={paragraph}>{name ? t("link.greeting", { firstName: name }) : t("link.greetingWithoutName")}</Text>
      <Text style={paragraph}>{t("emailChanged.body", values)}</Text>
      <Text style={paragraph}>
        <strong>{t("passwordChanged.ifNotYou")}</strong>
      </Text>
      <Section>
        <Button href={`${appUrl()}/login`} style={button}>
          {t("passwordChanged.signIn")}
        </Button>
      </Section>
    </EmailLayout>
  );
}
