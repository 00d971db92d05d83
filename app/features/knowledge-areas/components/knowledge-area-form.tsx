import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { areaSchema } from "../knowledge-areas.schema";

/** The form of a knowledge area's name and description: adding one and renaming one (docs/decisions/1320). */
export function KnowledgeAreaForm({
  heading,
  defaultValue,
  hint,
  lastResult,
}: {
  heading: string;
  defaultValue?: { name: string; description: string };
  hint?: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(areaSchema, { id: "knowledge-area", lastResult, defaultValue });
  const labels = { name: t("knowledge-areas:areas.name"), description: t("knowledge-areas:areas.description") };
  return (
    <div className="max-w-3xl">
      <p className="mb-2">
        <Link to="/knowledge-areas/areas">{t("knowledge-areas:areas.back")}</Link>
      </p>
      <h1 className="mb-4">{heading}</h1>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <InputField meta={fields.name} label={labels.name} />
        <TextareaInputField meta={fields.description} label={labels.description} />
        {hint ? <p className="mb-4 text-ink-muted">{hint}</p> : null}
        <Button>{t("knowledge-areas:areas.save")}</Button>
      </Form>
    </div>
  );
}
