import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  DateInputField,
  FormErrorSummary,
  InputField,
  SelectInputField,
  useZodForm,
} from "~/components/ui/forms";
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
  const [form, fields] = useZodForm(contractSchema, { id, lastResult, defaultValue });
  const labels = {
    positionId: t("employees:contracts.position"),
    start: t("employees:contracts.start"),
    end: t("employees:contracts.end"),
    fte: t("employees:contracts.fte"),
    hoursPerWeek: t("employees:contracts.hoursPerWeek"),
    isTemporary: t("employees:contracts.kind"),
  };
  const dateHint = t("employees:fields.dateHint");
  return (
    <>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <input type="hidden" name="intent" value={intent} />
        <SelectInputField
          meta={fields.positionId}
          label={labels.positionId}
          options={[
            { value: "", label: t("employees:contracts.choosePosition") },
            ...positions.map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <DateInputField meta={fields.start} label={labels.start} hint={dateHint} />
        <DateInputField meta={fields.end} label={labels.end} hint={dateHint} />
        <InputField meta={fields.fte} label={labels.fte} hint={t("employees:contracts.fteHint")} inputMode="decimal" />
        <InputField meta={fields.hoursPerWeek} label={labels.hoursPerWeek} inputMode="decimal" />
        <SelectInputField
          meta={fields.isTemporary}
          label={labels.isTemporary}
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
