import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, LabelledSelect, type SelectOption } from "./forms";

export type FilterOption = SelectOption;
/** Options under a heading (an `<optgroup>`). */
export type FilterOptionGroup = { label: string; options: readonly FilterOption[] };

/** `compact` is the small style of filters that sit beside tabs or a results page. */
type Size = { compact?: boolean };

const labelClass = ({ compact }: Size) => (compact ? "block text-sm font-medium" : "block font-medium");
const controlClass = ({ compact }: Size) =>
  `mt-1 block rounded border border-gray-400 bg-white ${compact ? "px-2 py-1" : "px-3 py-2"}`;

/** The compact filters' look for a LabelledSelect outside a FilterForm (the bulk action under a filtered list). */
export const compactSelectStyle = {
  labelClassName: labelClass({ compact: true }),
  className: controlClass({ compact: true }),
};

/**
 * The GET form above a list: filters are query parameters, so a filtered list is a link, survives a reload
 * and works without JavaScript (the submit button is always there). `keep` carries parameters the form
 * has no field for (sort, an open round); empty ones are left out, as the loaders treat them as unset.
 */
export function FilterForm({
  submitLabel,
  keep = {},
  children,
  after,
  className = "mt-6 flex flex-wrap items-end gap-4 rounded bg-white p-4 shadow-sm",
  action,
  role,
  label,
}: {
  submitLabel: string;
  keep?: Record<string, string | null | undefined>;
  children: ReactNode;
  /** After the submit button, e.g. a link that clears the filters. */
  after?: ReactNode;
  className?: string;
  action?: string;
  role?: "search";
  /** Names the form for assistive technology when a page has more than one. */
  label?: string;
}) {
  return (
    <Form method="get" action={action} className={className} role={role} aria-label={label}>
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      {children}
      <Button variant="secondary">{submitLabel}</Button>
      {after}
    </Form>
  );
}

/**
 * A labelled select inside a FilterForm. An empty `allLabel` option comes first when given (the filter is
 * off); the value comes from the parsed filter, so the select shows what the list shows.
 */
export function FilterSelect({
  id,
  name,
  label,
  value,
  options,
  groups = [],
  allLabel,
  compact,
}: {
  id: string;
  name: string;
  label: string;
  value: string | number | null | undefined;
  options: readonly FilterOption[];
  groups?: readonly FilterOptionGroup[];
  allLabel?: string;
  compact?: boolean;
}) {
  return (
    <div className="min-w-0 max-w-full">
      <LabelledSelect
        id={id}
        name={name}
        label={label}
        labelClassName={labelClass({ compact })}
        defaultValue={value ?? ""}
        className={controlClass({ compact })}
        placeholder={allLabel}
        options={options}
      >
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {g.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </optgroup>
        ))}
      </LabelledSelect>
    </div>
  );
}

/** A labelled date inside a FilterForm (yyyy-mm-dd in the query; a browser without a date picker types it). */
export function FilterDate({ id, name, label, value }: { id: string; name: string; label: string; value: string }) {
  return (
    <div className="min-w-0 max-w-full">
      <label htmlFor={id} className={labelClass({})}>
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={value} className={controlClass({})} />
    </div>
  );
}

/** A labelled search box inside a FilterForm (or a people search); `hint` is read with the field. */
export function FilterSearch({
  id,
  name = "q",
  label,
  value,
  hint,
  compact,
  type = "search",
}: {
  id: string;
  name?: string;
  label: string;
  value: string | null | undefined;
  hint?: string;
  compact?: boolean;
  /** Some searches have always been plain text boxes; kept so their markup does not change. */
  type?: "search" | "text";
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className="min-w-0 max-w-full">
      <label htmlFor={id} className={labelClass({ compact })}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value ?? ""}
        aria-describedby={hintId}
        className={controlClass({ compact })}
      />
      {hint ? (
        <span id={hintId} className="block text-sm text-ink-muted">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
