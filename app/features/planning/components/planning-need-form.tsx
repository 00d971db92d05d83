import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import {
  Button,
  FormErrorSummary,
  InputField,
  SelectInputField,
  TextareaInputField,
  useZodForm,
} from "~/components/ui/forms";
import { planningHorizons } from "../planning";
import { planningNeedSchema } from "../planning.schema";

type Option = { id: string; name: string };
export type NeedDefaults = {
  teamId: string;
  positionId: string;
  horizon: string;
  employees: number | null;
  fte: number | null;
  reason: string;
};

/** A team's need of a position at a horizon: people, FTE and the reason. Works without JavaScript. */
export function PlanningNeedForm({
  lastResult,
  defaults,
  teams,
  positions,
}: {
  lastResult: SubmissionResult<string[]> | undefined;
  defaults: NeedDefaults;
  teams: Option[];
  positions: Option[];
}) {
  const { t, i18n } = useTranslation();
  const decimal = (n: number | null) =>
    n === null ? "" : n.toLocaleString(i18n.language || "nl", { useGrouping: false, maximumFractionDigits: 2 });
  const [form, fields] = useZodForm(planningNeedSchema, {
    id: "planning-need",
    lastResult,
    defaultValue: {
      teamId: defaults.teamId,
      positionId: defaults.positionId,
      horizon: defaults.horizon,
      employees: defaults.employees === null ? "" : String(defaults.employees),
      fte: decimal(defaults.fte),
      reason: defaults.reason,
    },
  });
  const labels = {
    teamId: t("planning:form.team"),
    positionId: t("planning:form.position"),
    horizon: t("planning:form.horizon"),
    employees: t("planning:form.employees"),
    fte: t("planning:form.fte"),
    reason: t("planning:form.reason"),
  };
  const choose = { value: "", label: t("planning:form.choose") };
  return (
    <>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate>
        <SelectInputField
          meta={fields.teamId}
          label={labels.teamId}
          options={[choose, ...teams.map((o) => ({ value: o.id, label: o.name }))]}
        />
        <SelectInputField
          meta={fields.positionId}
          label={labels.positionId}
          options={[choose, ...positions.map((o) => ({ value: o.id, label: o.name }))]}
        />
        <SelectInputField
          meta={fields.horizon}
          label={labels.horizon}
          options={planningHorizons.map((h) => ({ value: h, label: t(`planning:horizons.${h}`) }))}
        />
        <InputField meta={fields.employees} label={labels.employees} inputMode="numeric" />
        <InputField meta={fields.fte} label={labels.fte} hint={t("planning:form.fteHint")} inputMode="decimal" />
        <TextareaInputField meta={fields.reason} label={labels.reason} hint={t("planning:form.reasonHint")} />
        <Button name="intent" value="save">
          {t("planning:form.save")}
        </Button>
      </Form>
    </>
  );
}
