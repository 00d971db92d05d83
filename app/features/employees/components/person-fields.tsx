import { getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Field, SelectField } from "~/components/ui/forms";

export const personFieldNames = [
  "firstName",
  "lastName",
  "email",
  "employeeNumber",
  "phone",
  "birthday",
  "gender",
  "address",
  "zip",
  "city",
  "country",
  "language",
  "loginType",
] as const;
export type PersonFieldName = (typeof personFieldNames)[number];

export function usePersonLabels(): Record<PersonFieldName, string> {
  const { t } = useTranslation();
  return Object.fromEntries(personFieldNames.map((n) => [n, t(`employees:fields.${n}`)])) as Record<
    PersonFieldName,
    string
  >;
}

/** The person's fields, shared by the new-person wizard and the details tab. */
export function PersonFields({
  fields,
  employeeNumberHint,
}: {
  fields: Record<PersonFieldName, FieldMetadata<string>>;
  employeeNumberHint?: string;
}) {
  const { t } = useTranslation();
  const labels = usePersonLabels();
  const text = (name: PersonFieldName, autoComplete?: string, extra: Record<string, string> = {}) => (
    <Field
      label={labels[name]}
      errors={fields[name].errors}
      inputProps={{ ...getInputProps(fields[name], { type: "text" }), autoComplete, ...extra }}
    />
  );
  return (
    <>
      {text("firstName", "off")}
      {text("lastName", "off")}
      <Field
        label={labels.email}
        errors={fields.email.errors}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "off" }}
      />
      <Field
        label={labels.employeeNumber}
        hint={employeeNumberHint}
        errors={fields.employeeNumber.errors}
        inputProps={{ ...getInputProps(fields.employeeNumber, { type: "text" }), autoComplete: "off" }}
      />
      {text("phone", "off")}
      <Field
        label={labels.birthday}
        hint={t("employees:fields.dateHint")}
        errors={fields.birthday.errors}
        inputProps={{
          ...getInputProps(fields.birthday, { type: "text" }),
          placeholder: t("employees:fields.datePlaceholder"),
        }}
      />
      <SelectField
        label={labels.gender}
        errors={fields.gender.errors}
        selectProps={getSelectProps(fields.gender)}
        options={[
          { value: "", label: t("employees:gender.unknown") },
          { value: "f", label: t("employees:gender.f") },
          { value: "m", label: t("employees:gender.m") },
        ]}
      />
      {text("address", "off")}
      {text("zip", "off")}
      {text("city", "off")}
      {text("country", "off")}
      <SelectField
        label={labels.language}
        errors={fields.language.errors}
        selectProps={getSelectProps(fields.language)}
        options={(["nl", "en", "de"] as const).map((l) => ({ value: l, label: t(`common:language.${l}`) }))}
      />
      <SelectField
        label={labels.loginType}
        errors={fields.loginType.errors}
        selectProps={getSelectProps(fields.loginType)}
        options={(["email", "sso", "emailAndSSO"] as const).map((l) => ({
          value: l,
          label: t(`employees:loginType.${l}`),
        }))}
      />
    </>
  );
}
