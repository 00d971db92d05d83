import { Button, Section, Text } from "@react-email/components";
import * as z from "zod";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";
import { appUrl } from "./password-changed";

/** "You got a task": who gave it, its title and due date, one link to it (docs/decisions/1102). */
export const taskReceivedPropsSchema = z.object({
  firstName: z.string(),
  senderName: z.string(),
  title: z.string(),
  /** dd-MM-yyyy or "" */
  due: z.string(),
  /** /tasks/inbox/{id}; opening it marks the task seen. */
  path: z.string().startsWith("/"),
});

export type TaskReceivedProps = z.infer<typeof taskReceivedPropsSchema>;

export default function TaskReceivedEmail({ t, locale, ...props }: EmailContext & TaskReceivedProps) {
  const url = `${appUrl()}${props.path}`;
  const name = props.firstName.trim();
  const values = { senderName: props.senderName, title: props.title, date: props.due };
  return (
    <EmailLayout t={t} locale={locale} preview={t("taskReceived.preview", values)}>
      <Text style={paragraph}>{name ? t("link.greeting", { firstName: name }) : t("link.greetingWithoutName")}</Text>
      <Text style={paragraph}>{t("taskReceived.body", values)}</Text>
      <Text style={{ ...paragraph, fontWeight: "bold" }}>{props.title}</Text>
      {props.due ? <Text style={paragraph}>{t("taskReceived.due", values)}</Text> : null}
      <Section>
        <Button href={url} style={button}>
          {t("taskReceived.action")}
        </Button>
      </Section>
      <Text style={paragraph}>
        {t("link.orCopy")} {url}
      </Text>
      <Text style={{ color: "#6b7280", fontSize: "13px", lineHeight: "20px" }}>
        {t("taskReceived.why")} {`${appUrl()}/my/profile`}
      </Text>
    </EmailLayout>
  );
}
