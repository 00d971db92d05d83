import { Button, Section, Text } from "@react-email/components";
import * as z from "zod";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";
import { appUrl } from "./password-changed";

/** Team review invitation and reminders: who invites, which team, the deadline, one link to the evaluation. */
export const teamReviewPropsSchema = z.object({
  firstName: z.string(),
  /** /review/evaluation/{teamReviewId}; the host comes from APP_URL when rendering. */
  path: z.string().startsWith("/"),
  reviewName: z.string(),
  teamName: z.string(),
  /** dd-MM-yyyy */
  deadline: z.string(),
  organisation: z.string(),
  /** Only for reminders. */
  kind: z.enum(["7d", "1d"]).optional(),
});

export type TeamReviewProps = z.infer<typeof teamReviewPropsSchema>;

/** Also the self review's mails: the same parts, with the self review texts (and the questionnaire's link). */
export function teamReviewEmail(
  kind:
    | "teamReviewInvitation"
    | "teamReviewReminder"
    | "selfReviewInvitation"
    | "selfReviewReminder"
    | "peerReviewInvitation"
    | "peerReviewReminder",
) {
  return function TeamReviewEmail({ t, locale, ...props }: EmailContext & TeamReviewProps) {
    const url = `${appUrl()}${props.path}`;
    const name = props.firstName.trim();
    const values = {
      organisation: props.organisation,
      reviewName: props.reviewName,
      teamName: props.teamName,
      deadline: props.deadline,
    };
    const body =
      kind === "teamReviewReminder" || kind === "selfReviewReminder" || kind === "peerReviewReminder"
        ? `${kind}.body${props.kind === "1d" ? "1d" : "7d"}`
        : `${kind}.body`;
    return (
      <EmailLayout t={t} locale={locale} preview={t(`${kind}.preview`, values)}>
        <Text style={paragraph}>{name ? t("link.greeting", { firstName: name }) : t("link.greetingWithoutName")}</Text>
        <Text style={paragraph}>{t(body, values)}</Text>
        <Text style={paragraph}>{t(`${kind}.deadline`, values)}</Text>
        <Section>
          <Button href={url} style={button}>
            {t(`${kind}.action`)}
          </Button>
        </Section>
        <Text style={paragraph}>
          {t("link.orCopy")} {url}
        </Text>
      </EmailLayout>
    );
  };
}
