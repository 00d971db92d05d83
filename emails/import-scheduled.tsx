import { Button, Section, Text } from "@react-email/components";
import * as z from "zod";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";
import { appUrl } from "./password-changed";

/** A scheduled connector import ran: what it found and one link to review it (docs/decisions/1223). */
export const importScheduledPropsSchema = z.object({
  firstName: z.string(),
  source: z.string(),
  /** review: changes wait; applied: only safe changes, applied; columns: the mapping needs HR; failed. */
  outcome: z.enum(["review", "applied", "columns", "failed"]),
  changes: z.number().int().min(0),
  /** /import/excel/{id} or /import/view/{id} */
  path: z.string().startsWith("/"),
});
export type ImportScheduledProps = z.infer<typeof importScheduledPropsSchema>;

export default function ImportScheduledEmail({ t, locale, ...props }: EmailContext & ImportScheduledProps) {
  const url = `${appUrl()}${props.path}`;
  const name = props.firstName.trim();
  const values = { source: props.source, count: props.changes };
  return (
    <EmailLayout t={t} locale={locale} preview={t(`importScheduled.${props.outcome}`, values)}>
      <Text style={paragraph}>{name ? t("link.greeting", { firstName: name }) : t("link.greetingWithoutName")}</Text>
      <Text style={paragraph}>{t(`importScheduled.${props.outcome}`, values)}</Text>
      <Section>
        <Button href={url} style={button}>
          {t("importScheduled.action")}
        </Button>
      </Section>
      <Text style={paragraph}>
        {t("link.orCopy")} {url}
      </Text>
    </EmailLayout>
  );
}
