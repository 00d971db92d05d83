import { Button, Section, Text } from "@react-email/components";
import * as z from "zod";
import { appUrl } from "~/utils/env.server";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";

export const passwordChangedPropsSchema = z.object({
  firstName: z.string(),
  /** ISO timestamp of the change; shown in Dutch time whatever the server's zone. */
  changedAt: z.string(),
});

export type PasswordChangedProps = z.infer<typeof passwordChangedPropsSchema>;

const amsterdamParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Amsterdam",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** dd-MM-yyyy HH:mm in Europe/Amsterdam, the product's date format in every language. */
export function formatAmsterdamDateTime(value: string | Date): string {
  const parts = Object.fromEntries(amsterdamParts.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

/** APP_URL, or where the server listens (HOST and PORT): app/utils/env.server.ts. */
export { appUrl };

export function passwordChangedSubject(t: EmailContext["t"]): string {
  return t("passwordChanged.subject");
}

export default function PasswordChangedEmail({ t, locale, firstName, changedAt }: EmailContext & PasswordChangedProps) {
  const when = formatAmsterdamDateTime(changedAt);
  const name = firstName.trim();
  const loginUrl = `${appUrl()}/login`;
  return (
    <EmailLayout t={t} locale={locale} preview={t("passwordChanged.preview", { changedAt: when })}>
      <Text style={paragraph}>
        {name ? t("passwordChanged.greeting", { firstName: name }) : t("passwordChanged.greetingWithoutName")}
      </Text>
      <Text style={paragraph}>{t("passwordChanged.body", { changedAt: when })}</Text>
      <Text style={paragraph}>{t("passwordChanged.ifYou")}</Text>
      <Text style={paragraph}>
        <strong>{t("passwordChanged.ifNotYou")}</strong>
      </Text>
      <Section>
        <Button href={loginUrl} style={button}>
          {t("passwordChanged.signIn")}
        </Button>
      </Section>
    </EmailLayout>
  );
}
