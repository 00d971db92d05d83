import { ErrorList, type ListOfErrors } from "~/components/ui/forms";

/**
 * A fieldset of checkboxes sharing one name; errors under the legend's group, linked with
 * aria-describedby, and an id on the fieldset so an error summary can link to it.
 */
export function CheckboxList({
  id,
  legend,
  hint,
  name,
  options,
  selected,
  errors,
}: {
  id: string;
  legend: string;
  hint?: string;
  name: string;
  options: { value: string; label: string }[];
  selected: readonly string[];
  errors?: ListOfErrors;
}) {
  const errorId = errors?.some(Boolean) ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <fieldset id={id} className="mb-4" aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}>
      <legend className="font-medium">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} label={legend} />
      <div className={`mt-2 max-h-80 overflow-y-auto ${errorId ? "border-l-4 border-danger pl-3" : ""}`}>
        {options.map((o) => (
          <div key={o.value} className="mb-2 flex items-center gap-2">
            <input
              type="checkbox"
              id={`${id}-${o.value}`}
              name={name}
              value={o.value}
              defaultChecked={selected.includes(o.value)}
              className="h-5 w-5"
            />
            <label htmlFor={`${id}-${o.value}`}>{o.label}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
