import { Form } from "@remix-run/react";
import { AppLink } from "../app-link";
import { useTranslation } from "react-i18next";

/**
 * Tabs are links (aria-current on the open one). On small screens they collapse to a select in a GET form
 * whose target route redirects to the chosen tab, so it works without JavaScript. `keep` carries query
 * parameters (filters) from tab to tab.
 */
export function Tabs({
  label,
  baseHref,
  current,
  tabs,
  keep = {},
}: {
  label: string;
  baseHref: string;
  current: string;
  tabs: { key: string; label: string }[];
  keep?: Record<string, string | null | undefined>;
}) {
  const { t } = useTranslation();
  const kept = Object.entries(keep).filter((e): e is [string, string] => Boolean(e[1]));
  const query = kept.length ? `?${new URLSearchParams(kept).toString()}` : "";
  return (
    <div className="no-print mb-6">
      <nav aria-label={label} className="hidden border-b sm:block">
        <ul className="flex gap-1">
          {tabs.map((tab) => (
            <li key={tab.key}>
              <AppLink
                href={`${baseHref}/${tab.key}${query}`}
                aria-current={tab.key === current ? "page" : undefined}
                className={`block border-b-2 px-4 py-2 no-underline ${
                  tab.key === current ? "border-brand-700 font-semibold text-brand-800" : "border-transparent text-ink"
                }`}
              >
                {tab.label}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" action={baseHref} className="flex items-end gap-2 sm:hidden">
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div>
          <label htmlFor="tab-select" className="block text-sm font-medium">
            {label}
          </label>
          <select
            id="tab-select"
            name="tab"
            defaultValue={current}
            className="mt-1 rounded border border-gray-400 bg-white px-2 py-1"
          >
            {tabs.map((tab) => (
              <option key={tab.key} value={tab.key}>
                {tab.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded border border-gray-400 bg-white px-3 py-1">
          {t("common:tabs.open")}
        </button>
      </Form>
    </div>
  );
}
