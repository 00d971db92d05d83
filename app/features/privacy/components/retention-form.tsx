import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Section } from "~/components/ui/table";
import { Button, Field, FormErrorSummary, useZodForm } from "~/components/ui/forms";
import { retentionSchema, type RetentionSettings } from "../retention.schema";

const names = ["peopleMonths", "reviewTextMonths", "dialogMonths", "importDays"] as const;

/** The account's retention settings (decision 1561): four numbers, two of which may stay empty. */
export function RetentionForm({
  settings,
  lastResult,
}: {
  settings: RetentionSettings;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(retentionSchema, {
    id: "retention",
    lastResult,
    defaultValue: Object.fromEntries(names.map((n) => [n, settings[n] === null ? "" : String(settings[n])])),
  });
  const labels = Object.fromEntries(names.map((n) => [n, t(`audit:retention.fields.${n}`)])) as Record<
    (typeof names)[number],
    string
  >;
  return (
    <Section
      id="retention"
      title={t("audit:retention.title")}
      className="mt-6 max-w-2xl rounded bg-white p-6 shadow-sm"
    >
      <p className="mb-4 max-w-prose">{t("audit:retention.intro")}</p>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <input type="hidden" name="intent" value="retention" />
        {names.map((n) => (
          <Field
            key={n}
            label={labels[n]}
            hint={t(`audit:retention.hints.${n}`)}
            errors={fields[n].errors}
            inputProps={{ ...getInputProps(fields[n], { type: "text" }), inputMode: "numeric", className: "w-24" }}
          />
        ))}
        <Button variant="secondary">{t("audit:retention.submit")}</Button>
      </Form>
    </Section>
  );
}
