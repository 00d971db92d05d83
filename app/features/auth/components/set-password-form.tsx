import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { passwordRules, newPasswordSchema } from "../password.schema";
import { NewPasswordFields, type NewPasswordLabels } from "./new-password-fields";

const setPasswordSchema = newPasswordSchema(passwordRules, {});

/** The form state of a page that only sets a password; the browser checks the rules, the action adds the common-password check. */
export function useSetPasswordForm(id: string, lastResult: SubmissionResult<string[]> | undefined) {
  return useForm({
    id,
    lastResult,
    constraint: getZodConstraint(setPasswordSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: setPasswordSchema }),
  });
}

/** The whole form of a page that only sets a password (a reset code, an invitation): summary, fields, button. */
export function SetPasswordForm({
  form: [form, fields],
  labels,
  hint,
  submitLabel,
  children,
}: {
  form: ReturnType<typeof useSetPasswordForm>;
  labels: NewPasswordLabels;
  hint: string;
  submitLabel: string;
  /** Extra inputs inside the form (e.g. the address a password manager saves the password under). */
  children?: ReactNode;
}) {
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["password", "passwordConfirmation"] as const).map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        {children}
        <NewPasswordFields fields={fields} labels={labels} hint={hint} />
        <Button>{submitLabel}</Button>
      </Form>
    </>
  );
}
