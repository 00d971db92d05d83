import { Button, Link, Section, Text } from "@react-email/components";
import * as z from "zod";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";
import { appUrl } from "./password-changed";

/**
 * Sent instead of a sign-up when the address already has an account (docs/decisions/0631): the page answers
 * alike either way, so only the mailbox learns that the account exists.
 */
export const registrationAttemptPropsSchema = z.object({ firstName: z.string() });

export type RegistrationAttemptProps = z.infer<typeof registrationAttemptPropsSchema>;

export default function RegistrationAttemptEmail({ t, locale, firstName }: EmailContext & RegistrationAttemptProps) {
  const name = firstName.trim();
  const loginUrl = `${appUrl()}/login`;
  const resetUrl = `${appUrl()}/password-request`;
  return (
    <EmailLayout t={t} locale={locale} preview={t("registrationAttempt.preview")}>
      <Text style={paragraph}>{name ? t("link.greeting", { firstName: name }) : t("link.greetingWithoutName")}</Text>
      <Text style={paragraph}>{t("registrationAttempt.body")}</Text>
      <Text style={paragraph}>{t("registrationAttempt.ifYou")}</Text>
      <Section>
        <Button href={loginUrl} style={button}>
          {t("registrationAttempt.signIn")}
        </Button>
      </Section>
      <Text style={paragraph}>
        {t("registrationAttempt.forgotten")} <Link href={resetUrl}>{resetUrl}</Link>
      </Text>
      <Text style={paragraph}>{t("registrationAttempt.ifNotYou")}</Text>
    </EmailLayout>
  );
}
