import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { UpdatesFrequency } from "#db/schema/enums";
import { Button, ErrorSummary, Field, SelectField } from "~/components/ui/forms";
import { supportedLanguages, type Language } from "~/utils/i18n";
import { profileDetailsSchema } from "../profile.schema";

const frequencies = ["weekly", "biweekly", "fourweekly"] as const;

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
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      language: profile.language,
      updatesFrequency: profile.updatesFrequency ?? undefined,
    },
    constraint: getZodConstraint(profileDetailsSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: profileDetailsSchema }),
  });
  const labels = {
    firstName: t("profile:details.firstName"),
    lastName: t("profile:details.lastName"),
    language: t("profile:details.language"),
    updatesFrequency: t("profile:details.updatesFrequency"),
  };
  return (
    <>
      <ErrorSummary
        formErrors={form.errors}
        fieldErrors={(["firstName", "lastName", "language", "updatesFrequency"] as const).map((name) => ({
          id: fields[name].id,
          label: labels[name],
          errors: fields[name].errors,
        }))}
      />
      <Form method="post" {...getFormProps(form)} noValidate className="rounded bg-white p-6 shadow-sm">
        <p className="mb-4 text-sm text-ink-muted">
          {t("profile:details.email")}: <strong>{profile.email}</strong>
        </p>
        {(
          [
            ["firstName", "given-name"],
            ["lastName", "family-name"],
          ] as const
        ).map(([name, autoComplete]) => (
          <Field
            key={name}
            label={labels[name]}
            errors={fields[name].errors}
            inputProps={{ ...getInputProps(fields[name], { type: "text" }), autoComplete }}
          />
        ))}
        <SelectField
          label={labels.language}
          errors={fields.language.errors}
          selectProps={getSelectProps(fields.language)}
          options={supportedLanguages.map((lng) => ({ value: lng, label: t(`common:language.${lng}`) }))}
        />
        {profile.updatesFrequency ? (
          <SelectField
            label={labels.updatesFrequency}
            errors={fields.updatesFrequency.errors}
            selectProps={getSelectProps(fields.updatesFrequency)}
            options={frequencies.map((f) => ({ value: f, label: t(`profile:frequency.${f}`) }))}
          />
        ) : null}
        <Button>{t("profile:details.submit")}</Button>
      </Form>
    </>
  );
}
