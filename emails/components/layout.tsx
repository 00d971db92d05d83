import { Body, Container, Head, Hr, Html, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { Language } from "~/utils/i18n";

/** Translates a key of the `emails` namespace in the recipient's language. */
export type EmailTranslate = (key: string, values?: Record<string, unknown>) => string;

/** Every template receives its own props plus the recipient's language and a bound translate function. */
export type EmailContext = { t: EmailTranslate; locale: Language };

const body = { backgroundColor: "#f4f5f7", fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "24px 0" };
const container = { backgroundColor: "#ffffff", borderRadius: "8px", maxWidth: "560px", padding: "32px" };
const footer = { color: "#6b7280", fontSize: "12px", lineHeight: "18px" };

export const paragraph = { color: "#1f2937", fontSize: "15px", lineHeight: "22px" };
export const button = {
  backgroundColor: "#1d4ed8",
  borderRadius: "6px",
  color: "#ffffff",
  display: "inline-block",
  fontSize: "15px",
  padding: "10px 18px",
  textDecoration: "none",
};

export function EmailLayout({ t, locale, preview, children }: EmailContext & { preview: string; children: ReactNode }) {
  return (
    <Html lang={locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={body}>
        <Container style={container}>
          {children}
          <Text style={paragraph}>
            {t("layout.signature")
              .split("\n")
              .flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]))}
          </Text>
          <Section>
            <Hr />
            <Text style={footer}>{t("layout.footer")}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
