import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { DateInputField, InputField, SelectInputField } from "~/components/ui/forms";

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
  const text = (name: PersonFieldName, type?: "email") => (
    <InputField meta={fields[name]} label={labels[name]} type={type} autoComplete="off" />
  );
  return (
    <>
      {text("firstName")}
      {text("lastName")}
      {text("email", "email")}
      <InputField
        meta={fields.employeeNumber}
        label={labels.employeeNumber}
        hint={employeeNumberHint}
        autoComplete="off"
      />
      {text("phone")}
      <DateInputField meta={fields.birthday} label={labels.birthday} hint={t("employees:fields.dateHint")} />
      <SelectInputField
        meta={fields.gender}
        label={labels.gender}
        options={[
          { value: "", label: t("employees:gender.unknown") },
          { value: "f", label: t("employees:gender.f") },
          { value: "m", label: t("employees:gender.m") },
        ]}
      />
      {text("address")}
      {text("zip")}
      {text("city")}
      {text("country")}
      <SelectInputField
        meta={fields.language}
        label={labels.language}
        options={(["nl", "en", "de"] as const).map((l) => ({ value: l, label: t(`common:language.${l}`) }))}
      />
      <SelectInputField
        meta={fields.loginType}
        label={labels.loginType}
        options={(["email", "sso", "emailAndSSO"] as const).map((l) => ({
          value: l,
          label: t(`employees:loginType.${l}`),
        }))}
      />
    </>
  );
}
