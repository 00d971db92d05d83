import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, InputField, useZodForm } from "~/components/ui/forms";
import { Section } from "~/components/ui/table";
import { minGroupSizeSchema } from "../small-groups.schema";

/** The cluster setting "minimum group size" on the cluster settings page (docs/decisions/1600). */
export function MinGroupSizeForm({
  value,
  lastResult,
}: {
  value: number;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(minGroupSizeSchema, {
    id: "min-group-size",
    lastResult,
    defaultValue: { minGroupSize: String(value) },
  });
  const labels = { minGroupSize: t("analytics:smallGroups.settingLabel") };
  const hint = t("analytics:smallGroups.settingHint");
  return (
    <Section
      id="min-group-size"
      title={t("analytics:smallGroups.settingTitle")}
      className="mt-6 max-w-2xl rounded bg-white p-6 shadow-sm"
    >
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <InputField meta={fields.minGroupSize} label={labels.minGroupSize} hint={hint} inputMode="numeric" size={4} />
        <Button name="intent" value="minGroupSize">
          {t("analytics:smallGroups.settingSave")}
        </Button>
      </Form>
    </Section>
  );
}
