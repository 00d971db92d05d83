import { Button, Section, Text } from "@react-email/components";
import * as z from "zod";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";
import { appUrl } from "./password-changed";

/** A requested personal-data export is ready (decision 1740): a link to its page, never the data itself. */
export const personalDataReadyPropsSchema = z.object({
  firstName: z.string(),
  /** /personal-data/{id} */
  path: z.string().startsWith("/"),
  /** How many days the download works. */
  days: z.number().int().positive(),
});
export type PersonalDataReadyProps = z.infer<typeof personalDataReadyPropsSchema>;

export default function PersonalDataReadyEmail({ t, locale, ...props }: EmailContext & PersonalDataReadyProps) {
  const url = `${appUrl()}${props.path}`;
  const name = props.firstName.trim();
  return (
    <EmailLayout t={t} locale={locale} preview={t("personalDataReady.body")}>
      <Text style={paragraph}>{name ? t("link.greeting", { firstName: name }) : t("link.greetingWithoutName")}</Text>
      <Text style={paragraph}>{t("personalDataReady.body")}</Text>
      <Section>
        <Button href={url} style={button}>
          {t("personalDataReady.action")}
        </Button>
      </Section>
      <Text style={paragraph}>
        {t("link.orCopy")} {url}
      </Text>
      <Text style={paragraph}>{t("personalDataReady.expires", { count: props.days })}</Text>
    </EmailLayout>
  );
}
