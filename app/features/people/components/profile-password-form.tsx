import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { CurrentPasswordField } from "~/features/auth/components/current-password-field";
import { NewPasswordFields } from "~/features/auth/components/new-password-fields";
import { passwordChangeSchema } from "../profile.schema";

/** The profile's password tab: the present password, then the new one twice. */
export function ProfilePasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "profile-password",
    lastResult,
    constraint: getZodConstraint(passwordChangeSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordChangeSchema }),
  });
  const labels = {
    currentPassword: t("profile:password.current"),
    password: t("profile:password.new"),
    passwordConfirmation: t("profile:password.confirm"),
  };
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["currentPassword", "password", "passwordConfirmation"] as const).map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <CurrentPasswordField field={fields.currentPassword} label={labels.currentPassword} />
        <NewPasswordFields fields={fields} labels={labels} hint={t("profile:password.hint")} />
        <Button>{t("profile:password.submit")}</Button>
      </Form>
    </>
  );
}
