import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CancelLink, ConfirmHeading, ConfirmLink, useConfirmFrame } from "~/components/confirm-dialog";
import { Button, ErrorList, Field, FormErrorSummary, useZodForm } from "~/components/ui/forms";
import { ListTable, Row } from "~/components/ui/table";
import { billingPeriods } from "#db/schema/enums-licence";
import { moduleKeys } from "~/utils/modules";
import { licenceOrderSchema, orderQuery, type CheckedOrder, type LicenceOrderInput } from "../licence-order.schema";
import { MONTHS_BILLED, PRICE_LIST, formatEuro } from "../licence-prices";

const CONFIRM_PATH = "/account/subscription/confirm";

/** The price list the order form shows (per month, excluding VAT). */
function PriceList() {
  const { t, i18n } = useTranslation();
  const euro = (cents: number) => formatEuro(cents, i18n.language);
  return (
    <details className="rounded bg-white p-4 shadow-sm">
      <summary className="cursor-pointer font-medium">{t("account:order.priceList")}</summary>
      <p className="mt-2 text-sm">{t("account:order.priceListIntro", { percent: 21 })}</p>
      <ul className="mt-2 space-y-1">
        <li>{t("account:order.pricePerEmployee", { price: euro(PRICE_LIST.perEmployee) })}</li>
        <li>{t("account:order.pricePerTeam", { price: euro(PRICE_LIST.perTeam) })}</li>
        {moduleKeys.map((key) => (
          <li key={key}>
            {t("account:order.pricePerModule", {
              module: t(`account:modules.names.${key}`),
              price: euro(PRICE_LIST.perEmployeeModule[key]),
            })}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** The order form (works without JavaScript): amounts, modules, billing period; "check" shows the price. */
export function LicenceOrderForm({
  defaults,
  usage,
  lastResult,
}: {
  defaults: LicenceOrderInput;
  usage: { employees: number; teams: number };
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(licenceOrderSchema, {
    id: "licence-order",
    lastResult,
    defaultValue: { ...defaults, employees: String(defaults.employees), teams: String(defaults.teams) },
  });
  const labels = {
    employees: t("account:order.employees"),
    teams: t("account:order.teams"),
    modules: t("account:order.modules"),
    billingPeriod: t("account:order.billingPeriod"),
  };
  // "Fewer than in use" names the use (decision 1630).
  const values = { employees: { used: usage.employees }, teams: { used: usage.teams } };
  const chosenModules = new Set((fields.modules.initialValue as string[] | undefined) ?? []);
  const period = (fields.billingPeriod.initialValue as string | undefined) ?? "year";
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-4 rounded bg-white p-6 shadow-sm">
      <FormErrorSummary form={form} fields={fields} labels={labels} values={values} />
      {(["employees", "teams"] as const).map((name) => (
        <Field
          key={name}
          label={labels[name]}
          hint={t(name === "employees" ? "account:order.inUse" : "account:order.teamsInUse", { count: usage[name] })}
          errors={fields[name].errors}
          errorValues={values[name]}
          inputProps={{ ...getInputProps(fields[name], { type: "number" }), inputMode: "numeric" }}
        />
      ))}
      <fieldset id={fields.modules.id} aria-describedby={`${fields.modules.id}-hint`}>
        <legend className="font-medium">{labels.modules}</legend>
        <p id={`${fields.modules.id}-hint`} className="text-sm text-ink-muted">
          {t("account:order.modulesHint")}
        </p>
        {moduleKeys.map((key) => (
          <label key={key} className="mt-1 flex items-center gap-2">
            <input type="checkbox" name={fields.modules.name} value={key} defaultChecked={chosenModules.has(key)} />
            {t(`account:modules.names.${key}`)}
          </label>
        ))}
        <ErrorList errors={fields.modules.errors} label={labels.modules} />
      </fieldset>
      <fieldset id={fields.billingPeriod.id}>
        <legend className="font-medium">{labels.billingPeriod}</legend>
        {billingPeriods.map((key) => (
          <label key={key} className="mt-1 flex items-center gap-2">
            <input type="radio" name={fields.billingPeriod.name} value={key} defaultChecked={period === key} />
            {t(`account:order.periods.${key}`)}
          </label>
        ))}
        <ErrorList errors={fields.billingPeriod.errors} label={labels.billingPeriod} />
      </fieldset>
      <PriceList />
      <Button>{t("account:order.check")}</Button>
    </Form>
  );
}

/** What an order costs, line by line, with VAT and the total. */
export function OrderSummary({ order }: { order: CheckedOrder }) {
  const { t, i18n } = useTranslation();
  const euro = (cents: number) => formatEuro(cents, i18n.language);
  const { amounts, input } = order;
  return (
    <div className="space-y-2" data-testid="order-summary">
      <p>{t(`account:order.summaryPeriod.${input.billingPeriod}`, { months: MONTHS_BILLED[input.billingPeriod] })}</p>
      <ListTable
        caption={t("account:order.summary")}
        sticky={false}
        columns={[
          t("account:order.item"),
          t("account:order.quantity"),
          t("account:order.unit"),
          t("account:order.amount"),
        ]}
      >
        {amounts.lines.map((line) => (
          <Row
            key={line.key}
            heading={
              line.key === "employees" || line.key === "teams"
                ? t(`account:order.${line.key}`)
                : t(`account:modules.names.${line.key}`)
            }
            cells={[String(line.quantity), euro(line.unitCents), euro(line.cents)]}
          />
        ))}
        <Row heading={t("account:order.net")} cells={["", "", euro(amounts.netCents)]} />
        <Row
          heading={t("account:order.vat", { percent: amounts.vatPercent })}
          cells={["", "", euro(amounts.vatCents)]}
        />
        <Row
          heading={<strong>{t("account:order.total")}</strong>}
          cells={["", "", <strong key="total">{euro(amounts.totalCents)}</strong>]}
        />
      </ListTable>
      {order.modulesOff.length ? (
        <p className="font-medium" data-testid="modules-off">
          {t("account:order.modulesOff", {
            modules: order.modulesOff.map((key) => t(`account:modules.names.${key}`)).join(", "),
          })}
        </p>
      ) : null}
      <p>{t("account:order.byInvoice")}</p>
    </div>
  );
}

/** After the check: the summary and the link to the confirmation (a dialog with JavaScript, a page without). */
export function CheckedOrderPanel({ order }: { order: CheckedOrder }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="checked-order-title" className="max-w-2xl space-y-4 rounded bg-white p-6 shadow-sm">
      <h2 id="checked-order-title">{t("account:order.summary")}</h2>
      <OrderSummary order={order} />
      <ConfirmLink<CheckedOrder>
        href={`${CONFIRM_PATH}?${orderQuery(order.input)}`}
        title={t("account:order.confirmTitle")}
        label={t("account:order.place")}
        className="inline-block rounded bg-brand-700 px-4 py-2 font-medium text-white no-underline hover:bg-brand-800"
        load={(data) => <ConfirmOrder order={data} />}
      />
    </section>
  );
}

/** The confirmation: on its own page and in the dialog alike; the order travels in hidden fields. */
export function ConfirmOrder({ order }: { order: CheckedOrder }) {
  const { t } = useTranslation();
  const frame = useConfirmFrame();
  const { input } = order;
  return (
    <>
      <ConfirmHeading>{t("account:order.confirmTitle")}</ConfirmHeading>
      <OrderSummary order={order} />
      <p className="mt-4">{t("account:order.confirmText")}</p>
      <Form method="post" action={frame.action} className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="employees" value={input.employees} />
        <input type="hidden" name="teams" value={input.teams} />
        <input type="hidden" name="billingPeriod" value={input.billingPeriod} />
        {input.modules.map((key) => (
          <input key={key} type="hidden" name="modules" value={key} />
        ))}
        <Button>{t("account:order.confirm")}</Button>
        <CancelLink href="/account/subscription">{t("common:confirm.cancel")}</CancelLink>
      </Form>
    </>
  );
}
