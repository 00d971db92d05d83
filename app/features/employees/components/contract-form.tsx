import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary, Field, SelectField } from "~/components/ui/forms";
import { contractSchema } from "../employees.schema";

export type ContractFormValues = {
  positionId?: string;
  start?: string;
  end?: string;
  fte?: string;
  hoursPerWeek?: string;
  isTemporary?: "temporary" | "permanent";
  isActive?: "on" | "";
};

/** The contract form of the contracts tab (add) and the contract page (edit): same fields, same rules. */
export function ContractForm({
  id,
  intent,
  lastResult,
  defaultValue,
  positions,
  submitLabel,
  children,
}: {
  id: string;
  intent: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue: ContractFormValues;
  positions: { id: string; name: string }[];
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id,
    lastResult,
    defaultValue,
    constraint: getZodConstraint(contractSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contractSchema }),
  });
  const labels = {
    positionId: t("employees:contracts.position"),
    start: t("employees:contracts.start"),
    end: t("employees:contracts.end"),
    fte: t("employees:contracts.fte"),
    hoursPerWeek: t("employees:contracts.hoursPerWeek"),
    isTemporary: t("employees:contracts.kind"),
  };
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["positionId", "start", "end", "fte", "hoursPerWeek", "isTemporary"] as const).map((n) => ({
          id: fields[n].id,
          label: labels[n],
          errors: fields[n].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value={intent} />
        <SelectField
          label={labels.positionId}
          errors={fields.positionId.errors}
          selectProps={getSelectProps(fields.positionId)}
          options={[
            { value: "", label: t("employees:contracts.choosePosition") },
            ...positions.map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <Field
          label={labels.start}
          hint={t("employees:fields.dateHint")}
          errors={fields.start.errors}
          inputProps={{
            ...getInputProps(fields.start, { type: "text" }),
            placeholder: t("employees:fields.datePlaceholder"),
          }}
        />
        <Field
          label={labels.end}
          hint={t("employees:fields.dateHint")}
          errors={fields.end.errors}
          inputProps={{
            ...getInputProps(fields.end, { type: "text" }),
            placeholder: t("employees:fields.datePlaceholder"),
          }}
        />
        <Field
          label={labels.fte}
          hint={t("employees:contracts.fteHint")}
          errors={fields.fte.errors}
          inputProps={{ ...getInputProps(fields.fte, { type: "text" }), inputMode: "decimal" }}
        />
        <Field
          label={labels.hoursPerWeek}
          errors={fields.hoursPerWeek.errors}
          inputProps={{ ...getInputProps(fields.hoursPerWeek, { type: "text" }), inputMode: "decimal" }}
        />
        <SelectField
          label={labels.isTemporary}
          errors={fields.isTemporary.errors}
          selectProps={getSelectProps(fields.isTemporary)}
          options={[
            { value: "permanent", label: t("employees:contracts.permanent") },
            { value: "temporary", label: t("employees:contracts.temporary") },
          ]}
        />
        <label className="mb-4 flex items-center gap-2">
          <input {...getInputProps(fields.isActive, { type: "checkbox", value: "on" })} />
          {t("employees:contracts.active")}
        </label>
        <div className="flex items-center gap-4">
          <Button>{submitLabel}</Button>
          {children}
        </div>
      </Form>
    </>
  );
}
