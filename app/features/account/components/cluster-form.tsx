import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
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
  const [form, fields] = useForm({
    id: formId,
    lastResult,
    defaultValue: defaults ? { name: defaults.name, parentId: defaults.parentId ?? "" } : undefined,
    constraint: getZodConstraint(clusterSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: clusterSchema }),
  });
  const labels = { name: t("account:clusters.name"), parentId: t("account:clusters.parent") };
  return (
    <section aria-labelledby={`${formId}-title`} className="max-w-2xl rounded bg-white p-6 shadow-sm">
      <h2 id={`${formId}-title`} className="mb-2">
        {defaults ? t("account:clusters.edit") : t("account:clusters.create")}
      </h2>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["name", "parentId"] as const).map((n) => ({
          id: fields[n].id,
          label: labels[n],
          errors: fields[n].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate>
        <Field
          label={labels.name}
          errors={fields.name.errors}
          inputProps={getInputProps(fields.name, { type: "text" })}
        />
        <Field
          label={labels.parentId}
          errors={fields.parentId.errors}
          selectProps={getSelectProps(fields.parentId)}
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
