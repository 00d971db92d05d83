import type { TFunction } from "i18next";

/**
 * "<page> · <app name>", translated on the server so the title is right without JavaScript. A page named like
 * the app (team development) is not named twice.
 */
export function pageTitle(t: TFunction, key: string): string {
  const page = t(key);
  const app = t("common:appName");
  return page === app ? app : `${page} · ${app}`;
}

/** "<name> · <tab> · <app name>": the title of one tab of a detail page (an employee, a team). */
export function detailPageTitle(t: TFunction, name: string, tabKey: string): string {
  return `${name} · ${pageTitle(t, tabKey)}`;
}
