import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field } from "~/components/ui/forms";
import { positionSchema } from "../positions.schema";

type Values = { name: string; code: string | null; parentId: string | null; levels: number | null };

export function PositionForm({
  id,
  lastResult,
  defaults,
  parents,
  submitLabel,
}: {
  id: string;
  lastResult: SubmissionResult<string[]> | undefined;
  defaults?: Values;
  parents: { id: string; name: string }[];
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue: defaults
      ? {
          name: defaults.name,
          code: defaults.code ?? "",
          parentId: defaults.parentId ?? "",
          levels: defaults.levels === null ? "" : String(defaults.levels),
        }
      : undefined,
    constraint: getZodConstraint(positionSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: positionSchema }),
  });
  const labels = {
    name: t("positions:name"),
    code: t("positions:code"),
    parentId: t("positions:parent"),
    levels: t("positions:levels"),
  };
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["name", "code", "parentId", "levels"] as const).map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate>
        <Field
          label={labels.name}
          errors={fields.name.errors}
          inputProps={getInputProps(fields.name, { type: "text" })}
        />
        <Field
          label={labels.code}
          errors={fields.code.errors}
          inputProps={getInputProps(fields.code, { type: "text" })}
        />
        <Field
          label={labels.parentId}
          errors={fields.parentId.errors}
          selectProps={getSelectProps(fields.parentId)}
          options={[
            { value: "", label: t("positions:noParent") },
            ...parents.map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <Field
          label={labels.levels}
          hint={t("positions:levelsHint")}
          errors={fields.levels.errors}
          inputProps={{ ...getInputProps(fields.levels, { type: "text" }), inputMode: "numeric" }}
        />
        <Button name="intent" value="save">
          {submitLabel}
        </Button>
      </Form>
    </>
  );
}
