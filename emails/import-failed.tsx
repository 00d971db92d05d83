import { Button, Section, Text } from "@react-email/components";
import * as z from "zod";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";
import { appUrl } from "./password-changed";

/** An uploaded personnel file could not be read; the import page says why (docs/decisions/1450). */
export const importFailedPropsSchema = z.object({
  firstName: z.string(),
  fileName: z.string(),
  /** /import/excel/{id} */
  path: z.string().startsWith("/"),
});
export type ImportFailedProps = z.infer<typeof importFailedPropsSchema>;

export default function ImportFailedEmail({ t, locale, ...props }: EmailContext & ImportFailedProps) {
  const url = `${appUrl()}${props.path}`;
  const name = props.firstName.trim();
  return (
    <EmailLayout t={t} locale={locale} preview={t("importFailed.body", { fileName: props.fileName })}>
      <Text style={paragraph}>{name ? t("link.greeting", { firstName: name }) : t("link.greetingWithoutName")}</Text>
      <Text style={paragraph}>{t("importFailed.body", { fileName: props.fileName })}</Text>
      <Section>
        <Button href={url} style={button}>
          {t("importFailed.action")}
        </Button>
      </Section>
      <Text style={paragraph}>
        {t("link.orCopy")} {url}
      </Text>
    </EmailLayout>
  );
}
