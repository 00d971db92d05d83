import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LabelledSelect, type SelectOption } from "~/components/ui/forms";

const controlClass = "rounded border border-gray-400 bg-white px-2 py-1 text-sm";

/** The first link of every layout: jumps past the header to `#main` for keyboard and screen-reader users. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
    >
      {t("common:skipToContent")}
    </a>
  );
}

/**
 * A header switch (cluster, language): one select applied by its button, a plain POST so it works without
 * JavaScript. `hidden` are the form's hidden fields (where to return to).
 */
export function SwitchForm({
  action,
  id,
  name,
  label,
  value,
  options,
  submitLabel,
  hidden = {},
  reloadDocument,
}: {
  action: string;
  id: string;
  name: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  submitLabel: string;
  hidden?: Record<string, string>;
  /** A full page load, for a switch that changes what the root renders (the language). */
  reloadDocument?: boolean;
}) {
  return (
    <Form method="post" action={action} className="flex items-center gap-2" reloadDocument={reloadDocument}>
      {Object.entries(hidden).map(([field, v]) => (
        <input key={field} type="hidden" name={field} value={v} />
      ))}
      <LabelledSelect
        id={id}
        name={name}
        label={label}
        labelClassName="text-sm"
        defaultValue={value}
        className={controlClass}
        options={options}
      />
      <button type="submit" className={controlClass}>
        {submitLabel}
      </button>
    </Form>
  );
}

/** A header action that is a single POST button (log out, stop logging in as someone). */
export function PostButton({ action, children }: { action: string; children: ReactNode }) {
  return (
    <Form method="post" action={action}>
      <button type="submit" className={controlClass}>
        {children}
      </button>
    </Form>
  );
}
