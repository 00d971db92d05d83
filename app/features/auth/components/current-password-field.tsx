import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { Field } from "~/components/ui/forms";

/** The signed-in user's present password, asked before a change that needs it (a new password, 2FA off). */
export function CurrentPasswordField({ field, label }: { field: FieldMetadata<unknown>; label: string }) {
  return (
    <Field
      label={label}
      errors={field.errors}
      inputProps={{ ...getInputProps(field, { type: "password" }), autoComplete: "current-password" }}
    />
  );
}
