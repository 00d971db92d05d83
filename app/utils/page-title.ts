import type { TFunction } from "i18next";

/** "<page> · <app name>", translated on the server so the title is right without JavaScript. */
export function pageTitle(t: TFunction, key: string): string {
  return `${t(key)} · ${t("common:appName")}`;
}

/** "<name> · <tab> · <app name>": the title of one tab of a detail page (an employee, a team). */
export function detailPageTitle(t: TFunction, name: string, tabKey: string): string {
  return `${name} · ${pageTitle(t, tabKey)}`;
}
