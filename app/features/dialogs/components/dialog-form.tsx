import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import type * as z from "zod";
import { Button, ErrorList, InputField, TextareaInputField, useZodForm } from "~/components/ui/forms";
import { dialogFormId } from "../dialog-rules";

type ActionData = { formId?: string; reply?: SubmissionResult<string[]> } | undefined;

/** The failed submission of this one form of the dialog page (its id is intent + row), else undefined. */
export function useFormResult(formId: string) {
  const data = useActionData() as ActionData;
  return data?.formId === formId ? data.reply : undefined;
}

/** The id of the form whose submission failed (its `<details>` stays open to show the messages). */
export function useFailedFormId(): string {
  return (useActionData() as ActionData)?.formId ?? "";
}

/** Hidden fields every dialog form sends: its intent and the row it is about. */
export function IntentFields({ intent, target }: { intent: string; target?: { name: string; value: string } }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      {target ? <input type="hidden" name={target.name} value={target.value} /> : null}
    </>
  );
}

/**
 * A dialog form with one text field (objective, a learning goal's or initiative's or action's title):
 * conform + zod, the message next to the field, what was typed kept.
 */
export function TextForm<S extends z.ZodObject>({
  intent,
  target,
  schema,
  name,
  label,
  submitLabel,
  defaultValue,
  multiline,
  children,
}: {
  intent: string;
  target?: { name: string; value: string };
  schema: S;
  name: string;
  label: string;
  submitLabel: string;
  defaultValue?: string;
  multiline?: boolean;
  children?: ReactNode;
}) {
  const formId = dialogFormId(intent, target?.value);
  const lastResult = useFormResult(formId);
  const [form, fields] = useZodForm(schema, {
    id: formId,
    lastResult,
    defaultValue: defaultValue ? { [name]: defaultValue } : undefined,
  } as never);
  const meta = (fields as Record<string, Parameters<typeof InputField>[0]["meta"]>)[name];
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="mt-2">
      <IntentFields intent={intent} target={target} />
      <ErrorList id={`${formId}-form-error`} errors={form.errors} />
      {multiline ? <TextareaInputField meta={meta} label={label} /> : <InputField meta={meta} label={label} />}
      <div className="flex flex-wrap items-center gap-4">
        <Button variant="secondary">{submitLabel}</Button>
        {children}
      </div>
    </Form>
  );
}

/** A form that is only a button (archive, complete, finish): intent and row, no fields. */
export function ButtonForm({
  intent,
  target,
  label,
  variant = "secondary",
  ariaLabel,
}: {
  intent: string;
  target?: { name: string; value: string };
  label: string;
  variant?: "primary" | "secondary" | "danger";
  ariaLabel?: string;
}) {
  return (
    <Form method="post" className="inline">
      <IntentFields intent={intent} target={target} />
      <Button variant={variant} aria-label={ariaLabel} className="text-sm">
        {label}
      </Button>
    </Form>
  );
}

/**
 * Removing with a confirmation that needs no JavaScript: the first click opens the disclosure with the
 * question, the second (the danger button) posts the form.
 */
export function ConfirmRemove({
  intent,
  target,
  label,
  summaryLabel,
  question,
  confirmLabel,
}: {
  intent: string;
  target: { name: string; value: string };
  /** Visible text of the disclosure ("Remove"). */
  label: string;
  /** What it removes, for assistive technology ("Remove link X"). */
  summaryLabel: string;
  question: string;
  confirmLabel: string;
}) {
  return (
    <details className="inline-block align-top">
      <summary className="cursor-pointer text-sm font-medium text-danger">
        <span aria-hidden="true">{label}</span>
        <span className="sr-only">{summaryLabel}</span>
      </summary>
      <div role="group" aria-label={summaryLabel} className="mt-1 rounded border border-danger bg-danger-bg p-3">
        <p className="mb-2">{question}</p>
        <ButtonForm intent={intent} target={target} label={confirmLabel} variant="danger" />
      </div>
    </details>
  );
}
