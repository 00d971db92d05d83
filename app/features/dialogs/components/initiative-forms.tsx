import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "~/components/ui/checkbox";
import { Button, ErrorList, InputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { initiativeEditSchema, linkSchema, progressSchema } from "../dialogs.schema";
import { IntentFields, useFormResult } from "./dialog-form";

type Initiative = { id: string; title: string; progress: number; openIssue: boolean; notes: string };

/** Progress, open-issue flag and notes of an initiative. */
export function InitiativeEditForm({ initiative }: { initiative: Initiative }) {
  const { t } = useTranslation();
  const formId = `editInitiative-${initiative.id}`;
  const [form, fields] = useZodForm(initiativeEditSchema, {
    id: formId,
    lastResult: useFormResult(formId),
    defaultValue: {
      progress: String(initiative.progress),
      openIssue: initiative.openIssue ? "on" : undefined,
      notes: initiative.notes,
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-3">
      <IntentFields intent="editInitiative" target={{ name: "initiativeId", value: initiative.id }} />
      <ErrorList errors={form.errors} />
      <InputField
        meta={fields.progress}
        label={t("dialogs:initiative.progressLabel", { title: initiative.title })}
        hint={t("dialogs:initiative.progressHint")}
        inputMode="numeric"
      />
      <CheckboxField
        label={t("dialogs:initiative.openIssue")}
        errors={fields.openIssue.errors}
        inputProps={getInputProps(fields.openIssue, { type: "checkbox", value: "on" })}
      />
      <TextareaInputField meta={fields.notes} label={t("dialogs:initiative.notes")} />
      <Button variant="secondary">{t("dialogs:initiative.save")}</Button>
    </Form>
  );
}

/** A link of an initiative: a title and an http(s) address. */
export function LinkForm({ initiativeId }: { initiativeId: string }) {
  const { t } = useTranslation();
  const formId = `addLink-${initiativeId}`;
  const [form, fields] = useZodForm(linkSchema, { id: formId, lastResult: useFormResult(formId) });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-3">
      <IntentFields intent="addLink" target={{ name: "initiativeId", value: initiativeId }} />
      <ErrorList errors={form.errors} />
      <div className="flex flex-wrap gap-x-4">
        <InputField meta={fields.title} label={t("dialogs:link.title")} />
        <InputField meta={fields.url} label={t("dialogs:link.url")} hint={t("dialogs:link.urlHint")} type="url" />
      </div>
      <Button variant="secondary">{t("dialogs:link.add")}</Button>
    </Form>
  );
}

/**
 * Spec §4: after an action was completed (or taken back) the person is asked whether to adjust the
 * initiative's progress. Without JavaScript too: the completion redirects here (`?adjust=`).
 */
export function ProgressPrompt({
  dialogId,
  initiative,
  suggested,
}: {
  dialogId: string;
  initiative: Initiative;
  suggested: number;
}) {
  const { t } = useTranslation();
  const formId = `setProgress-${initiative.id}`;
  const [form, fields] = useZodForm(progressSchema, {
    id: formId,
    lastResult: useFormResult(formId),
    defaultValue: { progress: String(Math.max(suggested, initiative.progress)) },
  });
  return (
    <section
      id="adjust-progress"
      aria-labelledby="adjust-progress-title"
      className="mt-3 rounded border-2 border-brand-600 bg-brand-50 p-4"
    >
      <h5 id="adjust-progress-title" className="font-semibold">
        {t("dialogs:adjust.title")}
      </h5>
      <p className="mb-2">
        {t("dialogs:adjust.question", { title: initiative.title, progress: initiative.progress, suggested })}
      </p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <IntentFields intent="setProgress" target={{ name: "initiativeId", value: initiative.id }} />
        <ErrorList errors={form.errors} />
        <InputField meta={fields.progress} label={t("dialogs:adjust.label")} inputMode="numeric" />
        <div className="flex flex-wrap items-center gap-4">
          <Button>{t("dialogs:adjust.save")}</Button>
          <Link to={`/dialogs/${dialogId}`}>{t("dialogs:adjust.keep")}</Link>
        </div>
      </Form>
    </section>
  );
}
