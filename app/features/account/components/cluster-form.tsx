import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, SelectInputField, useZodForm } from "~/components/ui/forms";
import { clusterSchema } from "../account.schema";

export function ClusterForm({
  parents,
  defaults,
  submitLabel,
  formId = "cluster-create",
  lastResult,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  parents: { id: string; name: string }[];
  defaults?: { name: string; parentId: string | null };
  submitLabel?: string;
  formId?: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(clusterSchema, {
    id: formId,
    lastResult,
    defaultValue: defaults ? { name: defaults.name, parentId: defaults.parentId ?? "" } : undefined,
  });
  const labels = { name: t("account:clusters.name"), parentId: t("account:clusters.parent") };
  return (
    <section aria-labelledby={`${formId}-title`} className="max-w-2xl rounded bg-white p-6 shadow-sm">
      <h2 id={`${formId}-title`} className="mb-2">
        {defaults ? t("account:clusters.edit") : t("account:clusters.create")}
      </h2>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <InputField meta={fields.name} label={labels.name} />
        <SelectInputField
          meta={fields.parentId}
          label={labels.parentId}
          options={[
            { value: "", label: t("account:clusters.noParent") },
            ...parents.map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <Button name="intent" value="save">
          {submitLabel ?? t("account:clusters.createSubmit")}
        </Button>
      </Form>
    </section>
  );
}
