import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/forms";

/** A fieldset of module checkboxes and one save button; works without JavaScript. */
export function ModuleCheckboxes({
  legend,
  available,
  checked,
  submitLabel,
  hidden,
  error,
}: {
  legend: string;
  available: readonly string[];
  checked: readonly string[];
  submitLabel: string;
  hidden?: Record<string, string>;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const on = new Set(checked);
  return (
    <Form method="post" className="rounded bg-white p-6 shadow-sm">
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <fieldset className="mb-4">
        <legend className="mb-2 text-lg font-semibold">{legend}</legend>
        {available.length === 0 ? <p>{t("account:modules.noneAvailable")}</p> : null}
        {available.map((key) => (
          <label key={key} className="mt-1 flex items-center gap-2">
            <input type="checkbox" name="modules" value={key} defaultChecked={on.has(key)} />
            {t(`account:modules.names.${key}`)}
          </label>
        ))}
        {error ? <p className="mt-2 font-medium text-danger">{t(error)}</p> : null}
      </fieldset>
      <Button>{submitLabel}</Button>
    </Form>
  );
}
