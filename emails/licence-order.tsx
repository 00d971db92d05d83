import { Button, Section, Text } from "@react-email/components";
import * as z from "zod";
import { billingPeriods } from "#db/schema/enums-licence";
import { formatEuro } from "~/features/account/licence-prices";
import { moduleKeys } from "~/utils/modules";
import { EmailLayout, button, paragraph, type EmailContext } from "./components/layout";
import { appUrl, formatAmsterdamDateTime } from "./password-changed";

/** The confirmation of a licence order to the account admin who placed it (decision 1630). */
export const licenceOrderPropsSchema = z.object({
  firstName: z.string(),
  orderNumber: z.string(),
  accountName: z.string(),
  billingPeriod: z.enum(billingPeriods),
  /** ISO timestamps of the licence period ordered. */
  periodStart: z.string(),
  periodEnd: z.string(),
  lines: z.array(
    z.object({
      key: z.enum(["employees", "teams", ...moduleKeys]),
      quantity: z.number().int(),
      unitCents: z.number().int(),
      cents: z.number().int(),
    }),
  ),
  netCents: z.number().int(),
  vatPercent: z.number().int(),
  vatCents: z.number().int(),
  totalCents: z.number().int(),
});

export type LicenceOrderProps = z.infer<typeof licenceOrderPropsSchema>;

const day = (iso: string) => formatAmsterdamDateTime(iso).slice(0, 10);

export default function LicenceOrderEmail({ t, locale, ...props }: EmailContext & LicenceOrderProps) {
  const name = props.firstName.trim();
  const euro = (cents: number) => formatEuro(cents, locale);
  const url = `${appUrl()}/account/licence`;
  // One line per amount, "label: amount": the plain-text part reads the same as the HTML.
  const amountRow = (key: string, label: string, cents: number, bold = false) => (
    <Text key={key} style={{ ...paragraph, margin: "4px 0", fontWeight: bold ? "bold" : undefined }}>
      {label}: {euro(cents)}
    </Text>
  );
  return (
    <EmailLayout t={t} locale={locale} preview={t("licenceOrder.preview", { orderNumber: props.orderNumber })}>
      <Text style={paragraph}>{name ? t("link.greeting", { firstName: name }) : t("link.greetingWithoutName")}</Text>
      <Text style={paragraph}>
        {t("licenceOrder.body", {
          accountName: props.accountName,
          orderNumber: props.orderNumber,
          start: day(props.periodStart),
          end: day(props.periodEnd),
        })}
      </Text>
      <Text style={paragraph}>{t(`licenceOrder.period.${props.billingPeriod}`)}</Text>
      <Section>
        {props.lines.map((line) =>
          amountRow(
            line.key,
            t("licenceOrder.line", {
              quantity: line.quantity,
              item: t(`licenceOrder.items.${line.key}`),
              unit: euro(line.unitCents),
            }),
            line.cents,
          ),
        )}
        {amountRow("net", t("licenceOrder.net"), props.netCents)}
        {amountRow("vat", t("licenceOrder.vat", { percent: props.vatPercent }), props.vatCents)}
        {amountRow("total", t("licenceOrder.total"), props.totalCents, true)}
      </Section>
      <Text style={paragraph}>{t("licenceOrder.invoice")}</Text>
      <Section>
        <Button href={url} style={button}>
          {t("licenceOrder.action")}
        </Button>
      </Section>
    </EmailLayout>
  );
}
