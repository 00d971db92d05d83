import { useId, type InputHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { ErrorList, type ListOfErrors } from "~/components/ui/forms";
import { scaleColors, type LevelName } from "../scales";

export function TextareaField({
  label,
  hint,
  errors,
  textareaProps,
}: {
  label: string;
  hint?: string;
  errors?: ListOfErrors;
  textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
}) {
  const fallbackId = useId();
  const id = textareaProps.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <textarea
        {...textareaProps}
        id={id}
        rows={textareaProps.rows ?? 3}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={`mt-1 block w-full max-w-xl rounded border px-3 py-2 ${errorId ? "border-2 border-danger" : "border-gray-400"}`}
      />
      <ErrorList id={errorId} errors={errors} label={label} />
    </div>
  );
}

export function CheckboxField({
  label,
  inputProps,
}: {
  label: string;
  inputProps: InputHTMLAttributes<HTMLInputElement>;
}) {
  const fallbackId = useId();
  const id = inputProps.id ?? fallbackId;
  return (
    <div className="mb-2 flex items-center gap-2">
      <input type="checkbox" {...inputProps} id={id} className="h-5 w-5" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** A fieldset of checkboxes sharing one name (ids); the legend names the group. */
export function CheckboxGroup({
  legend,
  name,
  options,
  selected,
  errors,
  hint,
}: {
  legend: string;
  name: string;
  options: { value: string; label: string }[];
  selected: readonly string[];
  errors?: ListOfErrors;
  hint?: string;
}) {
  const id = useId();
  return (
    <fieldset className="mb-4" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="font-medium">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 max-h-72 overflow-y-auto">
        {options.map((o) => (
          <CheckboxField
            key={o.value}
            label={o.label}
            inputProps={{ id: `${id}-${o.value}`, name, value: o.value, defaultChecked: selected.includes(o.value) }}
          />
        ))}
      </div>
      <ErrorList errors={errors} label={legend} />
    </fieldset>
  );
}

/** A level's colour swatch with its name beside it: never colour alone. */
export function LevelSwatch({ level, label }: { level: LevelName | "notRated"; label: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="inline-block h-4 w-4 rounded-sm border border-ink"
        style={{ backgroundColor: scaleColors[level] }}
      />
      <span>{label}</span>
    </span>
  );
}
