import { Form } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { CheckboxField } from "~/components/ui/checkbox";
import { ErrorList, type ListOfErrors } from "~/components/ui/forms";
import { scaleColors, type LevelName } from "../scales";

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

/** The archive (or, in the archived view, restore) button of a row in the criteria book or the sets list. */
export function ArchiveButton({ id, name, archived }: { id: string; name: string; archived: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={archived ? "restore" : "archive"}
        className="underline"
        aria-label={t(archived ? "criteria:book.restoreOne" : "criteria:book.archiveOne", { name })}
      >
        {t(archived ? "criteria:book.restore" : "criteria:book.archive")}
      </button>
    </Form>
  );
}
