import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, InputField, SelectInputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { ambitionSchema } from "../growth.schema";

type AmbitionValue = { role: string; positionId: string | null; competenceId: string | null; text: string };

/** Record or change my ambition (my/growth): a real POST form, errors next to the field, nothing typed lost. */
export function AmbitionForm({
  ambition,
  positions,
  competences,
  lastResult,
}: {
  ambition: AmbitionValue | null;
  positions: { id: string; name: string }[];
  /** The cluster's competence book; null without the competences module (no field then). */
  competences: { id: string; name: string }[] | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(ambitionSchema, {
    id: "ambition",
    lastResult,
    defaultValue: {
      role: ambition?.role ?? "",
      positionId: ambition?.positionId ?? "",
      competenceId: ambition?.competenceId ?? "",
      text: ambition?.text ?? "",
    },
  });
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="mt-4">
      <InputField meta={fields.role} label={t("growth:ambition.role")} hint={t("growth:ambition.roleHint")} />
      <SelectInputField
        meta={fields.positionId}
        label={t("growth:ambition.position")}
        options={[
          { value: "", label: t("growth:ambition.noPosition") },
          ...positions.map((p) => ({ value: p.id, label: p.name })),
        ]}
      />
      {competences ? (
        <SelectInputField
          meta={fields.competenceId}
          label={t("growth:ambition.competence")}
          hint={t("growth:ambition.competenceHint")}
          options={[
            { value: "", label: t("growth:ambition.noCompetence") },
            ...competences.map((c) => ({ value: c.id, label: c.name })),
          ]}
        />
      ) : null}
      <TextareaInputField
        meta={fields.text}
        label={t("growth:ambition.text")}
        hint={t("growth:ambition.textHint")}
        rows={4}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="save">
          {t("growth:ambition.save")}
        </Button>
        {ambition ? (
          <Button type="submit" name="intent" value="clear" variant="secondary" formNoValidate>
            {t("growth:ambition.clear")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
