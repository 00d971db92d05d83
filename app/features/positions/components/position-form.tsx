import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, SelectInputField, useZodForm } from "~/components/ui/forms";
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
  const [form, fields] = useZodForm(positionSchema, {
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
  });
  const labels = {
    name: t("positions:name"),
    code: t("positions:code"),
    parentId: t("positions:parent"),
    levels: t("positions:levels"),
  };
  return (
    <>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <InputField meta={fields.name} label={labels.name} />
        <InputField meta={fields.code} label={labels.code} />
        <SelectInputField
          meta={fields.parentId}
          label={labels.parentId}
          options={[
            { value: "", label: t("positions:noParent") },
            ...parents.map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <InputField meta={fields.levels} label={labels.levels} hint={t("positions:levelsHint")} inputMode="numeric" />
        <Button name="intent" value="save">
          {submitLabel}
        </Button>
      </Form>
    </>
  );
}
