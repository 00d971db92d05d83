import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/forms";

export type NewPasswordLabels = { password: string; passwordConfirmation: string };

/**
 * A new password and its repetition, as every form that sets one asks them (sign-up, reset, invitation,
 * profile): fields `password` and `passwordConfirmation`, the rules as the hint, `autocomplete="new-password"`
 * so password managers offer to generate and save it.
 */
export function NewPasswordFields({
  fields,
  labels,
  hint,
}: {
  fields: { password: FieldMetadata<unknown>; passwordConfirmation: FieldMetadata<unknown> };
  labels: NewPasswordLabels;
  /** The password rules, under the new password's label. */
  hint: string;
}) {
  return (
    <>
      <Field
        label={labels.password}
        hint={hint}
        errors={fields.password.errors}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
      />
      <Field
        label={labels.passwordConfirmation}
        errors={fields.passwordConfirmation.errors}
        inputProps={{
          ...getInputProps(fields.passwordConfirmation, { type: "password" }),
          autoComplete: "new-password",
        }}
      />
    </>
  );
}
