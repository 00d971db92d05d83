import { Button, Section, Text } from "@react-email/components";
import * as z from "zod";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";
import { appUrl } from "./password-changed";

/** Verification, password reset and invitation mails: a greeting, a line or two, one link. */
export const accountLinkPropsSchema = z.object({
  firstName: z.string(),
  /** Path with its secret, e.g. /confirm/{id}/{hash}; the host comes from APP_URL when rendering. */
  path: z.string().startsWith("/"),
  /** Shown in the invitation: the organisation that invites. */
  organisation: z.string().optional(),
});

export type AccountLinkProps = z.infer<typeof accountLinkPropsSchema>;
export type AccountLinkKind = "verifyEmail" | "passwordReset" | "invitation" | "invitationReminder" | "emailChange";

export function accountLinkEmail(kind: AccountLinkKind) {
  return function AccountLinkEmail({ t, locale, firstName, path, organisation }: EmailContext & AccountLinkProps) {
    const url = `${appUrl()}${path}`;
    const name = firstName.trim();
    const values = { organisation: organisation ?? "" };
    return (
      <EmailLayout t={t} locale={locale} preview={t(`${kind}.preview`, values)}>
        <Text style={paragraph}>{name ? t("link.greeting", { firstName: name }) : t("link.greetingWithoutName")}</Text>
        <Text style={paragraph}>{t(`${kind}.body`, values)}</Text>
        <Section>
          <Button href={url} style={button}>
            {t(`${kind}.action`)}
          </Button>
        </Section>
        <Text style={paragraph}>
          {t("link.orCopy")} {url}
        </Text>
        <Text style={paragraph}>{t(`${kind}.validity`)}</Text>
      </EmailLayout>
    );
  };
}
