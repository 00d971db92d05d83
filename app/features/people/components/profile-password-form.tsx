import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, FormErrorSummary, useZodForm } from "~/components/ui/forms";
import { CurrentPasswordField } from "~/features/auth/components/current-password-field";
import { NewPasswordFields } from "~/features/auth/components/new-password-fields";
import { passwordChangeSchema } from "../profile.schema";

/** The profile's password tab: the present password, then the new one twice. */
export function ProfilePasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(passwordChangeSchema, {
    id: "profile-password",
    lastResult,
  });
  const labels = {
    currentPassword: t("profile:password.current"),
    password: t("profile:password.new"),
    passwordConfirmation: t("profile:password.confirm"),
  };
  return (
    <>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <CurrentPasswordField field={fields.currentPassword} label={labels.currentPassword} />
        <NewPasswordFields fields={fields} labels={labels} hint={t("profile:password.hint")} />
        <Button>{t("profile:password.submit")}</Button>
      </Form>
    </>
  );
}
