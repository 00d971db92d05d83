import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ErrorSummary } from "~/components/ui/forms";
import { CurrentPasswordField } from "~/features/auth/components/current-password-field";
import { disableTwoFactorSchema } from "~/features/auth/two-factor-settings.schema";

/** The profile's two-factor tab: turn two-step verification on (the /2fa/setup flow) or off (with the password, unless required). */
export function ProfileTwoFactorPanel({
  twoFactor,
  lastResult,
}: {
  twoFactor: { moduleActive: boolean; enabled: boolean; required: boolean };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "profile-two-factor",
    lastResult,
    constraint: getZodConstraint(disableTwoFactorSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: disableTwoFactorSchema }),
  });
  const label = t("profile:password.current");
  return (
    <div className="rounded bg-white p-6 shadow-sm">
      <p className="mb-4 font-medium" data-testid="two-factor-state">
        {t(twoFactor.enabled ? "profile:twoFactor.on" : "profile:twoFactor.off")}
      </p>
      {!twoFactor.moduleActive ? (
        <p>{t("profile:twoFactor.moduleOff")}</p>
      ) : !twoFactor.enabled ? (
        <Form method="post">
          <p className="mb-3">{t("profile:twoFactor.enableHint")}</p>
          <input type="hidden" name="intent" value="enable" />
          <Button>{t("profile:twoFactor.enable")}</Button>
        </Form>
      ) : twoFactor.required ? (
        <p>{t("profile:twoFactor.requiredError")}</p>
      ) : (
        <>
          <ErrorSummary
            formErrors={form.errors}
            fieldErrors={[{ id: fields.currentPassword.id, label, errors: fields.currentPassword.errors }]}
          />
          <Form method="post" {...getFormProps(form)} noValidate>
            <input type="hidden" name="intent" value="disable" />
            <CurrentPasswordField field={fields.currentPassword} label={label} />
            <Button variant="secondary">{t("profile:twoFactor.disable")}</Button>
          </Form>
        </>
      )}
    </div>
  );
}
