import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { ErrorList, type ListOfErrors } from "./forms";

/** A checkbox with its label beside it and errors under it (GOV.UK order). */
export function CheckboxField({
  label,
  errors,
  inputProps,
}: {
  label: ReactNode;
  errors?: ListOfErrors;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="mb-3">
      <div className="flex items-start gap-2">
        <input
          {...inputProps}
          id={id}
          type="checkbox"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="mt-1 h-4 w-4"
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
