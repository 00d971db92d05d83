import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { updatesFrequencies, type UpdatesFrequency } from "#db/schema/enums";
import { Button, FormErrorSummary, InputField, SelectInputField, useZodForm } from "~/components/ui/forms";
import { supportedLanguages, type Language } from "~/utils/i18n";
import { profileDetailsSchema } from "../profile.schema";

/** The profile's details tab: names, language and, for a member of a cluster, how often updates arrive. */
export function ProfileDetailsForm({
  profile,
  lastResult,
}: {
  profile: {
    email: string;
    firstName: string;
    lastName: string;
    language: Language;
    updatesFrequency: UpdatesFrequency | null;
  };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(profileDetailsSchema, {
    id: "profile-details",
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      language: profile.language,
      updatesFrequency: profile.updatesFrequency ?? undefined,
    },
  });
  const labels = {
    firstName: t("profile:details.firstName"),
    lastName: t("profile:details.lastName"),
    language: t("profile:details.language"),
    updatesFrequency: t("profile:details.updatesFrequency"),
  };
  return (
    <>
      <FormErrorSummary form={form} fields={fields} labels={labels} />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <p className="mb-4 text-sm text-ink-muted">
          {t("profile:details.email")}: <strong>{profile.email}</strong>
        </p>
        <InputField meta={fields.firstName} label={labels.firstName} autoComplete="given-name" />
        <InputField meta={fields.lastName} label={labels.lastName} autoComplete="family-name" />
        <SelectInputField
          meta={fields.language}
          label={labels.language}
          options={supportedLanguages.map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
        />
        {profile.updatesFrequency ? (
          <SelectInputField
            meta={fields.updatesFrequency}
            label={labels.updatesFrequency}
            hint={t("profile:details.updatesFrequencyHint")}
            options={updatesFrequencies.map((f) => ({ value: f, label: t(`profile:frequency.${f}`) }))}
          />
        ) : null}
        <Button>{t("profile:details.submit")}</Button>
      </Form>
    </>
  );
}
