import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type DefaultValue,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { $ZodType, input, output } from "zod/v4/core";
import { readErrorKey } from "~/utils/error-key";

/** An error key put into words, with the values it carries itself (`errorKeyWithValues`) over `values`. */
export function errorText(t: TFunction, error: string, values?: Record<string, string | number>) {
  const own = readErrorKey(error);
  return t(own.key, { ...values, ...own.values });
}

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

/**
 * Errors are i18n keys (see *.schema.ts). `{{name}}` in a message becomes the field's label,
 * so 'validation:required' reads "Voornaam is verplicht".
 */
export function ErrorList({
  id,
  errors,
  label,
  values,
}: {
  id?: string;
  errors?: ListOfErrors;
  label?: string;
  /** What the messages interpolate besides the field's name (a limit, say). */
  values?: Record<string, string | number>;
}) {
  const { t } = useTranslation();
  const messages = (errors ?? []).filter((e): e is string => Boolean(e));
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-1">
      {messages.map((error) => (
        <li key={error} className="text-sm font-medium text-danger">
          {errorText(t, error, { name: label ?? "", ...values })}
        </li>
      ))}
    </ul>
  );
}

type Input = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
type Control =
  | { inputProps: Input; textareaProps?: never; selectProps?: never; options?: never }
  | {
      textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement>;
      inputProps?: never;
      selectProps?: never;
      options?: never;
    }
  | {
      selectProps: SelectHTMLAttributes<HTMLSelectElement>;
      options: { value: string; label: string }[];
      inputProps?: never;
      textareaProps?: never;
    };

export type FieldProps = Control & {
  label: string;
  hint?: ReactNode;
  errors?: ListOfErrors;
  /** Interpolations of the error messages (ErrorList's `values`). */
  errorValues?: Record<string, string | number>;
  className?: string;
};

/**
 * The one form field: label above, hint under the label, the control, errors under it (GOV.UK's order).
 * The control is an input, a textarea or a select; the ids that tie hint and errors to it are the same for all.
 */
