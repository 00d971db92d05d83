import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, SelectInputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { calibrationMoveSchema } from "../calibration.schema";

/** Moves one person to another development role with a reason (required). Works without JavaScript. */
export function CalibrationMoveForm({
  lastResult,
  placedRole,
  roles,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  placedRole: number | null;
  roles: readonly { id: number; label: string }[];
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(calibrationMoveSchema, {
    id: "calibration-move",
    lastResult,
    defaultValue: { role: "", reason: "" },
  });
  const labels = { role: t("calibration:move.role"), reason: t("calibration:move.reason") };
  return (
    <>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <SelectInputField
          meta={fields.role}
          label={labels.role}
          options={[
            { value: "", label: t("calibration:move.choose") },
            ...roles.filter((r) => r.id !== placedRole).map((r) => ({ value: String(r.id), label: r.label })),
          ]}
        />
        <TextareaInputField
          meta={fields.reason}
          label={labels.reason}
          hint={t("calibration:move.reasonHint")}
          rows={4}
        />
        <Button type="submit" className="mt-4">
          {t("calibration:move.submit")}
        </Button>
      </Form>
    </>
  );
}
