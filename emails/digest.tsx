import { Button, Heading, Link, Section, Text } from "@react-email/components";
import * as z from "zod";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";
import { appUrl } from "./password-changed";

/**
 * The sections a digest can have, in this order. A new source adds its key here, its texts under
 * emails:digest.section, and a source in app/features/digests/digest-sources.server.ts (docs/decisions/1100).
 */
export const digestSectionKeys = ["newTasks", "overdueTasks", "reviews", "dialogActions", "imports"] as const;
export type DigestSectionKey = (typeof digestSectionKeys)[number];

const itemSchema = z.object({
  title: z.string(),
  /** A path in the app; the host comes from APP_URL when rendering (links survive the sign-in redirect). */
  path: z.string().startsWith("/"),
  /** dd-MM-yyyy or "" */
  due: z.string(),
  /** Who gave it, or what it belongs to; may be "". */
  detail: z.string(),
});

export const digestPropsSchema = z.object({
  firstName: z.string(),
  organisation: z.string(),
  frequency: z.enum(["weekly", "biweekly", "fourweekly"]),
  sections: z.array(z.object({ key: z.enum(digestSectionKeys), items: z.array(itemSchema).min(1) })).min(1),
  /** /unsubscribe/{signed token}: one click, no sign-in. */
  unsubscribePath: z.string().startsWith("/"),
});

export type DigestProps = z.infer<typeof digestPropsSchema>;

/** The one-click unsubscribe headers of RFC 2369 and RFC 8058 (mail clients POST to the same URL). */
export function digestHeaders(props: DigestProps): Record<string, string> {
  return {
    "List-Unsubscribe": `<${appUrl()}${props.unsubscribePath}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

const sectionHeading = { color: "#1f2937", fontSize: "16px", margin: "20px 0 4px" };
const itemLine = { ...paragraph, margin: "4px 0" };
const small = { color: "#6b7280", fontSize: "13px", lineHeight: "20px" };

export default function DigestEmail({ t, locale, ...props }: EmailContext & DigestProps) {
  const base = appUrl();
  const name = props.firstName.trim();
  const count = props.sections.reduce((sum, section) => sum + section.items.length, 0);
  return (
    <EmailLayout t={t} locale={locale} preview={t("digest.preview", { count, organisation: props.organisation })}>
      <Text style={paragraph}>{name ? t("link.greeting", { firstName: name }) : t("link.greetingWithoutName")}</Text>
      <Text style={paragraph}>{t(`digest.intro.${props.frequency}`, { organisation: props.organisation })}</Text>
      {props.sections.map((section) => (
        <Section key={section.key}>
          <Heading as="h2" style={sectionHeading}>
            {t(`digest.section.${section.key}`, { count: section.items.length })}
          </Heading>
          {section.items.map((item) => (
            <Text key={item.path + item.title} style={itemLine}>
              <Link href={`${base}${item.path}`}>{item.title}</Link>
              {item.detail ? ` · ${item.detail}` : ""}
              {item.due ? ` · ${t("digest.due", { date: item.due })}` : ""}
            </Text>
          ))}
        </Section>
      ))}
      <Section>
        <Button href={`${base}/tasks/inbox`} style={button}>
          {t("digest.action")}
        </Button>
      </Section>
      <Text style={small}>
        {t(`digest.why.${props.frequency}`)} {t("digest.change")}{" "}
        <Link href={`${base}/my/profile`}>{`${base}/my/profile`}</Link>
        <br />
        {t("digest.unsubscribe")}{" "}
        <Link href={`${base}${props.unsubscribePath}`}>{`${base}${props.unsubscribePath}`}</Link>
      </Text>
    </EmailLayout>
  );
}
