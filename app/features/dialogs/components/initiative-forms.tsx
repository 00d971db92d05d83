import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "~/components/ui/checkbox";
import { Button, ErrorList, InputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { dialogFormId } from "../dialog-rules";
import { initiativeEditSchema, linkSchema, progressSchema } from "../dialogs.schema";
import { IntentFields, useFormResult } from "./dialog-form";

type Initiative = { id: string; title: string; progress: number; openIssue: boolean; notes: string };

/** Progress, open-issue flag and notes of an initiative. */
export function InitiativeEditForm({ initiative }: { initiative: Initiative }) {
  const { t } = useTranslation();
  const formId = dialogFormId("editInitiative", initiative.id);
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
  const formId = dialogFormId("addLink", initiativeId);
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
 * initiative's progress. Without JavaScript this is the second form step: the completion redirects here
 * (`?adjust=`) and the question shows in the initiative. With JavaScript the same question opens as a
 * modal dialog over the page (docs/decisions/1282); closing it (Escape, "do not adjust") leaves progress as is.
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
  const formId = dialogFormId("setProgress", initiative.id);
  const [form, fields] = useZodForm(progressSchema, {
    id: formId,
    lastResult: useFormResult(formId),
    defaultValue: { progress: String(Math.max(suggested, initiative.progress)) },
  });
  const content = (
    <>
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
          <Link to={`/dialogs/${dialogId}`} preventScrollReset>
            {t("dialogs:adjust.keep")}
          </Link>
        </div>
      </Form>
    </>
  );
  return <PromptFrame dialogId={dialogId}>{content}</PromptFrame>;
}

/** Server render and no JavaScript: a section in the initiative; once hydrated: a modal `<dialog>`. */
function PromptFrame({ dialogId, children }: { dialogId: string; children: ReactNode }) {
  const [modal, setModal] = useState(false);
  const ref = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  useEffect(() => setModal(true), []);
  useEffect(() => {
    if (modal && ref.current && !ref.current.open) ref.current.showModal();
  }, [modal]);
  if (!modal)
    return (
      <section
        id="adjust-progress"
        aria-labelledby="adjust-progress-title"
        className="mt-3 rounded border-2 border-brand-600 bg-brand-50 p-4"
      >
        {children}
      </section>
    );
  return (
    <dialog
      ref={ref}
      id="adjust-progress"
      aria-labelledby="adjust-progress-title"
      onCancel={(event) => {
        event.preventDefault();
        navigate(`/dialogs/${dialogId}`, { preventScrollReset: true });
      }}
      className="w-full max-w-md rounded border-2 border-brand-600 bg-white p-6 shadow-lg backdrop:bg-black/40"
    >
      {children}
    </dialog>
  );
}