export function Field({ label, hint, errors, errorValues, className, ...control }: FieldProps) {
  const fallbackId = useId();
  const id = (control.inputProps ?? control.textareaProps ?? control.selectProps).id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const aria = {
    id,
    "aria-invalid": errorId ? true : undefined,
    "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
  };
  const border = errorId ? "border-2 border-danger" : "border-gray-400";
  return (
    <div className={className ?? "mb-4"}>
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {control.selectProps ? (
        <select
          {...control.selectProps}
          {...aria}
          className={`mt-1 block w-full max-w-md rounded border bg-white px-3 py-2 ${border}`}
        >
          {control.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : control.textareaProps ? (
        <textarea
          {...control.textareaProps}
          {...aria}
          rows={control.textareaProps.rows ?? 3}
          className={`mt-1 block w-full max-w-xl rounded border px-3 py-2 ${border}`}
        />
      ) : (
        <input
          {...control.inputProps}
          {...aria}
          className={`mt-1 block w-full max-w-md rounded border px-3 py-2 ${border}`}
        />
      )}
      <ErrorList id={errorId} errors={errors} label={label} values={errorValues} />
    </div>
  );
}

export type SelectOption = { value: string; label: string };

/**
 * A label and a plain select of `options` (outside conform: filters, switches, bulk actions); the other select
 * attributes pass through. `placeholder` is an empty first option; `children` come after the options.
 */
export function LabelledSelect({
  id,
  label,
  labelClassName,
  options,
  placeholder,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  id: string;
  label: ReactNode;
  labelClassName: string;
  options: readonly SelectOption[];
  placeholder?: string;
}) {
  return (
    <>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <select id={id} {...select}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </>
  );
}

/** A conform field's metadata, whatever its value's type: the fields below take their id, name and errors from it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldMeta = FieldMetadata<any, any, string[]>;

type ConformFieldProps = { meta: FieldMeta; label: string; hint?: ReactNode; className?: string };

/** What a conform field hands to `Field` besides its control. */
function conformField({ meta, label, hint, className }: ConformFieldProps) {
  return { label, hint, className, errors: meta.errors };
}

/**
 * `Field` with a text-like input for a conform field: `<InputField meta={fields.fte} label={…} inputMode="decimal" />`.
 * Other input attributes (autoComplete, inputMode, min, …) are passed through.
 */
export function InputField({
  meta,
  label,
  hint,
  className,
  type = "text",
  ...input
}: ConformFieldProps &
  Omit<Input, "type" | "id" | "name"> & { type?: "text" | "email" | "password" | "number" | "url" | "tel" }) {
  return (
    <Field
      {...conformField({ meta, label, hint, className })}
      inputProps={{ ...getInputProps(meta, { type }), ...input }}
    />
  );
}

/** A date entered as dd-MM-yyyy text (never the browser's date input), with the dd-mm-jjjj placeholder. */
export function DateInputField(props: ConformFieldProps) {
  const { t } = useTranslation();
  return <InputField {...props} placeholder={t("common:form.datePlaceholder")} />;
}

/** `Field` with a select for a conform field; `options` in the order shown. */
export function SelectInputField({ options, ...field }: ConformFieldProps & { options: SelectOption[] }) {
  return <Field {...conformField(field)} selectProps={getSelectProps(field.meta)} options={options} />;
}

/** `Field` with a textarea for a conform field (3 rows unless `rows` says otherwise). */
export function TextareaInputField({ rows, ...field }: ConformFieldProps & { rows?: number }) {
  const textareaProps = getTextareaProps(field.meta);
  return <Field {...conformField(field)} textareaProps={rows ? { ...textareaProps, rows } : textareaProps} />;
}

/**
 * conform's `useForm` for a zod schema, set up as every form here is: the schema's constraints, validated on
 * submit, revalidated as the user types, the same parse as the server's.
 */
export function useZodForm<Schema extends $ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: DefaultValue<input<Schema>>;
  },
) {
  const constraint = getZodConstraint(schema);
  const [form, fields] = useForm<input<Schema>, output<Schema>>({
    ...options,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // conform re-renders a form only for the state its own render read. The fields above read errors in
  // child components, which after hydration did not re-render the form; reading them here, as the forms did
  // before these components, keeps every error on screen.
  void form.errors;
  for (const name of Object.keys(constraint)) void (fields as Record<string, FieldMeta>)[name]?.errors;
  return [form, fields] as const;
}

/** GOV.UK error summary: focusable, at the top of the form, linking to each field in error. */
export function ErrorSummary({
  formErrors,
  formErrorValues,
  fieldErrors,
}: {
  formErrors?: ListOfErrors;
  /** What the form's own messages interpolate (a selection limit's count and type, say). */
  formErrorValues?: Record<string, string | number>;
  /** `values`: what the field's messages interpolate besides its name (as `Field`'s `errorValues`). */
  fieldErrors?: { id: string; label: string; errors?: ListOfErrors; values?: Record<string, string | number> }[];
}) {
  const { t } = useTranslation();
  const fields = (fieldErrors ?? []).filter((f) => f.errors?.some(Boolean));
  const general = (formErrors ?? []).filter((e): e is string => Boolean(e));
  if (fields.length === 0 && general.length === 0) return null;
  return (
    <div role="alert" tabIndex={-1} className="mb-6 rounded border-2 border-danger bg-danger-bg p-4">
      <h2 className="text-lg font-semibold">{t("common:form.errorSummary")}</h2>
      <ul className="mt-2 space-y-1">
        {general.map((error) => (
          <li key={error} className="font-medium text-danger">
            {errorText(t, error, formErrorValues)}
          </li>
        ))}
        {fields.map((f) => (
          <li key={f.id}>
            <a href={`#${f.id}`} className="font-medium text-danger underline">
              {errorText(t, f.errors!.find(Boolean)!, { name: f.label, ...f.values })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The error summary of a conform form: the form's errors, then each labelled field's, in the order of `labels`.
 */
export function FormErrorSummary<Labels extends Record<string, string>>({
  form,
  fields,
  labels,
  values,
}: {
  form: { errors?: ListOfErrors };
  fields: { [Name in keyof Labels]: { id: string; errors?: ListOfErrors } };
  labels: Labels;
  /** Per field, what its messages interpolate besides its name. */
  values?: { [Name in keyof Labels]?: Record<string, string | number> };
}) {
  return (
    <ErrorSummary
      formErrors={form.errors}
      fieldErrors={Object.keys(labels).map((name) => ({
        id: fields[name].id,
        label: labels[name],
        errors: fields[name].errors,
        values: values?.[name],
      }))}
    />
  );
}

export function Button({
  children,
  variant = "primary",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "secondary" | "danger" }) {
  const styles = {
    primary: "bg-brand-700 text-white hover:bg-brand-800",
    secondary: "border border-gray-400 bg-white text-ink hover:bg-gray-50",
    danger: "bg-danger text-white hover:opacity-90",
  }[variant];
  return (
    <button type="submit" {...props} className={`rounded px-4 py-2 font-medium ${styles} ${props.className ?? ""}`}>
      {children}
    </button>
  );
}
